/**
 * The period an Echo answer covers: the whole days before the occurrence's date, in the question's zone.
 * Daily: the day before. Weekly: the seven days before (a Monday answer covers Monday to Sunday of the
 * week before). Biweekly: the fourteen days before. Monthly: the calendar month before.
 */
import { monthRange } from './date-ranges.js';
import type { Frequency } from './echo-schedule.js';
import { addDays, dateIn } from './time.js';

export interface EchoPeriod {
  /** Dates, inclusive. */
  start: string;
  end: string;
}

const DAYS_BEFORE: Record<Exclude<Frequency, 'monthly'>, number> = { daily: 1, weekly: 7, biweekly: 14 };

export function periodOf(frequency: Frequency, occurrence: Date, zone: string): EchoPeriod {
  const date = dateIn(zone, occurrence);
  if (frequency === 'monthly') {
    const [year, month] = date.split('-').map(Number) as [number, number];
    return month === 1 ? monthRange(year - 1, 12) : monthRange(year, month - 1);
  }
  return { start: addDays(date, -DAYS_BEFORE[frequency]), end: addDays(date, -1) };
}
