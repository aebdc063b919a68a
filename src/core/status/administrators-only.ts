/**
 * The status page's administration as a credential reaches it over HTTP (/api/v2/status): administrators
 * only (403 for anyone else), and a read-scope credential may only read the components.
 */
import { ForbiddenError } from '../errors.js';
import type { ServiceContext } from '../service-context.js';
import type { StatusAdmin } from './status-service.js';

/** Checks the caller before every call of `admin`. */
export function administratorsOnly(admin: StatusAdmin, caller: ServiceContext): StatusAdmin {
  /** The call, once the caller may make it: administrators only, writes with a write scope. */
  const checked = async <T>(writes: boolean, call: () => Promise<T>): Promise<T> => {
    if (writes) caller.requireScope('write');
    const viewer = await caller.viewer();
    if (!viewer.person.administrator) {
      throw new ForbiddenError('only administrators may administer the status page');
    }
    return call();
  };
  return {
    listComponents: (query) => checked(false, () => admin.listComponents(query)),
    setPage: (input) => checked(true, () => admin.setPage(input)),
    addComponent: (input) => checked(true, () => admin.addComponent(input)),
    setComponentState: (id, state) => checked(true, () => admin.setComponentState(id, state)),
    moveComponent: (id, position) => checked(true, () => admin.moveComponent(id, position)),
    addNotice: (input) => checked(true, () => admin.addNotice(input)),
    updateNotice: (id, input) => checked(true, () => admin.updateNotice(id, input)),
    // Webhooks carry secrets and URLs that may be credentials: even listing them takes a write scope.
    addWebhook: (input) => checked(true, () => admin.addWebhook(input)),
    listWebhooks: () => checked(true, () => admin.listWebhooks()),
    removeWebhook: (id) => checked(true, () => admin.removeWebhook(id)),
    listDeliveries: (query) => checked(true, () => admin.listDeliveries(query)),
  };
}
