/**
 * Reading a status page through the StatusService: every page of a collection, and the part of the page a
 * --component names (that component, everything below it, and the notices impacting them). The states
 * are decided by the core's rules, so the CLI and the server cannot disagree.
 */
import { deriveState, noticeImpacts, subtreeIds } from '../../../core/status/rules.js';
import type { NoticeQuery, StatusCollection, StatusService } from '../../../core/status/status-service.js';
import type { PageState, StatusComponent, StatusNotice, StatusPage } from '../../../core/status/types.js';
import { CliError, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';

/** Every item of a collection, page after page (stopping at an empty page, whatever meta says). */
export async function allItems<T>(fetch: (page: number) => Promise<StatusCollection<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const result = await fetch(page);
    items.push(...result.items);
    if (!result.hasNext || result.items.length === 0) return items;
  }
}

export const allComponents = (service: Pick<StatusService, 'listComponents'>) =>
  allItems((page) => service.listComponents({ page }));

export const allNotices = (service: StatusService, query: NoticeQuery = {}) =>
  allItems((page) => service.listNotices({ ...query, page }));

/**
 * A component by id, else by name (case-insensitive); unknown is exit 3, an ambiguous name exit 2. `what`
 * names the flag or argument in messages.
 */
export function findComponent(
  components: StatusComponent[],
  key: string,
  what = '--component',
): StatusComponent {
  const text = key.trim();
  if (/^\d+$/.test(text)) {
    const byId = components.find((component) => component.id === Number(text));
    if (byId) return byId;
  }
  const named = components.filter((component) => component.name.toLowerCase() === text.toLowerCase());
  if (named.length === 1) return named[0] as StatusComponent;
  if (named.length > 1) {
    throw new UsageError(
      `${what}: ${named.length} components are named ${key} (ids ${named.map((c) => c.id).join(', ')}); name one by id`,
    );
  }
  const names = components.map((component) => component.name);
  const known =
    names.length === 0
      ? 'the status page has no components'
      : `its components: ${names.slice(0, 10).join(', ')}${names.length > 10 ? ', ...' : ''}`;
  throw new CliError(`${what}: no component ${key} on the status page (${known})`, ExitCode.notFound);
}

/** A part of the page: a component and everything below it. */
export interface Scope {
  root: StatusComponent;
  ids: Set<number>;
}

export function scopeOf(components: StatusComponent[], key: string): Scope {
  const root = findComponent(components, key);
  return { root, ids: subtreeIds(components, root.id) };
}

/**
 * The notices impacting a scope (rules.noticeImpacts), read in detail one by one: the list form does not
 * name components.
 */
export async function noticesIn(
  service: StatusService,
  notices: StatusNotice[],
  scope: Scope,
): Promise<StatusNotice[]> {
  const impacting: StatusNotice[] = [];
  for (const notice of notices) {
    const detail = await service.getNotice(notice.id);
    if (
      noticeImpacts(
        detail.components.map((c) => c.id),
        scope.ids,
      )
    ) {
      impacting.push(notice);
    }
  }
  return impacting;
}

/** What `--check` looks at: the state and what makes it so. */
export interface Assessment {
  state: PageState;
  /** The --component the check was narrowed to, if any. */
  root: StatusComponent | null;
  /** Components in scope. */
  components: StatusComponent[];
  /** Present notices in scope. */
  notices: StatusNotice[];
}

/**
 * The state of the page, or of a component's subtree. The page's own state is the server's; a subtree's
 * is derived from its components and the present notices impacting them. `details` false skips reading
 * components and notices where the state alone is wanted (the polls of `wait`).
 */
export async function assess(
  service: StatusService,
  component: string | undefined,
  details = true,
): Promise<Assessment> {
  if (component === undefined) {
    const page: StatusPage = await service.page();
    if (!details) return { state: page.state, root: null, components: [], notices: [] };
    return {
      state: page.state,
      root: null,
      components: await allComponents(service),
      notices: await allNotices(service, { timeline_state_eq: 'present' }),
    };
  }
  const components = await allComponents(service);
  const scope = scopeOf(components, component);
  const scoped = components.filter((c) => scope.ids.has(c.id));
  const notices = await noticesIn(
    service,
    await allNotices(service, { timeline_state_eq: 'present' }),
    scope,
  );
  return {
    state: deriveState(
      scoped.map((c) => c.state),
      notices,
    ),
    root: scope.root,
    components: scoped,
    notices,
  };
}
