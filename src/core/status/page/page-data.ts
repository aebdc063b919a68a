/**
 * What the HTML status page shows, read through the public StatusService: the page, every component,
 * every notice (the history needs them all), and the notices under way in detail (their updates, and the
 * components they impact). Reading is here; rendering (render.ts) is a pure function of this and a clock.
 */
import type { StatusCollection, StatusService } from '../status-service.js';
import type { StatusComponent, StatusNotice, StatusNoticeDetail, StatusPage } from '../types.js';

export interface StatusPageData {
  page: StatusPage;
  /**
   * The path the page is served at, without a trailing slash: /status on the main listener (behind a
   * path prefix, e.g. /pulse/status), empty at the root of a listener of its own. Links are made under it.
   */
  root: string;
  /** In display order (position). */
  components: StatusComponent[];
  /** Every notice, newest first. */
  notices: StatusNotice[];
  /** Unresolved incidents and maintenance underway, newest first, each with all its updates. */
  active: StatusNoticeDetail[];
}

export interface IncidentPageData {
  page: StatusPage;
  root: string;
  notice: StatusNoticeDetail;
}

/** Every item of a paged collection, page after page. */
async function everyItem<T>(read: (page: number) => Promise<StatusCollection<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1, more = true; more; page++) {
    const collection = await read(page);
    items.push(...collection.items);
    more = collection.hasNext;
  }
  return items;
}

/**
 * The page's path, from the interface's own link (…/api/v1/components): it follows the status URL the
 * server was given, where the page's `url` may name any address the operator chose.
 */
export function rootOf(page: StatusPage): string {
  return page.links.components.href.replace(/\/api\/v1\/components$/, '');
}

export async function loadStatusPageData(service: StatusService): Promise<StatusPageData> {
  const [page, components, notices] = await Promise.all([
    service.page(),
    everyItem((page) => service.listComponents({ page })),
    everyItem((page) => service.listNotices({ page })),
  ]);
  const active = await Promise.all(
    notices
      .filter((notice) => notice.timeline_state === 'present')
      .map((notice) => service.getNotice(notice.id)),
  );
  return { page, root: rootOf(page), components, notices, active };
}

/** A notice's page: NotFoundError (from the service) for an id that names none. */
export async function loadIncidentPageData(
  service: StatusService,
  id: string | number,
): Promise<IncidentPageData> {
  const [page, notice] = await Promise.all([service.page(), service.getNotice(id)]);
  return { page, root: rootOf(page), notice };
}
