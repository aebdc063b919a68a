/**
 * The v1 serializer layer: the documented shapes built from rows (each function returns exactly the
 * documented properties), and their envelope on the wire both ways (v1Representation).
 */
import { isPagePosition, type Representation } from '../endpoints/define.js';
import { nextLink } from '../endpoints/links.js';
import { keyOf, malformed, unwrap } from '../endpoints/wrapped.js';
import type { ActivityRow, CheckInRow, CommentRow, PersonRow, ReactionRow } from '../repository.js';
import { wireTime } from '../time.js';
import { initialsOf } from './names.js';
import { V1_PAGE_SIZE } from './team-service.js';
import type { V1Comment, V1Reaction, V1Status, V1StatusActivity, V1User } from './types.js';

/** Absolute URLs of v1 resources, under the deployment's public base URL. */
export class V1UrlBuilder {
  private readonly base: string;

  constructor(publicUrl: string) {
    this.base = `${publicUrl.replace(/\/+$/, '')}/api/v1`;
  }

  of(collection: 'reports' | 'statuses' | 'comments' | 'reactions', id: string): string {
    return `${this.base}/${collection}/${id}`;
  }
}

/** Gravatar's address for an email: the SHA-256 of the trimmed, lower-cased address (identicon fallback). */
export function gravatarUrl(emailHash: string): string {
  return `https://www.gravatar.com/avatar/${emailHash}?d=identicon`;
}

export async function emailHash(email: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}

export async function serializeUser(row: PersonRow): Promise<V1User> {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    time_zone: row.time_zone,
    administrator: row.administrator,
    slug: row.slug,
    full_name: row.name,
    initials: initialsOf(row.first_name, row.last_name),
    avatar_url: gravatarUrl(await emailHash(row.email)),
  };
}

// Made on first use: the first Intl date format of a process costs ~10 ms (its locale data), and every
// command that opens a local store imports this module.
let dayFormat: Intl.DateTimeFormat | undefined;

/** "Monday, November 23" for 2026-11-23. */
export function longDay(date: string): string {
  dayFormat ??= new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/** "Ana Diaz's check-in for Monday, November 23". */
export function statusTitle(fullName: string, date: string): string {
  return `${fullName}'s check-in for ${longDay(date)}`;
}

/** The interface's `YYYY-MM-DD HH:MM:SS` (UTC) from an ISO timestamp. */
export function metricTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

export interface StatusParts {
  row: CheckInRow;
  user: V1User;
  reportId: string;
  commentIds: string[];
  reactionIds: string[];
  activityIds: string[];
  /** Tag listings show previous_completed in answers as the string "1" or "0", as documented. */
  inTagListing: boolean;
}

export function serializeStatus(parts: StatusParts, urls: V1UrlBuilder): V1Status {
  const { row, user } = parts;
  const previousCompleted = row.previous_completed === true;
  return {
    id: row.id,
    answers: {
      next: row.intentions ?? '',
      blockers: row.blockers ?? '',
      previous: row.previous ?? '',
      previous_completed: parts.inTagListing ? (previousCompleted ? '1' : '0') : previousCompleted,
    },
    blocked: row.blocked,
    completed_at: wireTime(row.completed_at),
    previous_completed: previousCompleted,
    report_id: parts.reportId,
    slug: `${row.date}-${user.slug}`,
    attachments: [],
    report_date: row.date,
    title: statusTitle(user.full_name, row.date),
    url: urls.of('statuses', row.id),
    comment_ids: parts.commentIds,
    reaction_ids: parts.reactionIds,
    status_activity_ids: parts.activityIds,
    user,
  };
}

export function serializeStatusActivity(row: ActivityRow & { check_in_id: string }): V1StatusActivity {
  return {
    id: row.id,
    status_id: row.check_in_id,
    kind: row.group_name,
    created_at: wireTime(row.recorded_at),
    description: row.description,
    html_description: row.html_description ?? '',
    url: row.url ?? '',
  };
}

export function serializeComment(
  row: CommentRow,
  user: V1User,
  statusAuthor: string,
  statusDate: string,
  urls: V1UrlBuilder,
): V1Comment {
  return {
    id: row.id,
    body: row.body,
    created_at: wireTime(row.created_at),
    status_id: row.resource_id,
    title: `${user.full_name} commented on ${statusTitle(statusAuthor, statusDate)}`,
    url: urls.of('comments', row.id),
    user,
  };
}

export function serializeReaction(
  row: ReactionRow,
  user: V1User,
  statusAuthor: string,
  statusDate: string,
  urls: V1UrlBuilder,
): V1Reaction {
  return {
    id: row.id,
    body: row.name,
    created_at: wireTime(row.created_at),
    status_id: row.resource_id,
    title: `${user.full_name} reacted with :${row.name}: to ${statusTitle(statusAuthor, statusDate)}`,
    url: urls.of('reactions', row.id),
    user,
  };
}

const INTERFACE = 'a v1 interface';

/**
 * The v1 envelope: a resource under its name (`{"member": {...}}`), a page of a collection under its
 * plural (`{"members": [...]}`) with a Link header. The client reads the page's number from the query it
 * sent, and whether another follows from Link rel="next"; a deployment without Link headers has more
 * while its pages are full.
 */
export const v1Representation: Representation = {
  write(endpoint, value) {
    const key = keyOf(endpoint);
    if (endpoint.shape === 'page' && isPagePosition(value)) {
      return { body: { [key]: value.items }, position: { page: value.page, hasNext: value.hasNext } };
    }
    return { body: { [key]: value } };
  },
  read(endpoint, response, query, request) {
    const key = keyOf(endpoint);
    const value = unwrap(response.body, key, request, INTERFACE);
    if (endpoint.shape !== 'page') return value;
    if (!Array.isArray(value)) throw malformed(request, key, INTERFACE);
    const { link } = response.headers;
    const hasNext = link === undefined ? value.length === V1_PAGE_SIZE : nextLink(link) !== undefined;
    return { items: value, page: query.page === undefined ? 1 : Number(query.page), hasNext };
  },
};
