/** The dates an absence command names: --date, or --from/--to (inclusive) with optional --weekdays. */
import { addDays, isCalendarDate } from '../../../core/time.js';
import { weekdayOf } from '../../../core/weekdays.js';
import { parseDateWord } from '../../dates.js';
import { UsageError } from '../../errors.js';

/** The longest range one command or CSV row may name, in days (a leap year). */
export const MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;

export interface DateSelectionOptions {
  date?: string;
  from?: string;
  to?: string;
  weekdays?: boolean;
}

/** The flags' combination alone, before any date is read: usage errors that need no I/O. */
export function checkDateSelection(options: DateSelectionOptions): void {
  const range = options.from !== undefined || options.to !== undefined;
  if (options.date !== undefined && range)
    throw new UsageError('--date and --from/--to cannot be used together');
  if (options.from !== undefined && options.to === undefined)
    throw new UsageError('--from needs --to (the last date of the range)');
  if (options.to !== undefined && options.from === undefined)
    throw new UsageError('--to needs --from (the first date of the range)');
  if (options.date === undefined && !range)
    throw new UsageError('name the dates: --date DATE, or --from DATE --to DATE');
  if (options.weekdays && !range) throw new UsageError('--weekdays works with a range (--from and --to)');
}

/** Days from `from` to `to`, both included (0 or less when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** What is wrong with a range, or undefined; `names` words the ends ("--from", "from"). */
export function rangeProblem(
  from: string,
  to: string,
  names = { from: '--from', to: '--to' },
): string | undefined {
  if (from > to) return `${names.from} ${from} is after ${names.to} ${to}`;
  const days = daysBetween(from, to);
  if (days > MAX_RANGE_DAYS)
    return `${names.to}: a range covers at most ${MAX_RANGE_DAYS} days; ${from} to ${to} is ${days}`;
  return undefined;
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

export function isWorkday(date: string): boolean {
  const day = weekdayOf(date);
  return day !== 'saturday' && day !== 'sunday';
}

/**
 * The selected dates in order. `today` is asked for only when a date word needs it (in remote mode it may
 * cost a request). Call checkDateSelection first.
 */
export async function selectDates(
  options: DateSelectionOptions,
  today: () => Promise<string>,
): Promise<string[]> {
  const given = [options.date, options.from, options.to].filter((value) => value !== undefined);
  const base = given.every((value) => isCalendarDate(value.trim())) ? '' : await today();
  if (options.date !== undefined) return [parseDateWord(options.date, base, '--date')];
  const from = parseDateWord(options.from as string, base, '--from');
  // The last day is ahead of the first: a bare weekday there is the next one, a window gives its last day.
  const to = parseDateWord(options.to as string, base, '--to', { edge: 'end', direction: 'future' });
  const problem = rangeProblem(from, to);
  if (problem) throw new UsageError(problem);
  const dates = datesBetween(from, to);
  return options.weekdays ? dates.filter(isWorkday) : dates;
}
