/**
 * The StatusService on a repository: the public status page as anyone reads it. Used directly in local
 * mode and behind `pulse serve`'s /status/api/v1, so both paths answer the same.
 */
import type { Clock } from '../clock.js';
import { NotFoundError } from '../errors.js';
import { parseQuery } from '../query-params.js';
import { timestamp, wireTime } from '../time.js';
import { noticeParams, statusListParams } from './notice-params.js';
import type { NoticeFilter, NoticeRow, StatusRepository } from './repository.js';
import { ACTIVE_STATES, deriveState, PAGE_STATE_TEXT, timelineCondition } from './rules.js';
import { StatusUrls, serializeComponent, serializeNotice, serializeNoticeDetail } from './serialize.js';
import type { NoticeQuery, StatusCollection, StatusPageQuery, StatusService } from './status-service.js';
import {
  STATUS_PAGE_SIZE,
  type StatusComponent,
  type StatusNotice,
  type StatusNoticeDetail,
  type StatusPage,
} from './types.js';

export interface StatusServiceOptions {
  clock: Clock;
  /**
   * The page's status URL ({public_url}/status, or the root of the status listener): the base of url
   * fields and of the paths in links and next_page; read on every call.
   */
  readonly statusUrl: string;
}

/** The page's name until an operator names it (pulse admin status page --name). */
export const DEFAULT_PAGE_NAME = 'pulse';

/** An id from a path or a flag: a positive decimal integer, else it names nothing (404). */
export function parseStatusId(id: number | string, what: string): number {
  const value = typeof id === 'number' ? id : /^\d{1,15}$/.test(id) ? Number(id) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw new NotFoundError(`no ${what} ${id}`);
  return value;
}

export class CoreStatusService implements StatusService {
  private readonly urls: StatusUrls;

  constructor(
    private readonly repo: StatusRepository,
    private readonly options: StatusServiceOptions,
  ) {
    this.urls = new StatusUrls(() => options.statusUrl);
  }

  async page(): Promise<StatusPage> {
    const [row, componentCount, noticeCount, componentStates, active, lastChange] = await Promise.all([
      this.repo.statusPage(),
      this.repo.countComponents(),
      this.repo.countNotices({}),
      this.repo.componentStates(),
      this.repo.listNotices({ states: ACTIVE_STATES }),
      this.repo.lastStatusChange(),
    ]);
    const now = timestamp(this.options.clock.now());
    const created = row?.created_at ?? now;
    const updated = [row?.updated_at, lastChange]
      .filter((at): at is string => at !== undefined)
      .sort()
      .pop();
    const api = this.urls.apiPath();
    const state = deriveState(componentStates, active);
    return {
      name: row?.name ?? DEFAULT_PAGE_NAME,
      state,
      state_text: PAGE_STATE_TEXT[state],
      url: row?.url ?? this.urls.pageUrl(),
      links: {
        components: { href: `${api}/components`, count: componentCount },
        notices: { href: `${api}/notices`, count: noticeCount },
      },
      created_at: wireTime(created),
      updated_at: wireTime(updated ?? created),
    };
  }

  async listComponents(query: StatusPageQuery = {}): Promise<StatusCollection<StatusComponent>> {
    const { page = 1 } = parseQuery(statusListParams, query);
    const [total, rows] = await Promise.all([
      this.repo.countComponents(),
      this.repo.listComponents(windowOfPage(page)),
    ]);
    return collection(rows.map(serializeComponent), page, total, `${this.urls.apiPath()}/components`, {});
  }

  async listNotices(query: NoticeQuery = {}): Promise<StatusCollection<StatusNotice>> {
    const parsed = parseQuery(noticeParams, query);
    const page = parsed.page ?? 1;
    const now = this.options.clock.now();
    const filter: NoticeFilter = {
      ...(parsed.type_eq ? { type: parsed.type_eq } : {}),
      ...(parsed.timeline_state_eq ? timelineCondition(parsed.timeline_state_eq, now) : {}),
    };
    const [total, rows] = await Promise.all([
      this.repo.countNotices(filter),
      this.repo.listNotices(filter, windowOfPage(page)),
    ]);
    const notices = await this.listForm(rows, now);
    const filters: Record<string, string> = {};
    if (parsed.type_eq) filters['filter[type_eq]'] = parsed.type_eq;
    if (parsed.timeline_state_eq) filters['filter[timeline_state_eq]'] = parsed.timeline_state_eq;
    return collection(notices, page, total, `${this.urls.apiPath()}/notices`, filters);
  }

  async getNotice(id: number | string): Promise<StatusNoticeDetail> {
    const noticeId = parseStatusId(id, 'notice');
    const row = await this.repo.findNotice(noticeId);
    if (!row) throw new NotFoundError(`no notice ${id}`);
    const [componentIds, updates] = await Promise.all([
      this.repo.noticeComponentIds(noticeId),
      this.repo.noticeUpdates(noticeId),
    ]);
    const components = await this.repo.componentsByIds(componentIds);
    return serializeNoticeDetail(row, components, updates, this.urls, this.options.clock.now());
  }

  /** Notices in list form, with the latest update of each read in one query. */
  private async listForm(rows: NoticeRow[], now: Date): Promise<StatusNotice[]> {
    const latest = new Map(
      (await this.repo.latestNoticeUpdates(rows.map((row) => row.id))).map((update) => [
        update.notice_id,
        update,
      ]),
    );
    return rows.map((row) => {
      const update = latest.get(row.id);
      // Every notice is stored with its first update; a missing one is a broken store, not a client error.
      if (!update) throw new Error(`notice ${row.id} has no updates`);
      return serializeNotice(row, update, this.urls, now);
    });
  }

  async close(): Promise<void> {}
}

function windowOfPage(page: number) {
  return { offset: (page - 1) * STATUS_PAGE_SIZE, limit: STATUS_PAGE_SIZE };
}

/** A page of a collection with the document's meta; next_page keeps the filters of this request. */
function collection<T>(
  items: T[],
  page: number,
  total: number,
  path: string,
  filters: Record<string, string>,
): StatusCollection<T> {
  const hasNext = page * STATUS_PAGE_SIZE < total;
  const query = Object.entries(filters).map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  return {
    items,
    page,
    hasNext,
    count: items.length,
    totalCount: total,
    nextPage: hasNext ? `${path}?${[...query, `page=${page + 1}`].join('&')}` : null,
  };
}
