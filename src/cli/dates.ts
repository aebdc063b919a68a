/** Dates as people type them: YYYY-MM-DD, today, yesterday, tomorrow, or a weekday (its most recent one). */
import { addDays, dateIn, isCalendarDate, mostRecentWeekday } from '../core/time.js';
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
