/**
 * What the feeds and the badge show, read through the public StatusService, so they say what the JSON
 * interface says: the notices of the Atom feed, the planned ones of the calendar, and the state a badge
 * names.
 */
import { BadRequestError } from '../../errors.js';
import type { StatusService } from '../status-service.js';
import type { StatusComponent, StatusNoticeDetail } from '../types.js';
import { type Badge, stateBadge, UNKNOWN_COLOUR } from './badge.js';

/** The newest page of notices (25, newest first as the interface lists them), each with every update. */
export async function feedNotices(service: StatusService): Promise<StatusNoticeDetail[]> {
  const newest = await service.listNotices();
  return Promise.all(newest.items.map((notice) => service.getNotice(notice.id)));
}

/** Every planned notice, past and future, each with every update. */
export async function plannedNotices(service: StatusService): Promise<StatusNoticeDetail[]> {
  const planned: StatusNoticeDetail[] = [];
  for (let page = 1, more = true; more; page++) {
    const listed = await service.listNotices({ type_eq: 'planned', page });
    planned.push(...(await Promise.all(listed.items.map((notice) => service.getNotice(notice.id)))));
    more = listed.hasNext;
  }
  return planned;
}

/** The component a badge names: the first of that name in display order (names need not be unique). */
async function componentNamed(service: StatusService, name: string): Promise<StatusComponent | undefined> {
  for (let page = 1, more = true; more; page++) {
    const listed = await service.listComponents({ page });
    const found = listed.items.find((component) => component.name === name);
    if (found) return found;
    more = listed.hasNext;
  }
  return undefined;
}

/**
 * The `component` parameter of /badge.svg: absent (the page's badge) or one name. Other parameters are
 * left alone: badge URLs often carry a cache-buster.
 */
export function badgeComponent(query: Record<string, unknown>): string | undefined {
  const value = query.component;
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new BadRequestError(['component must be given once, as the name of a component']);
  }
  return value;
}

/**
 * The badge of the page ("status" and its state) or of the named component (its name and state); an
 * unknown name makes a grey badge saying so, sent with a 404.
 */
export async function readBadge(
  service: StatusService,
  component: string | undefined,
): Promise<{ found: boolean; badge: Badge }> {
  if (component === undefined)
    return { found: true, badge: stateBadge('status', (await service.page()).state) };
  const named = await componentNamed(service, component);
  if (!named)
    return {
      found: false,
      badge: { label: component, message: 'unknown component', colour: UNKNOWN_COLOUR },
    };
  return { found: true, badge: stateBadge(named.name, named.state) };
}
