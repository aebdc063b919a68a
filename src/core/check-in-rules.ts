/** Rules of the daily check-in: when one is scheduled, when it counts as blocked or absent. */
import type { CheckInFilter, CheckInRow } from './repository.js';
import { type Weekday, weekdayOf } from './weekdays.js';

// Answers to "anything blocking you?" that mean no. Compared trimmed and case-insensitively.
const NOTHING_ANSWERS = new Set(['none', 'no', 'nope', 'nothing', 'n/a', 'na', '-', 'no blockers']);

/** A check-in is blocked when its blockers answer holds text other than a "nothing" answer. */
export function isBlocked(blockers: string | null | undefined): boolean {
  if (blockers == null) return false;
  const answer = blockers.trim().toLowerCase();
  return answer.length > 0 && !NOTHING_ANSWERS.has(answer);
}

/**
 * Its author and administrators may clear a check-in (a check-in filled on a wrong date); only its author
 * may fill it in.
 */
export function mayClearCheckIn(
  viewer: { person: { id: string; administrator: boolean } },
  checkIn: Pick<CheckInRow, 'person_id'>,
): boolean {
  return checkIn.person_id === viewer.person.id || viewer.person.administrator;
}

/** What a pending check-in holds: no answers, not blocked, not completed (a new one, or one cleared). */
export const PENDING_ANSWERS = {
  previous: null,
  intentions: null,
  blockers: null,
  mood: null,
  previous_completed: null,
  blocked: false,
  completed_at: null,
} as const satisfies Partial<CheckInRow>;

/** A check-in emptied back to pending: no answers, not completed; its date, person and teams kept. */
export function clearedCheckIn(checkIn: CheckInRow, now: string): CheckInRow {
  return { ...checkIn, team_ids: [...checkIn.team_ids], ...PENDING_ANSWERS, updated_at: now };
}

export interface ScheduleTeam {
  id: string;
  report_days: Weekday[];
}

export interface AbsencesOnDate {
  /** The person has a member absence that day. */
  member: boolean;
  /** Ids of the person's teams that have a team absence that day. */
  teams: ReadonlySet<string>;
}

export type ScheduleVerdict =
  | { scheduled: true }
  | { scheduled: false; reason: 'not-a-report-day' | 'absent' };

/**
 * Whether a person has a check-in on a date: some team of theirs reports that weekday and is not on a
 * team absence, and the person has no member absence. (A team absence counts for the teams that report
 * that day; a holiday of a team that does not report then changes nothing.)
 */
export function scheduleFor(date: string, teams: ScheduleTeam[], absences: AbsencesOnDate): ScheduleVerdict {
  const weekday = weekdayOf(date);
  const reporting = teams.filter((team) => team.report_days.includes(weekday));
  if (reporting.length === 0) return { scheduled: false, reason: 'not-a-report-day' };
  if (absences.member) return { scheduled: false, reason: 'absent' };
  if (reporting.every((team) => absences.teams.has(team.id))) return { scheduled: false, reason: 'absent' };
  return { scheduled: true };
}

/**
 * `absent` of a stored check-in: a member absence that day, or a team absence on every team the
 * check-in is included in.
 */
export function isAbsent(checkInTeamIds: readonly string[], absences: AbsencesOnDate): boolean {
  if (absences.member) return true;
  return checkInTeamIds.length > 0 && checkInTeamIds.every((id) => absences.teams.has(id));
}

/**
 * A check-in filter asked more directly, with the same result: a non-administrator sees their own
 * check-ins and those included in their teams, so a filter naming only their teams, or only themselves,
 * needs no visibility test row by row. (A team filter naming other teams still does: a check-in of such
 * a team may be their own or also included in one of theirs. The store finds those without reading the
 * team's other check-ins.)
 */
export function directCheckInFilter(filter: CheckInFilter): CheckInFilter {
  const { visibility, teamIds, personIds } = filter;
  if (visibility.all) return filter;
  const onlyTheirTeams = teamIds?.every((id) => visibility.teamIds.includes(id)) ?? false;
  const onlyThemselves = personIds?.every((id) => id === visibility.personId) ?? false;
  return onlyTheirTeams || onlyThemselves ? { ...filter, visibility: { all: true } } : filter;
}
