/**
 * iCalendar absences: the dates every VEVENT covers. All-day events run from DTSTART up to DTEND, which is
 * exclusive; timed events cover every date they touch, as written in the calendar (an end at midnight
 * does not touch the next date). Recurring events are expanded from today up to a horizon, with their
 * EXDATEs and moved occurrences (RECURRENCE-ID); cancelled events and occurrences are left out. Each
 * event names whose absence it is by its ATTENDEE emails, or else its ORGANIZER's: a shared leave calendar.
 */
import type ICAL from 'ical.js';
import { addDays, isCalendarDate } from '../../../core/time.js';
import { UsageError } from '../../errors.js';
import { datesBetween, MAX_RANGE_DAYS, rangeProblem } from './date-selection.js';

type Component = InstanceType<typeof ICAL.Component>;
type Event = InstanceType<typeof ICAL.Event>;
type Time = InstanceType<typeof ICAL.Time>;

/** How far ahead recurring events are expanded. */
export const RECURRENCE_HORIZON_YEARS = 2;
/** Occurrences one recurring event may produce before it counts as malformed (a rule every minute). */
const MAX_OCCURRENCES = 20_000;

/**
 * One VEVENT: the line of its BEGIN:VEVENT, the emails of the people it is for (its attendees, or else
 * its organizer; none when it names neither), and its dates, or why it cannot be used.
 */
export type IcsEvent =
  | { line: number; people: string[]; dates: string[] }
  | { line: number; people: string[]; date: string | null; error: string };

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const dateOf = (time: Time) => `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;

/** The events of an iCalendar text, in file order; a text that is not iCalendar is a usage error. */
export async function parseAbsenceIcs(input: string, source: string, today: string): Promise<IcsEvent[]> {
  const { default: ical } = await import('ical.js');
  const text = input.replace(/^\uFEFF/, '');
  const root = parseCalendar(ical, text, source);
  const textLines = text.split(/\r?\n/);
  const lines = veventLines(textLines);
  const vevents = root.getAllSubcomponents('vevent');
  const exceptions = new Map<string, Component[]>();
  const masters = new Set<string>();
  for (const vevent of vevents) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    if (vevent.hasProperty('recurrence-id')) exceptions.set(uid, [...(exceptions.get(uid) ?? []), vevent]);
    else if (uid !== '') masters.add(uid);
  }
  const horizon = addDays(today, Math.round(RECURRENCE_HORIZON_YEARS * 365.25));
  const events: IcsEvent[] = [];
  vevents.forEach((vevent, index) => {
    const line = lines[index] ?? 0;
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    // A moved or cancelled occurrence belongs to its recurring event, which expands it.
    if (vevent.hasProperty('recurrence-id') && masters.has(uid)) return;
    if (isCancelled(vevent)) return;
    const people = eventPeople(vevent);
    try {
      const event = new ical.Event(vevent, {
        strictExceptions: true,
        exceptions: vevent.hasProperty('recurrence-id') ? [] : (exceptions.get(uid) ?? []),
      });
      for (const name of ['dtstart', 'dtend'] as const) checkTime(event, name, textLines, line);
      events.push({ line, people, dates: eventDates(event, today, horizon) });
    } catch (error) {
      const date = String(vevent.getFirstProperty('dtstart')?.jCal[3] ?? '').slice(0, 10);
      events.push({
        line,
        people,
        date: isCalendarDate(date) ? date : null,
        error: `line ${line}: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  });
  return events;
}

function parseCalendar(ical: typeof ICAL, text: string, source: string): Component {
  if (text.trim() === '') throw new UsageError(`${source}: empty: not an iCalendar file`);
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() !== '');
  if (!/^BEGIN:VCALENDAR\s*$/i.test(lines[start] ?? ''))
    throw new UsageError(`${source}: line ${start + 1}: not iCalendar: expected BEGIN:VCALENDAR`);
  let parsed: unknown;
  try {
    parsed = ical.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${source}${lineOfParseError(text, message)}: not iCalendar: ${message}`);
  }
  // Several calendars in one file parse to a list: take them all under the first.
  const first = Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed];
  const calendars = (first as unknown[]).map((jcal) => new ical.Component(jcal as unknown[]));
  const root = calendars[0];
  if (root?.name !== 'vcalendar') throw new UsageError(`${source}: not iCalendar: expected BEGIN:VCALENDAR`);
  for (const other of calendars.slice(1)) {
    for (const vevent of other.getAllSubcomponents('vevent')) root.addSubcomponent(vevent);
  }
  return root;
}

/** ": line N" for a parser message that quotes the offending line, or the last line for an unclosed block. */
function lineOfParseError(text: string, message: string): string {
  const lines = text.split(/\r?\n/);
  const quoted = /"([^"]*)"$/.exec(message)?.[1];
  if (quoted !== undefined) {
    const index = lines.findIndex((line) => line.startsWith(quoted.slice(0, 40)));
    if (index >= 0) return `: line ${index + 1}`;
  }
  if (/did not end/.test(message)) return `: line ${lines.length - (lines.at(-1) === '' ? 1 : 0)}`;
  return '';
}

/** The 1-based line of each BEGIN:VEVENT, in file order (the order the parser lists the events in). */
function veventLines(textLines: string[]): number[] {
  const lines: number[] = [];
  textLines.forEach((line, index) => {
    if (/^BEGIN:VEVENT\s*$/i.test(line)) lines.push(index + 1);
  });
  return lines;
}

/** The emails of an event's attendees, or else of its organizer, as written (`mailto:` dropped), once each. */
function eventPeople(vevent: Component): string[] {
  const emails = (name: string) =>
    vevent
      .getAllProperties(name)
      .map((property) => String(property.getFirstValue() ?? '').trim())
      .map((address) => address.replace(/^mailto:/i, ''))
      .filter((address) => address !== '');
  const attendees = emails('attendee');
  const people = attendees.length > 0 ? attendees : emails('organizer');
  const seen = new Set<string>();
  return people.filter((email) => {
    const key = email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function isCancelled(component: Component): boolean {
  return String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
}

/**
 * Checks a DTSTART or DTEND: the parser itself accepts impossible dates such as 2026-13-45 (and mangles
 * what is not a date), so a bad one is named as the file writes it, from the event's lines.
 */
function checkTime(event: Event, name: 'dtstart' | 'dtend', textLines: string[], line: number): void {
  const property = event.component.getFirstProperty(name);
  const label = name.toUpperCase();
  if (!property) {
    if (name === 'dtstart') throw new Error(`an event without ${label}`);
    return;
  }
  const value = String(property.jCal[3] ?? '');
  const time = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}):(\d{2})Z?)?$/.exec(value);
  const valid =
    time !== null &&
    isCalendarDate(time[1] as string) &&
    (time[2] === undefined || (Number(time[2]) < 24 && Number(time[3]) < 60 && Number(time[4]) < 61));
  if (!valid)
    throw new Error(`${label} is not a date or date-time: ${writtenValue(textLines, line, label) ?? value}`);
}

/** A property's value as written in the event that begins on `line` (1-based): after the last colon. */
function writtenValue(textLines: string[], line: number, name: string): string | undefined {
  for (const text of textLines.slice(line)) {
    if (/^END:VEVENT\s*$/i.test(text)) return undefined;
    if (new RegExp(`^${name}[;:]`, 'i').test(text)) return text.slice(text.lastIndexOf(':') + 1).trim();
  }
  return undefined;
}

function eventDates(event: Event, today: string, horizon: string): string[] {
  if (!event.isRecurring()) return occurrenceDates(event.startDate, event.endDate);
  const dates = new Set<string>();
  const expansion = event.iterator();
  for (let count = 1; ; count++) {
    const next = expansion.next();
    if (!next) break;
    if (count > MAX_OCCURRENCES) throw new Error(`recurs too often: over ${MAX_OCCURRENCES} occurrences`);
    const details = event.getOccurrenceDetails(next);
    // Occurrences come in the order of their original dates; a moved one may still land inside.
    if (dateOf(details.recurrenceId) > horizon) break;
    if (isCancelled(details.item.component)) continue;
    for (const date of occurrenceDates(details.startDate, details.endDate)) {
      if (date >= today && date <= horizon) dates.add(date);
    }
  }
  return [...dates].sort();
}

/** The dates one occurrence covers. */
function occurrenceDates(start: Time, end: Time): string[] {
  const first = dateOf(start);
  let last = dateOf(end);
  // An all-day end is exclusive; so is a timed end at midnight.
  if (end.isDate || (end.hour === 0 && end.minute === 0 && end.second === 0)) last = addDays(last, -1);
  if (last < first) last = first;
  const problem = rangeProblem(first, last, { from: 'DTSTART', to: 'DTEND' });
  if (problem) throw new Error(`an event longer than ${MAX_RANGE_DAYS} days (${first} to ${last})`);
  return datesBetween(first, last);
}
