/** Dates as people type them: YYYY-MM-DD, today, yesterday, tomorrow, or a weekday (its most recent one). */
import { addDays, dateIn, isCalendarDate, mostRecentWeekday } from '../core/time.js';
import { isWeekday } from '../core/weekdays.js';
import { UsageError } from './errors.js';

export const DATE_HELP =
  'YYYY-MM-DD, today, yesterday, tomorrow or a weekday name (its most recent one, today included)';

/** Resolves a typed date against today in the given zone; `flag` names the option in error messages. */
export function parseDateWord(value: string, today: string, flag: string): string {
  const word = value.trim().toLowerCase();
  if (isCalendarDate(word)) return word;
  if (word === 'today') return today;
  if (word === 'yesterday') return addDays(today, -1);
  if (word === 'tomorrow') return addDays(today, 1);
  if (isWeekday(word)) return mostRecentWeekday(today, word);
  throw new UsageError(`${flag}: not a date: ${value} (use ${DATE_HELP})`);
}

export function todayIn(timeZone: string, now: Date): string {
  return dateIn(timeZone, now);
}
