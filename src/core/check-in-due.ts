/**
 * Whether a person's check-in is due on a day: the rule behind `pulse checkin due`, in one place. A pure
 * function of what the Service answers (the day's check-in, or that nothing is scheduled) and, when asked
 * about one team, that team's report days.
 */
import type { CheckIn, Team } from './types.js';
import { weekdayOf } from './weekdays.js';

/**
 * The key of the viewer's own check-in on their today (in their time zone), in place of an id or a date:
 * a pulse extension, so that a client learns the day's answer, and which day that is, in one request.
 */
export const TODAY_KEY = 'today';

/** Why a check-in is or is not due. */
export type CheckInDueReason =
  /** Scheduled and not yet filled in. */
  | 'pending'
  /** Filled in. */
  | 'complete'
  /** No team of the person reports that day (or they are in none). */
  | 'nothing_scheduled'
  /** The person, or every team reporting that day, is marked absent. */
  | 'absent'
  /** Asked about one team, which does not report that day. */
  | 'not_a_report_day';

export interface CheckInDue {
  date: string;
  due: boolean;
  reason: CheckInDueReason;
  /** The team asked about, if one was. */
  team: { id: string; name: string } | null;
}

/**
 * The answer for `date`: `checkIn` is the person's check-in that day, undefined when nothing is
 * scheduled (the Service's 404); `team`, when given, narrows the question to that team.
 */
export function checkInDue(
  date: string,
  checkIn: CheckIn | undefined,
  team?: Pick<Team, 'id' | 'name' | 'report_days'>,
): CheckInDue {
  const asked = team ? { id: team.id, name: team.name } : null;
  const answer = (reason: CheckInDueReason): CheckInDue => ({
    date,
    due: reason === 'pending',
    reason,
    team: asked,
  });
  if (team && !team.report_days.includes(weekdayOf(date))) return answer('not_a_report_day');
  if (checkIn === undefined) return answer('nothing_scheduled');
  if (checkIn.completed_at !== null) return answer('complete');
  if (checkIn.absent) return answer('absent');
  if (team && !checkIn.teams.some((shared) => shared.id === team.id)) return answer('nothing_scheduled');
  return answer('pending');
}
