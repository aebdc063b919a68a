/**
 * Calendar dates and time zones. Dates (YYYY-MM-DD) carry no zone, so their arithmetic is plain UTC
 * day counting; the date of an instant in a zone comes from the runtime's IANA database through Intl.
 * (Wall-clock scheduling across daylight-saving changes, which needs real zone arithmetic, uses luxon.)
 */
import { WEEKDAYS, type Weekday } from './weekdays.js';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * The dates pulse accepts, on every interface and in every field, parameter and flag: a date outside
 * them is a mistake (a year typed wrong, a probe) that would otherwise be stored, or make a report
 * stretch back centuries (docs/decisions.md, "The dates pulse accepts").
 */
export const FIRST_DATE = '2000-01-01';
export const LAST_DATE = '2100-12-31';

/** True for a real calendar date written YYYY-MM-DD (so 2026-02-30 is false), in any year. */
function isRealDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True for a real calendar date written YYYY-MM-DD (so 2026-02-30 is false) that pulse accepts. */
export function isCalendarDate(value: string): boolean {
  return isRealDate(value) && value >= FIRST_DATE && value <= LAST_DATE;
}

/**
 * "NAME must be from 2000-01-01 to 2100-12-31: VALUE" when `value` is a real date outside the dates
 * pulse accepts; undefined for any other value (a date it accepts, or no date at all, whose message
 * is the caller's).
 */
export function dateOutOfRange(name: string, value: string): string | undefined {
  if (!isRealDate(value) || isCalendarDate(value)) return undefined;
  return `${name} must be from ${FIRST_DATE} to ${LAST_DATE}: ${value}`;
}

/**
 * What is wrong with a date pulse was given, naming it ("start_date must be a date (YYYY-MM-DD): 2026-02-30",
 * or the range it must fall in); undefined when it is a date pulse accepts.
 */
export function dateProblem(name: string, value: string): string | undefined {
  if (isCalendarDate(value)) return undefined;
  return dateOutOfRange(name, value) ?? `${name} must be a date (YYYY-MM-DD): ${value || '(empty)'}`;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Normalises an ISO 8601 date-time with a zone to UTC with milliseconds; undefined when it is not one. */
export function normaliseDateTime(value: string): string | undefined {
  // Date.parse rolls an impossible day over (2026-02-30 becomes March 2): the date must exist.
  if (!ISO_DATE_TIME.test(value) || !isCalendarDate(value.slice(0, 10))) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(zone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(zone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    zoneFormats.set(zone, format);
  }
  return format;
}

/** True for an IANA zone name the runtime knows (Europe/Berlin, UTC), false for anything else. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    dateFormat(value);
    return true;
  } catch {
    return false;
  }
}

/** The calendar date an instant falls on in a zone. */
export function dateIn(zone: string, instant: Date): string {
  return dateFormat(zone).format(instant);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The most recent date on or before `from` that falls on `weekday`. */
export function mostRecentWeekday(from: string, weekday: Weekday): string {
  const fromIndex = new Date(`${from}T00:00:00Z`).getUTCDay();
  return addDays(from, -((fromIndex - WEEKDAYS.indexOf(weekday) + 7) % 7));
}

/** Timestamps are stored ISO 8601 in UTC with milliseconds, so they sort as text and keep their order. */
export function timestamp(instant: Date): string {
  return instant.toISOString();
}

/**
 * A stored timestamp as every interface writes it: UTC to the whole second (`2026-11-26T01:53:35Z`), as
 * the real services do. Strict ISO 8601 decoders (Swift's `.iso8601` among them) refuse fractions, so the
 * milliseconds that order rows stay in the store. Truncated, never rounded: an output time is never later
 * than the instant it stands for.
 */
export function wireTime(stored: string): string;
export function wireTime(stored: string | null): string | null;
export function wireTime(stored: string | null): string | null {
  return stored === null ? null : `${new Date(stored).toISOString().slice(0, 19)}Z`;
}
