/** Dates as people type them: a date or a date expression (core/date-expressions.ts). */
import {
  DATE_EXPRESSION_EXAMPLES,
  type DateRange,
  parseDateExpression,
  type WeekdayDirection,
} from '../core/date-expressions.js';
import { dateIn, dateOutOfRange, isCalendarDate, normaliseDateTime } from '../core/time.js';
import { UsageError } from './errors.js';

/** How a flag reads an expression that names a window: its first day, or (flags naming an end) its last. */
export interface DateFlagReading {
  /** `start` (default: --since, --from) or `end` (--until, --to, --end): which day of a window. */
  edge?: 'start' | 'end';
  /** Which way a bare weekday points (default `past`; flags naming an end or a future date: `future`). */
  direction?: WeekdayDirection;
}

/**
 * Resolves a typed date or date expression to one day; `today` is asked for only when an expression
 * needs it (the first time-zone lookup costs milliseconds at start-up). `flag` names the option in error
 * messages.
 */
export function parseDateWord(
  value: string,
  today: string | (() => string),
  flag: string,
  reading: DateFlagReading = {},
): string {
  const range = parseDateRange(value, today, flag, reading.direction);
  return reading.edge === 'end' ? range.to : range.from;
}

/** Resolves a typed date or date expression to the days it names (`--during`). */
export function parseDateRange(
  value: string,
  today: string | (() => string),
  flag: string,
  direction: WeekdayDirection = 'past',
): DateRange {
  const word = value.trim().toLowerCase();
  if (isCalendarDate(word)) return { from: word, to: word };
  const outOfRange = dateOutOfRange(flag, word);
  if (outOfRange) throw new UsageError(outOfRange);
  const range = parseDateExpression(word, typeof today === 'function' ? today() : today, direction);
  if (!range) throw new UsageError(badDateMessage(flag, value));
  for (const date of [range.from, range.to]) {
    const problem = dateOutOfRange(flag, date);
    if (problem) throw new UsageError(problem);
  }
  return range;
}

/** The message for an expression that names no date, with good ones to copy. */
export function badDateMessage(flag: string, value: string): string {
  return `${flag}: not a date: ${value} (try ${DATE_EXPRESSION_EXAMPLES.join(', ')})`;
}

export function todayIn(timeZone: string, now: Date): string {
  return dateIn(timeZone, now);
}

/**
 * A moment as people type it for date-time filters: an ISO 8601 date-time passes through; a date or a
 * date word means the start of that day (or, with `endOfDay`, its last millisecond) in the person's zone.
 */
export async function parseMomentWord(
  value: string,
  timeZone: string,
  now: Date,
  flag: string,
  endOfDay = false,
): Promise<string> {
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const normalised = normaliseDateTime(text);
    const outOfRange = dateOutOfRange(flag, text.slice(0, 10));
    if (outOfRange) throw new UsageError(outOfRange);
    if (normalised === undefined)
      throw new UsageError(`${flag}: not a date-time with a zone: ${value} (e.g. 2026-11-23T09:00:00Z)`);
    return normalised;
  }
  const date = parseDateWord(text, () => todayIn(timeZone, now), flag, { edge: endOfDay ? 'end' : 'start' });
  const { DateTime } = await import('luxon');
  const day = DateTime.fromISO(date, { zone: timeZone });
  return (endOfDay ? day.endOf('day') : day.startOf('day')).toUTC().toISO() as string;
}
