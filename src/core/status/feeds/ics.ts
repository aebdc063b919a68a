/**
 * The iCalendar feed of planned maintenance (RFC 5545), served at {status URL}/maintenance.ics: one event
 * per planned notice over its scheduled window. Pure and byte-stable for the same notices (each event's
 * DTSTAMP is its notice's last change, not the time of reading), so a rendering is kept while the data
 * version holds.
 */
import type { StatusNoticeDetail, StatusPage } from '../types.js';
import { entryUpdated } from './atom.js';
import { noticeText } from './text.js';

export interface CalendarInput {
  page: StatusPage;
  /** Planned notices (others are left out), in any order. */
  notices: StatusNoticeDetail[];
  /** The status page people read: each event's URL is its incident page under it. */
  statusUrl: string;
}

const MAX_LINE_OCTETS = 75;

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon, comma and line ends escaped. */
export function icsText(value: string): string {
  return (
    value
      .replace(/[\\;,]/g, (character) => `\\${character}`)
      .replace(/\r\n|\r|\n/g, '\\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters have no place in a TEXT value
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
  );
}

/**
 * Folds a content line (RFC 5545 3.1) into lines of at most 75 octets, each continuation starting with a
 * space, never inside a UTF-8 sequence or a surrogate pair.
 */
export function foldLine(line: string): string {
  const folded: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > MAX_LINE_OCTETS) {
      folded.push(current);
      // The continuation's leading space counts towards its 75 octets.
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  folded.push(current);
  return folded.join('\r\n');
}

/** A wire time (2026-11-23T10:00:00Z) as an iCalendar UTC DATE-TIME: 20261123T100000Z. */
export function icsTime(wire: string): string {
  return `${wire.slice(0, 19).replace(/[-:]/g, '')}Z`;
}

export function renderMaintenanceCalendar({ page, notices, statusUrl }: CalendarInput): string {
  const base = statusUrl.replace(/\/+$/, '');
  const host = new URL(base).hostname;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//pulse//status maintenance//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(`${page.name} maintenance`)}`,
  ];
  const planned = notices
    .flatMap((notice) =>
      notice.type === 'planned' && notice.begins_at && notice.ends_at
        ? [{ notice, begins: notice.begins_at, ends: notice.ends_at }]
        : [],
    )
    .sort((a, b) => (a.begins === b.begins ? a.notice.id - b.notice.id : a.begins < b.begins ? -1 : 1));
  for (const { notice, begins, ends } of planned) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:notice-${notice.id}@${host}`,
      `DTSTAMP:${icsTime(entryUpdated(notice))}`,
      `DTSTART:${icsTime(begins)}`,
      `DTEND:${icsTime(ends)}`,
      `CREATED:${icsTime(notice.created_at)}`,
      `LAST-MODIFIED:${icsTime(entryUpdated(notice))}`,
      // Every update (a transition or a note) revises the event; the first is the notice itself.
      `SEQUENCE:${Math.max(0, notice.updates.length - 1)}`,
      // pulse cannot cancel maintenance (scheduled moves only to underway): every event stands.
      'STATUS:CONFIRMED',
      `SUMMARY:${icsText(notice.subject)}`,
      `DESCRIPTION:${icsText(noticeText(notice))}`,
      `URL:${base}/incidents/${notice.id}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
