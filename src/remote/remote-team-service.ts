/**
 * The TeamService over the v1 HTTP interface, made from its endpoint table (core/endpoints/v1.ts). The
 * caller builds the HttpClient with baseUrl `{base}/api/v1` and the X-Team-ID and X-API-Key headers.
 * Requests are paced by the server's RateLimit header: when a response says no tokens are left (r=0), the
 * next request waits t seconds first, so a long run stays under the limit instead of collecting 429s
 * (which the HttpClient waits out where safe).
 */
import { v1Endpoints as v1 } from '../core/endpoints/v1.js';
import { v1Representation } from '../core/v1/serialize.js';
import type {
  AbsenceRangeQuery,
  MemberAbsenceQuery,
  MemberQuery,
  TeamService,
  V1PageQuery,
} from '../core/v1/team-service.js';
import { EndpointCaller, type Send } from './endpoint-caller.js';
import type { HttpClient } from './http-client.js';

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

/** The HttpClient's send, each request after any wait the last response asked for. */
function pacedSend(http: HttpClient, sleep: (ms: number) => Promise<void>): Send {
  /** Milliseconds the next request must wait, from the last response's RateLimit header. */
  let pendingMs = 0;
  /** The wait in progress, shared by requests that start while it runs. */
  let ready: Promise<void> = Promise.resolve();
  return async (method, path, init) => {
    if (pendingMs > 0) {
      ready = sleep(pendingMs);
      pendingMs = 0;
    }
    await ready;
    return http.send(method, path, {
      ...init,
      onResponse: (response) => {
        pendingMs = pacingSeconds(response.headers.ratelimit) * 1000;
      },
    });
  };
}

export class RemoteTeamService implements TeamService {
  private readonly caller: EndpointCaller<TeamService>;

  constructor(
    private readonly http: HttpClient,
    readonly teamId: string,
    options: { sleep?: (ms: number) => Promise<void> } = {},
  ) {
    const sleep = options.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    this.caller = new EndpointCaller(pacedSend(http, sleep), v1Representation);
  }

  listMembers(query: MemberQuery = {}) {
    return this.caller.call(v1.listMembers, { query });
  }

  getMember(idOrSlug: string) {
    return this.caller.call(v1.getMember, { params: { id: idOrSlug } });
  }

  listReports(query: V1PageQuery = {}) {
    return this.caller.call(v1.listReports, { query });
  }

  getReport(idOrDate: string) {
    return this.caller.call(v1.getReport, { params: { id: idOrDate } });
  }

  listStatuses(query: V1PageQuery = {}) {
    return this.caller.call(v1.listStatuses, { query });
  }

  getStatus(idOrSlug: string) {
    return this.caller.call(v1.getStatus, { params: { id: idOrSlug } });
  }

  getStatusActivity(id: string) {
    return this.caller.call(v1.getStatusActivity, { params: { id } });
  }

  createStatusActivity(input: Parameters<TeamService['createStatusActivity']>[0]) {
    return this.caller.call(v1.createStatusActivity, { body: input });
  }

  listTags(query: V1PageQuery = {}) {
    return this.caller.call(v1.listTags, { query });
  }

  listTagStatuses(tag: string, query: V1PageQuery = {}) {
    return this.caller.call(v1.listTagStatuses, { params: { tag }, query });
  }

  listComments(query: V1PageQuery = {}) {
    return this.caller.call(v1.listComments, { query });
  }

  listReactions(query: V1PageQuery = {}) {
    return this.caller.call(v1.listReactions, { query });
  }

  getComment(id: string) {
    return this.caller.call(v1.getComment, { params: { id } });
  }

  getReaction(id: string) {
    return this.caller.call(v1.getReaction, { params: { id } });
  }

  addMemberAbsence(member: string, input: Parameters<TeamService['addMemberAbsence']>[1]) {
    return this.caller.call(v1.addMemberAbsence, { params: { id: member }, body: input });
  }

  listMemberAbsences(query: MemberAbsenceQuery = {}) {
    return this.caller.call(v1.listMemberAbsences, { query });
  }

  removeMemberAbsence(member: string, date: string) {
    return this.caller.call(v1.removeMemberAbsence, { params: { id: member, date } });
  }

  addTeamAbsence(input: Parameters<TeamService['addTeamAbsence']>[0]) {
    return this.caller.call(v1.addTeamAbsence, { body: input });
  }

  removeTeamAbsence(date: string) {
    return this.caller.call(v1.removeTeamAbsence, { params: { date } });
  }

  listTeamAbsences(query: AbsenceRangeQuery = {}) {
    return this.caller.call(v1.listTeamAbsences, { query });
  }

  async close(): Promise<void> {
    await this.http.close();
  }
}
