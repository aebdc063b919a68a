/**
 * The TeamService: the v1 team-scoped interface, as seen through one team's API key. The core on a local
 * store, the remote client over HTTP and the server's /api/v1 routes all speak it, like the v2 Service.
 */
import type { AbsenceInput } from './absence-input.js';
import type { StatusActivityInput } from './status-activity-input.js';
import type {
  V1Comment,
  V1Member,
  V1MemberAbsence,
  V1MemberAbsenceItem,
  V1Reaction,
  V1Report,
  V1Status,
  V1StatusActivity,
  V1TeamAbsence,
  V1TeamAbsenceItem,
} from './types.js';

/** `page` may be typed (from the CLI) or a string (from HTTP); the core validates both alike. */
export interface V1PageQuery {
  page?: number | string;
}

export interface MemberQuery extends V1PageQuery {
  /** Part of a first name, last name or email, case-insensitive. */
  q?: string;
}

/** A range of dates, both ends inclusive and optional (YYYY-MM-DD), of the absence lists. */
export interface AbsenceRangeQuery extends V1PageQuery {
  from?: string;
  to?: string;
  /** Items per page (a pulse extension), 1 to MAX_ABSENCE_PAGE; V1_PAGE_SIZE when left out. */
  per_page?: number;
}

export interface MemberAbsenceQuery extends AbsenceRangeQuery {
  /** One member's absences only: the member's id or slug. */
  member?: string;
}

/** One page of a v1 collection: 30 items per page. */
export interface V1Page<T> {
  items: T[];
  page: number;
  hasNext: boolean;
}

export const V1_PAGE_SIZE = 30;

/** What adding an absence did: created it (201), or found it already there (202). */
export interface AbsenceOutcome<T> {
  absence: T;
  created: boolean;
}

export interface TeamService {
  /** The team these credentials belong to. */
  readonly teamId: string;
  /** Active members (observers excluded), by last name; `q` narrows them. */
  listMembers(query?: MemberQuery): Promise<V1Page<V1Member>>;
  /** A member by id or slug. */
  getMember(idOrSlug: string): Promise<V1Member>;
  /** One report per report day that is not a team absence, newest first, up to today. */
  listReports(query?: V1PageQuery): Promise<V1Page<V1Report>>;
  /** A report by id or date (YYYY-MM-DD). */
  getReport(idOrDate: string): Promise<V1Report>;
  /** The team's submitted check-ins, newest submission first. */
  listStatuses(query?: V1PageQuery): Promise<V1Page<V1Status>>;
  /** A status by id or slug (YYYY-MM-DD-first-last). */
  getStatus(idOrSlug: string): Promise<V1Status>;
  getStatusActivity(id: string): Promise<V1StatusActivity>;
  /** Pushes an activity into a member's check-in: {email, source, source_url?, description}. */
  createStatusActivity(input: StatusActivityInput): Promise<V1StatusActivity>;
  /** The distinct #tags of the team's statuses, alphabetically. */
  listTags(query?: V1PageQuery): Promise<V1Page<string>>;
  /** Statuses containing #tag, newest completion first. */
  listTagStatuses(tag: string, query?: V1PageQuery): Promise<V1Page<V1Status>>;
  /** Comments on the team's statuses (those getComment finds), newest first. */
  listComments(query?: V1PageQuery): Promise<V1Page<V1Comment>>;
  getComment(id: string): Promise<V1Comment>;
  /** Reactions to the team's statuses (those getReaction finds), newest first. */
  listReactions(query?: V1PageQuery): Promise<V1Page<V1Reaction>>;
  getReaction(id: string): Promise<V1Reaction>;
  /** Marks a member (id or slug) absent on {date}; idempotent. */
  addMemberAbsence(member: string, input: AbsenceInput): Promise<AbsenceOutcome<V1MemberAbsence>>;
  /**
   * The absences of the team's members (or of one), by date ascending then member id; a pulse extension.
   */
  listMemberAbsences(query?: MemberAbsenceQuery): Promise<V1Page<V1MemberAbsenceItem>>;
  /** Removes a member's absence on a date; succeeds also when there was none. */
  removeMemberAbsence(member: string, date: string): Promise<void>;
  /** Marks the whole team absent (a holiday) on {date}; idempotent. */
  addTeamAbsence(input: AbsenceInput): Promise<AbsenceOutcome<V1TeamAbsence>>;
  removeTeamAbsence(date: string): Promise<void>;
  /** The team's absences (holidays), by date ascending; a pulse extension. */
  listTeamAbsences(query?: AbsenceRangeQuery): Promise<V1Page<V1TeamAbsenceItem>>;
  /** Releases what the implementation holds. */
  close(): Promise<void>;
}
