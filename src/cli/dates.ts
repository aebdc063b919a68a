/** Dates as people type them: YYYY-MM-DD, today, yesterday, tomorrow, or a weekday (its most recent one). */
import {
  addDays,
  dateIn,
  dateOutOfRange,
  isCalendarDate,
  mostRecentWeekday,
  normaliseDateTime,
} from '../core/time.js';
import { isWeekday } from '../core/weekdays.js';
import { UsageError } from './errors.js';
import { DATE_HELP } from './help-text.js';

/**
 * Resolves a typed date; `today` is asked for only when a relative word needs it (the first time-zone
 * lookup costs milliseconds at start-up). `flag` names the option in error messages.
 */
export function parseDateWord(value: string, today: string | (() => string), flag: string): string {
  const word = value.trim().toLowerCase();
  if (isCalendarDate(word)) return word;
  const outOfRange = dateOutOfRange(flag, word);
  if (outOfRange) throw new UsageError(outOfRange);
  const base = typeof today === 'function' ? today() : today;
  if (word === 'today') return base;
  if (word === 'yesterday') return addDays(base, -1);
  if (word === 'tomorrow') return addDays(base, 1);
  if (isWeekday(word)) return mostRecentWeekday(base, word);
  throw new UsageError(`${flag}: not a date: ${value} (use ${DATE_HELP})`);
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
  const date = parseDateWord(text, () => todayIn(timeZone, now), flag);
  const { DateTime } = await import('luxon');
  const day = DateTime.fromISO(date, { zone: timeZone });
  return (endOfDay ? day.endOf('day') : day.startOf('day')).toUTC().toISO() as string;
}
