/**
 * Dates as people say them, for every date flag of the CLI and the time sense of `ask` alike: a day
 * ("2026-11-20", "today", "friday", "last friday", "next friday", "3 days ago") or a window ("last week",
 * "this month", "in October", "since friday", "the last 3 days", "3d", "2w"). A window's words are read
 * by the same reader as `ask`'s (answers/reading/window.ts); the forms only flags need (short spans, "next
 * friday", "end of last month", the direction of a bare weekday) are here.
 */

import { Text } from './answers/reading/text.js';
import { namedWindow } from './answers/reading/window.js';
import { monthRange } from './date-ranges.js';
import { addDays, isCalendarDate, mostRecentWeekday } from './time.js';
import { isWeekday } from './weekdays.js';

/** The days an expression names, inclusive; a single day has from === to. */
export interface DateRange {
  from: string;
  to: string;
}

/**
 * Which way a bare weekday points: `past` (the most recent one, today included: "--since friday") or
 * `future` (the next one, today included: "--end friday" on a Thursday is tomorrow).
 */
export type WeekdayDirection = 'past' | 'future';

/** Good expressions, for the message about a bad one. */
export const DATE_EXPRESSION_EXAMPLES = [
  '2026-11-20',
  'today',
  'yesterday',
  'tomorrow',
  'friday',
  'last friday',
  'next friday',
  '3 days ago',
  'last week',
  'this month',
  'in October',
  'since friday',
  'the last 3 days',
  'end of last month',
  '3d',
  '2w',
];

const SPAN_UNITS = { d: 1, w: 7 } as const;

/**
 * The days `expression` names, seen from `today` (a date in the person's zone), or undefined when it
 * names none. Calendar dates only: the zone's days (and their DST changes) are the caller's.
 */
export function parseDateExpression(
  expression: string,
  today: string,
  direction: WeekdayDirection = 'past',
): DateRange | undefined {
  const words = expression.trim().toLowerCase().replace(/\s+/g, ' ');
  const day = (date: string | undefined): DateRange | undefined =>
    date === undefined ? undefined : { from: date, to: date };
  if (isCalendarDate(words)) return day(words);
  if (words === 'today') return day(today);
  if (words === 'yesterday') return day(addDays(today, -1));
  if (words === 'tomorrow') return day(addDays(today, 1));
  if (isWeekday(words))
    return day(direction === 'past' ? mostRecentWeekday(today, words) : nextWeekday(today, words, 0));
  const weekday = /^(last|next) (\w+)$/.exec(words);
  if (weekday && isWeekday(weekday[2] as string)) {
    const name = weekday[2] as Parameters<typeof mostRecentWeekday>[1];
    return day(
      weekday[1] === 'last' ? mostRecentWeekday(addDays(today, -1), name) : nextWeekday(today, name, 1),
    );
  }
  // "3d", "2w", "6m": that long ago until today.
  const span = /^(\d{1,4}) ?(d|w|m|y)$/.exec(words);
  if (span) {
    const count = Number(span[1]);
    const unit = span[2] as 'd' | 'w' | 'm' | 'y';
    const from =
      unit === 'm' || unit === 'y'
        ? monthsBefore(today, unit === 'm' ? count : count * 12)
        : addDays(today, -count * SPAN_UNITS[unit]);
    return isCalendarDate(from) ? { from, to: today } : undefined;
  }
  // Whole calendar spans, the days ahead included (`ask` reads "this week" as up to today).
  const calendar = /^(this|next) (week|month)$/.exec(words);
  if (calendar) {
    const ahead = calendar[1] === 'next' ? 1 : 0;
    if (calendar[2] === 'week') {
      const monday = addDays(mostRecentWeekday(today, 'monday'), 7 * ahead);
      return { from: monday, to: addDays(monday, 6) };
    }
    const [year, month] = today.split('-').map(Number) as [number, number];
    const index = year * 12 + month - 1 + ahead;
    const range = monthRange(Math.floor(index / 12), (index % 12) + 1);
    return { from: range.start, to: range.end };
  }
  const edge = /^(?:the )?(start|beginning|end) of (.+)$/.exec(words);
  if (edge) {
    const range = parseDateExpression(edge[2] as string, today, direction);
    if (!range) return undefined;
    return day(edge[1] === 'end' ? range.to : range.from);
  }
  const text = new Text(words);
  const window = namedWindow(text, today);
  // Every word must be read: "last week please" is not a date.
  if (!window || text.lower.trim() !== '') return undefined;
  return { from: window.from, to: window.to };
}

/** The first `weekday` on or after `from` + `after` days. */
function nextWeekday(from: string, weekday: Parameters<typeof mostRecentWeekday>[1], after: number): string {
  return mostRecentWeekday(addDays(from, after + 6), weekday);
}

/** The same day `months` months earlier, or the month's last day when it has no such day. */
function monthsBefore(date: string, months: number): string {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const day = Math.min(dayOfMonth, lastDay);
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
