/** Calendar dates and time zones. All zone arithmetic goes through luxon; nothing here counts hours by hand. */
import { DateTime, IANAZone } from 'luxon';
import { WEEKDAYS, type Weekday } from './weekdays.js';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (so 2026-02-30 is false). */
export function isCalendarDate(value: string): boolean {
  return DATE_PATTERN.test(value) && DateTime.fromISO(value, { zone: 'utc' }).isValid;
}

/** True for an IANA zone name the runtime knows (Europe/Berlin, UTC), false for anything else. */
export function isTimeZone(value: string): boolean {
  return value.length > 0 && IANAZone.isValidZone(value);
}

/** The calendar date an instant falls on in a zone. */
export function dateIn(zone: string, instant: Date): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate() as string;
}

export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toISODate() as string;
}

/** The most recent date on or before `from` that falls on `weekday`. */
export function mostRecentWeekday(from: string, weekday: Weekday): string {
  const fromIndex = DateTime.fromISO(from, { zone: 'utc' }).weekday % 7; // luxon: 1 = monday .. 7 = sunday
  const back = (fromIndex - WEEKDAYS.indexOf(weekday) + 7) % 7;
  return addDays(from, -back);
}

/** Timestamps are ISO 8601 in UTC with milliseconds, so they sort as text. */
export function timestamp(instant: Date): string {
  return instant.toISOString();
}
