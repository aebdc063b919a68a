/**
 * The status page's administration as a credential reaches it over HTTP (/api/v2/status): administrators
 * only (403 for anyone else), and a read-scope credential may only read the components.
 */
import { ForbiddenError } from '../errors.js';
import type { ServiceContext } from '../service-context.js';
import type { StatusAdmin } from './status-service.js';

/** Checks the caller before every call of `admin`. */
export function administratorsOnly(admin: StatusAdmin, caller: ServiceContext): StatusAdmin {
  const check = async (writes: boolean) => {
    if (writes) caller.requireScope('write');
    const viewer = await caller.viewer();
    if (!viewer.person.administrator) {
      throw new ForbiddenError('only administrators may administer the status page');
    }
  };
  return {
    listComponents: async (query) => (await check(false), admin.listComponents(query)),
    setPage: async (input) => (await check(true), admin.setPage(input)),
    addComponent: async (input) => (await check(true), admin.addComponent(input)),
    setComponentState: async (id, state) => (await check(true), admin.setComponentState(id, state)),
    moveComponent: async (id, position) => (await check(true), admin.moveComponent(id, position)),
    addNotice: async (input) => (await check(true), admin.addNotice(input)),
    updateNotice: async (id, input) => (await check(true), admin.updateNotice(id, input)),
  };
}
