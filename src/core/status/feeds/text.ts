/**
 * What the feeds say about a notice in words: its state for people, its times in UTC, and its updates as
 * plain text (the Atom entry's content and the calendar event's description say the same).
 */
import type { StatusNoticeDetail } from '../types.js';
import { NOTICE_STATE_WORDS, readableTime } from '../words.js';

/** The notice's window (planned only), then its updates newest first, each under its state and time. */
export function noticeText(notice: StatusNoticeDetail): string {
  const parts: string[] = [];
  if (notice.begins_at && notice.ends_at) {
    parts.push(`Scheduled from ${readableTime(notice.begins_at)} to ${readableTime(notice.ends_at)}.`);
  }
  if (notice.components.length > 0) {
    parts.push(`Affects: ${notice.components.map((component) => component.name).join(', ')}.`);
  }
  for (const update of notice.updates) {
    const heading = `${NOTICE_STATE_WORDS[update.state]} (${readableTime(update.created_at)})`;
    parts.push(update.content === '' ? heading : `${heading}: ${update.content}`);
  }
  return parts.join('\n\n');
}

/** The later of two wire times (same format, so they compare as text). */
export function laterOf(first: string, second: string): string {
  return second > first ? second : first;
}
