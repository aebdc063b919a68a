/**
 * Reports of the v1 interface. A report is not stored: a team has one per report day that is not a team
 * absence, from its first scheduled day up to today. Its questions come from the team's settings or the
 * defaults below, and its metrics from that day's check-ins and member absences.
 */
import type { TeamDay, TeamQuestionTexts, TeamRow } from '../repository.js';
import { addDays, timestamp } from '../time.js';
import { weekdayOf } from '../weekdays.js';
import { metricTime } from './serialize.js';
import type { V1ReportMetrics, V1ReportQuestions } from './types.js';

/** `{previous_day}` in a question names the previous report day ("Friday" on a Monday). */
export const DEFAULT_QUESTIONS: Required<TeamQuestionTexts> = {
  previous: 'What did you get done on {previous_day}?',
  next: 'What will you do today?',
  blockers: 'Anything blocking you?',
  previous_completed: 'Did you do what you planned on {previous_day}?',
};

const capitalised = (word: string) => `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`;

/** The weekday name of the report day before `date` ("Friday" for a Monday of a monday..friday team). */
export function previousReportDayName(team: Pick<TeamRow, 'report_days'>, date: string): string {
  for (let back = 1; back <= 7; back++) {
    const weekday = weekdayOf(addDays(date, -back));
    if (team.report_days.includes(weekday)) return capitalised(weekday);
  }
  return capitalised(weekdayOf(addDays(date, -1)));
}

export function reportQuestions(
  team: Pick<TeamRow, 'report_days' | 'questions'>,
  date: string,
): { questions: V1ReportQuestions; labels: { next: string; blockers: string; previous: string } } {
  const previousDay = previousReportDayName(team, date);
  const texts = { ...DEFAULT_QUESTIONS, ...(team.questions ?? {}) };
  const fill = (text: string) => text.replaceAll('{previous_day}', previousDay);
  return {
    questions: {
      next: fill(texts.next),
      blockers: fill(texts.blockers),
      previous: fill(texts.previous),
      previous_completed: fill(texts.previous_completed),
    },
    labels: { next: 'Today', blockers: 'Blockers', previous: previousDay },
  };
}

// Reports reach back at most this far, so a team created long ago cannot make a listing unbounded.
const MAX_REPORT_DAYS = 3660;

/**
 * The team's report dates, newest first: report weekdays from `first` to `today` (inclusive) that are not
 * team absences; with `limit`, only the newest that many.
 */
export function reportDates(
  team: Pick<TeamRow, 'report_days'>,
  first: string,
  today: string,
  teamAbsences: ReadonlySet<string>,
  limit = Number.POSITIVE_INFINITY,
): string[] {
  const dates: string[] = [];
  for (
    let date = today, steps = 0;
    date >= first && steps < MAX_REPORT_DAYS && dates.length < limit;
    date = addDays(date, -1), steps++
  ) {
    if (team.report_days.includes(weekdayOf(date)) && !teamAbsences.has(date)) dates.push(date);
  }
  return dates;
}

/** The first scheduled day: the team's creation date, or its earliest check-in if that is earlier. */
export function firstReportDate(
  team: Pick<TeamRow, 'created_at'>,
  earliestCheckIn: string | undefined,
): string {
  const created = team.created_at.slice(0, 10);
  return earliestCheckIn !== undefined && earliestCheckIn < created ? earliestCheckIn : created;
}

/**
 * A day's metrics from what the store counted of it (none: no check-in that day). Every active member
 * has a status that day: absent with a member absence, present otherwise; participation counts the
 * submitted (completed) ones, and the blocked and previous-completed counts are of those.
 */
export function reportMetrics(
  date: string,
  day: TeamDay | undefined,
  activeMemberIds: readonly string[],
  absentMemberIds: ReadonlySet<string>,
): V1ReportMetrics {
  const absent = activeMemberIds.filter((id) => absentMemberIds.has(id)).length;
  return {
    updated_at: metricTime(day?.latestUpdate ?? timestamp(new Date(`${date}T00:00:00Z`))),
    blocked_count: day?.blockedCount ?? 0,
    participation_count: day?.completedIds.length ?? 0,
    absent_statuses_count: absent,
    present_statuses_count: activeMemberIds.length - absent,
    previous_completed_count: day?.previousCompletedCount ?? 0,
  };
}
