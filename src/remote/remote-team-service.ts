/**
 * The TeamService over the v1 HTTP interface. The caller builds the HttpClient with baseUrl
 * `{base}/api/v1` and the X-Team-ID and X-API-Key headers. Requests are paced by the server's RateLimit
 * header: when a response says no tokens are left (r=0), the next request waits t seconds first, so a long
 * run stays under the limit instead of collecting 429s (which the HttpClient waits out where safe).
 */
import {
  type AbsenceOutcome,
  type MemberQuery,
  type TeamService,
  V1_PAGE_SIZE,
  type V1Page,
  type V1PageQuery,
} from '../core/v1/team-service.js';
import type {
  V1Comment,
  V1Member,
  V1MemberAbsence,
  V1Reaction,
  V1Report,
  V1Status,
  V1StatusActivity,
  V1TeamAbsence,
} from '../core/v1/types.js';
import { type HttpClient, nextLink, type SendInit, wrapperReader } from './http-client.js';

const segment = (value: string) => encodeURIComponent(value);
const { unwrap, malformed } = wrapperReader('a v1 interface');

/**
 * Seconds to wait before the next request by a RateLimit header (`"v1";r=0;t=3`, possibly several
 * policies): the longest t of a policy with nothing remaining; 0 when there is room or no header.
 */
export function pacingSeconds(header: string | string[] | undefined): number {
  const value = Array.isArray(header) ? header.join(', ') : header;
  if (!value) return 0;
  let wait = 0;
  for (const item of value.split(',')) {
    const remaining = /;\s*r\s*=\s*(\d+)/.exec(item)?.[1];
    const seconds = /;\s*t\s*=\s*(\d+)/.exec(item)?.[1];
    if (remaining === '0' && seconds !== undefined) wait = Math.max(wait, Number(seconds));
  }
  return wait;
}

export class RemoteTeamService implements TeamService {
  private readonly sleep: (ms: number) => Promise<void>;
  /** Milliseconds the next request must wait, from the last response's RateLimit header. */
  private pendingMs = 0;
  /** The wait in progress, shared by requests that start while it runs. */
  private ready: Promise<void> = Promise.resolve();

  constructor(
    private readonly http: HttpClient,
    readonly teamId: string,
    options: { sleep?: (ms: number) => Promise<void> } = {},
  ) {
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  listMembers(query: MemberQuery = {}): Promise<V1Page<V1Member>> {
    return this.page('/members', 'members', { q: query.q, page: query.page });
  }

  getMember(idOrSlug: string): Promise<V1Member> {
    return this.one(`/members/${segment(idOrSlug)}`, 'member');
  }

  listReports(query: V1PageQuery = {}): Promise<V1Page<V1Report>> {
    return this.page('/reports', 'reports', { page: query.page });
  }

  getReport(idOrDate: string): Promise<V1Report> {
    return this.one(`/reports/${segment(idOrDate)}`, 'report');
  }

  listStatuses(query: V1PageQuery = {}): Promise<V1Page<V1Status>> {
    return this.page('/statuses', 'statuses', { page: query.page });
  }

  getStatus(idOrSlug: string): Promise<V1Status> {
    return this.one(`/statuses/${segment(idOrSlug)}`, 'status');
  }

  getStatusActivity(id: string): Promise<V1StatusActivity> {
    return this.one(`/status_activities/${segment(id)}`, 'status_activity');
  }

  async createStatusActivity(input: unknown): Promise<V1StatusActivity> {
    // Not idempotent: each POST adds an activity, so it is never sent twice.
    const response = await this.send('POST', '/status_activities', { body: input });
    return unwrap(response, 'POST /status_activities', 'status_activity');
  }

  listTags(query: V1PageQuery = {}): Promise<V1Page<string>> {
    return this.page('/tags', 'tags', { page: query.page });
  }

  listTagStatuses(tag: string, query: V1PageQuery = {}): Promise<V1Page<V1Status>> {
    return this.page(`/tags/${segment(tag)}`, 'statuses', { page: query.page });
  }

  getComment(id: string): Promise<V1Comment> {
    return this.one(`/comments/${segment(id)}`, 'comment');
  }

  getReaction(id: string): Promise<V1Reaction> {
    return this.one(`/reactions/${segment(id)}`, 'reaction');
  }

  async addMemberAbsence(member: string, input: unknown): Promise<AbsenceOutcome<V1MemberAbsence>> {
    // Idempotent (202 when already there): safe to retry after a 429 or a 5xx.
    const path = `/member_absences/${segment(member)}`;
    const response = await this.send('POST', path, { body: input, idempotent: true });
    return {
      absence: unwrap(response, `POST ${path}`, 'member_absence'),
      created: response.status === 201,
    };
  }

  async removeMemberAbsence(member: string, date: string): Promise<void> {
    await this.send('DELETE', `/member_absences/${segment(member)}/${segment(date)}`, { idempotent: true });
  }

  async addTeamAbsence(input: unknown): Promise<AbsenceOutcome<V1TeamAbsence>> {
    const response = await this.send('POST', '/team_absences', { body: input, idempotent: true });
    return {
      absence: unwrap(response, 'POST /team_absences', 'team_absence'),
      created: response.status === 201,
    };
  }

  async removeTeamAbsence(date: string): Promise<void> {
    await this.send('DELETE', `/team_absences/${segment(date)}`, { idempotent: true });
  }

  async close(): Promise<void> {
    await this.http.close();
  }

  /** One request, after any wait the last response asked for; notes the wait this one asks for. */
  private async send(method: 'GET' | 'POST' | 'DELETE', path: string, init: SendInit = {}) {
    if (this.pendingMs > 0) {
      this.ready = this.sleep(this.pendingMs);
      this.pendingMs = 0;
    }
    await this.ready;
    return this.http.send(method, path, {
      ...init,
      onResponse: (response) => {
        this.pendingMs = pacingSeconds(response.headers.ratelimit) * 1000;
      },
    });
  }

  private async one<T>(path: string, key: string): Promise<T> {
    return unwrap<T>(await this.send('GET', path), `GET ${path}`, key);
  }

  private async page<T>(
    path: string,
    key: string,
    query: { q?: string | undefined; page?: number | string | undefined },
  ): Promise<V1Page<T>> {
    const response = await this.send('GET', path, { query });
    const items = unwrap<T[]>(response, `GET ${path}`, key);
    if (!Array.isArray(items)) throw malformed(`GET ${path}`, key);
    // pulse serve links the next page; a deployment without Link headers has more while pages are full.
    const hasNext =
      response.headers.link === undefined
        ? items.length === V1_PAGE_SIZE
        : nextLink(response.headers.link) !== undefined;
    return { items, page: query.page === undefined ? 1 : Number(query.page), hasNext };
  }
}
