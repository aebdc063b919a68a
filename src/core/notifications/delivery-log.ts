/**
 * The notification channels' delivery log for operators (`pulse admin notifications deliveries`, GET
 * /api/v2/notifications/deliveries; administrators only), and which channels are failing (`pulse doctor`).
 * A channel's URL is a person's or a team's, and a chat webhook's path is its credential: the log names
 * where a delivery went by its scheme and host only (an email channel by its address).
 */
import { ForbiddenError } from '../errors.js';
import { booleanParam, integerParam, parseQuery } from '../query-params.js';
import type { ServiceContext } from '../service-context.js';
import type { Page } from '../types.js';
import type { DeliveryLogRow } from '../webhooks/repository.js';
import { DEFAULT_DELIVERIES, MAX_DELIVERIES } from '../webhooks/schemas.js';
import type { DeliveryAttempts, WebhookFormat } from '../webhooks/types.js';
import { attemptFields } from '../webhooks/webhook-admin.js';

/** Whose channel it is. */
export interface ChannelOwner {
  kind: 'person' | 'team';
  id: string;
  name: string;
}

/** One event's delivery to one person's or team's channel. */
export interface NotificationDelivery extends DeliveryAttempts {
  id: number;
  channel_id: number;
  format: WebhookFormat;
  /** Where it goes: `https://hooks.example.com` (scheme and host only), or the email address. */
  destination: string;
  owner: ChannelOwner;
}

/** Which deliveries to list: only failed ones (given up on), only one channel's; newest first. */
export interface NotificationDeliveryQuery {
  failed?: boolean | string;
  channel_id?: number | string;
  limit?: number | string;
}

export const notificationDeliveryParams = {
  failed: booleanParam('failed'),
  channel_id: integerParam('channel_id', 1),
  limit: integerParam('limit', 1, MAX_DELIVERIES),
};

/** What the log shows of a channel's URL: never a path, a query or credentials. */
export function channelDestination(url: string): string {
  if (/^mailto:/i.test(url)) return decodeURIComponent(url.replace(/^mailto:/i, ''));
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '';
  }
}

export async function listNotificationDeliveries(
  context: ServiceContext,
  query: NotificationDeliveryQuery,
): Promise<Page<NotificationDelivery>> {
  const viewer = await context.viewer();
  if (!viewer.person.administrator) {
    throw new ForbiddenError('only administrators may read the notification deliveries');
  }
  const { failed, channel_id, limit = DEFAULT_DELIVERIES } = parseQuery(notificationDeliveryParams, query);
  const rows = await context.repo.listDeliveries({
    ...(failed ? { state: 'failed' as const } : {}),
    ...(channel_id !== undefined ? { webhookId: channel_id } : {}),
    owner: 'channels',
    limit,
  });
  const personIds = [...new Set(rows.flatMap((row) => (row.person_id ? [row.person_id] : [])))];
  const teamIds = [...new Set(rows.flatMap((row) => (row.team_id ? [row.team_id] : [])))];
  const [people, teams] = await Promise.all([
    personIds.length > 0 ? context.repo.peopleByIds(personIds) : [],
    teamIds.length > 0 ? context.repo.teamsByIds(teamIds) : [],
  ]);
  const names = new Map<string, string>([
    ...people.map((person): [string, string] => [`person:${person.id}`, person.name]),
    ...teams.map((team): [string, string] => [`team:${team.id}`, team.name]),
  ]);
  const ownerOf = (row: DeliveryLogRow): ChannelOwner => {
    const [kind, id] = row.person_id
      ? (['person', row.person_id] as const)
      : (['team', row.team_id ?? ''] as const);
    return { kind, id, name: names.get(`${kind}:${id}`) ?? '' };
  };
  return {
    items: rows.map((row) => ({
      id: row.id,
      channel_id: row.webhook_id,
      format: row.format,
      destination: channelDestination(row.url),
      owner: ownerOf(row),
      ...attemptFields(row),
    })),
    page: 1,
    perPage: limit,
    hasNext: false,
  };
}

/** A channel whose latest tried delivery did not get through: given up on, or being retried. */
export interface FailingChannel {
  channel_id: number;
  format: WebhookFormat;
  destination: string;
  owner: ChannelOwner;
  /** Its deliveries in the log given up on, or waiting for a retry after a failure. */
  failing: number;
  last_error: string | null;
  since: string;
}

/**
 * The channels failing in a log (newest first): each judged by its newest delivery that has been tried,
 * so a channel that works again is not reported for its past failures.
 */
export function failingChannels(log: readonly NotificationDelivery[]): FailingChannel[] {
  const judged = new Set<number>();
  const failing = new Map<number, FailingChannel>();
  for (const delivery of log) {
    const failed =
      delivery.state === 'failed' || (delivery.state === 'pending' && delivery.last_error !== null);
    const known = failing.get(delivery.channel_id);
    if (known && failed) {
      known.failing++;
      known.since = delivery.created_at;
      continue;
    }
    if (judged.has(delivery.channel_id) || delivery.attempts === 0) continue;
    judged.add(delivery.channel_id);
    if (!failed) continue;
    failing.set(delivery.channel_id, {
      channel_id: delivery.channel_id,
      format: delivery.format,
      destination: delivery.destination,
      owner: delivery.owner,
      failing: 1,
      last_error: delivery.last_error,
      since: delivery.created_at,
    });
  }
  return [...failing.values()];
}
