/**
 * The status serializer layer: stored rows into the documented shapes (paths relative to the deployment's
 * origin), and their envelope on the wire both ways (statusRepresentation).
 */
import type { Representation } from '../endpoints/define.js';
import { keyOf, malformed, unwrap } from '../endpoints/wrapped.js';
import { wireTime } from '../time.js';
import type { ComponentRow, NoticeRow, NoticeUpdateRow } from './repository.js';
import { timelineState } from './rules.js';
import type { StatusCollection } from './status-service.js';
import type { NoticeUpdate, StatusComponent, StatusNotice, StatusNoticeDetail } from './types.js';

/**
 * Where the page lives: its status URL (`{public_url}/status` on the main listener, or the root of a
 * listener or host of its own, e.g. https://status.example.com), with the interface at /api/v1 under it.
 * Links and next_page are paths, so they begin with /api/ where the page is served at the root.
 */
export class StatusUrls {
  constructor(private readonly statusUrl: () => string) {}

  /** The status URL without a trailing slash. */
  base(): string {
    return this.statusUrl().replace(/\/+$/, '');
  }

  /** The interface's path: /status/api/v1, /api/v1 at a root, /pulse/status/api/v1 behind a path prefix. */
  apiPath(): string {
    return `${new URL(this.base()).pathname.replace(/\/+$/, '')}/api/v1`;
  }

  /** The page people read by default: the status URL itself. */
  pageUrl(): string {
    return this.base();
  }

  noticePath(id: number): string {
    return `${this.apiPath()}/notices/${id}`;
  }

  noticeUrl(id: number): string {
    return `${this.base()}/api/v1/notices/${id}`;
  }
}

export function serializeComponent(row: ComponentRow): StatusComponent {
  return {
    id: row.id,
    state: row.state,
    name: row.name,
    description: row.description,
    parent_id: row.parent_id,
    position: row.position,
    created_at: wireTime(row.created_at),
    updated_at: wireTime(row.updated_at),
  };
}

export function serializeUpdate(row: NoticeUpdateRow): NoticeUpdate {
  return {
    id: row.id,
    state: row.state,
    content: row.content,
    created_at: wireTime(row.created_at),
    updated_at: wireTime(row.updated_at),
  };
}

/** The fields both forms share, in the document's order (JSON keeps insertion order). */
function summaryOf(row: NoticeRow, now: Date) {
  return {
    id: row.id,
    type: row.type,
    timeline_state: timelineState(row.state, row.ended_at, now),
    state: row.state,
    subject: row.subject,
    // The scheduled window: planned notices only.
    ...(row.type === 'planned' && row.begins_at && row.ends_at
      ? { begins_at: wireTime(row.begins_at), ends_at: wireTime(row.ends_at) }
      : {}),
    began_at: wireTime(row.began_at),
    ended_at: wireTime(row.ended_at),
  };
}

function timesOf(row: NoticeRow) {
  return { created_at: wireTime(row.created_at), updated_at: wireTime(row.updated_at) };
}

export function serializeNotice(
  row: NoticeRow,
  latest: NoticeUpdateRow,
  urls: StatusUrls,
  now: Date,
): StatusNotice {
  return {
    ...summaryOf(row, now),
    latest_update: serializeUpdate(latest),
    url: urls.noticeUrl(row.id),
    links: { self: urls.noticePath(row.id) },
    ...timesOf(row),
  };
}

export function serializeNoticeDetail(
  row: NoticeRow,
  components: ComponentRow[],
  updates: NoticeUpdateRow[],
  urls: StatusUrls,
  now: Date,
): StatusNoticeDetail {
  return {
    ...summaryOf(row, now),
    components: components.map(serializeComponent),
    updates: updates.map(serializeUpdate),
    url: urls.noticeUrl(row.id),
    ...timesOf(row),
  };
}

const INTERFACE = 'a status interface';

/** A collection's `meta`, as the document names it. */
interface Meta {
  count: number;
  total_count: number;
  next_page: string | null;
}

function isCollection(value: unknown): value is StatusCollection<unknown> {
  return value !== null && typeof value === 'object' && 'items' in value && 'totalCount' in value;
}

/**
 * The status envelope: a resource under its name (`{"notice": {...}}`), a page of a collection under its
 * plural with the document's `meta` (no Link header: `meta.next_page` leads on). The client reads the
 * page's number from the query it sent (the server accepted it, so it is a whole number).
 */
export const statusRepresentation: Representation = {
  write(endpoint, value) {
    const key = keyOf(endpoint);
    if (endpoint.shape !== 'page' || !isCollection(value)) return { body: { [key]: value } };
    const meta: Meta = { count: value.count, total_count: value.totalCount, next_page: value.nextPage };
    return { body: { [key]: value.items, meta } };
  },
  read(endpoint, response, query, request) {
    const key = keyOf(endpoint);
    const value = unwrap(response.body, key, request, INTERFACE);
    if (endpoint.shape !== 'page') return value;
    const meta = unwrap(response.body, 'meta', request, INTERFACE);
    if (!Array.isArray(value)) throw malformed(request, key, INTERFACE);
    if (
      meta === null ||
      typeof meta !== 'object' ||
      !('total_count' in meta) ||
      typeof meta.total_count !== 'number'
    ) {
      throw malformed(request, 'meta', INTERFACE);
    }
    const nextPage = 'next_page' in meta && typeof meta.next_page === 'string' ? meta.next_page : null;
    const collection: StatusCollection<unknown> = {
      items: value,
      page: query.page === undefined ? 1 : Number(query.page),
      hasNext: nextPage !== null,
      count: 'count' in meta && typeof meta.count === 'number' ? meta.count : value.length,
      totalCount: meta.total_count,
      nextPage,
    };
    return collection;
  },
};
