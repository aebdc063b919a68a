/**
 * The Atom feed of notices (RFC 4287), served at {status URL}/feed.atom: one entry per notice, its updates
 * newest first in its content, the most recently updated notice first. Pure: the same notices make the same
 * bytes, so a rendering is kept while the data version holds.
 */
import type { StatusNoticeDetail, StatusPage } from '../types.js';
import { NOTICE_STATE_WORDS } from '../words.js';
import { laterOf, noticeText } from './text.js';
import { xmlText } from './xml.js';

export interface AtomFeedInput {
  page: StatusPage;
  /** The notices to list, in any order (the newest page of them). */
  notices: StatusNoticeDetail[];
  /** The status page people read (e.g. https://example.com/status): the feed and incident pages sit under it. */
  statusUrl: string;
}

/** When an entry last changed: its notice, or its newest update if later. */
export function entryUpdated(notice: StatusNoticeDetail): string {
  return notice.updates.reduce((latest, update) => laterOf(latest, update.created_at), notice.updated_at);
}

/**
 * An entry's id: a tag URI (RFC 4151) on the status URL's host and the day the notice was made, which
 * neither a new update nor a new state changes.
 */
export function noticeTag(statusUrl: string, notice: StatusNoticeDetail): string {
  return `tag:${new URL(statusUrl).hostname},${notice.created_at.slice(0, 10)}:notice/${notice.id}`;
}

export function renderAtomFeed({ page, notices, statusUrl }: AtomFeedInput): string {
  const base = statusUrl.replace(/\/+$/, '');
  const entries = notices
    .map((notice) => ({ notice, updated: entryUpdated(notice) }))
    .sort((a, b) => (a.updated === b.updated ? b.notice.id - a.notice.id : a.updated < b.updated ? 1 : -1));
  const updated = entries.reduce((latest, entry) => laterOf(latest, entry.updated), page.updated_at);
  const author = `<author><name>${xmlText(page.name)}</name></author>`;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(`${base}/feed.atom`)}</id>`,
    `  <title>${xmlText(page.name)}</title>`,
    `  <subtitle>${xmlText(page.state_text)}</subtitle>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(`${base}/feed.atom`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(base)}"/>`,
    `  ${author}`,
    '  <generator>pulse</generator>',
  ];
  for (const { notice, updated: entryTime } of entries) {
    lines.push(
      '  <entry>',
      `    <id>${xmlText(noticeTag(base, notice))}</id>`,
      `    <title>${xmlText(`${notice.subject} (${NOTICE_STATE_WORDS[notice.state]})`)}</title>`,
      `    <updated>${entryTime}</updated>`,
      `    <published>${notice.created_at}</published>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(`${base}/incidents/${notice.id}`)}"/>`,
      `    ${author}`,
      `    <category term="${notice.type}"/>`,
      `    <content type="text">${xmlText(noticeText(notice))}</content>`,
      '  </entry>',
    );
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}
