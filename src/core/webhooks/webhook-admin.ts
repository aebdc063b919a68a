/**
 * The administrators' webhooks: adding one (its secret given or made, shown once), listing them (never
 * their secrets), removing one (with its pending deliveries), and reading the delivery log.
 */
import * as z from 'zod/mini';
import type { Clock } from '../clock.js';
import { NotFoundError } from '../errors.js';
import { parseQuery } from '../query-params.js';
import type { StatusCollection } from '../status/status-service.js';
import { timestamp, wireTime } from '../time.js';
import { parseInput } from '../validation.js';
import { isStatusWebhook } from './outbox.js';
import type { DeliveryLogRow, WebhookRepository, WebhookRow } from './repository.js';
import { DEFAULT_DELIVERIES, deliveryParams } from './schemas.js';
import {
  type CreatedWebhook,
  type DeliveryQuery,
  STATUS_EVENT_TYPES,
  WEBHOOK_FORMATS,
  type Webhook,
  type WebhookDelivery,
  type WebhookFormat,
  type WebhookInput,
} from './types.js';

/** A secret's bounds: long enough to resist guessing, short enough for a header's HMAC key. */
const SECRET_MIN = 16;
const SECRET_MAX = 256;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === ''
    );
  } catch {
    return false;
  }
}

export const webhookSchema = z.object({
  url: z
    .string({ error: 'url must be text' })
    .check(
      z.maxLength(2000, { error: 'url must be at most 2000 characters' }),
      z.refine(isHttpUrl, { error: 'url must be an absolute http(s) URL without credentials' }),
    ),
  secret: z.optional(
    // One rule, so a bad secret gets one message whatever is wrong with it.
    z.string({ error: 'secret must be text' }).check(
      z.refine(
        (value) => value.length >= SECRET_MIN && value.length <= SECRET_MAX && /^[\x21-\x7e]+$/.test(value),
        {
          error: `secret must be ${SECRET_MIN} to ${SECRET_MAX} printable ASCII characters without spaces`,
        },
      ),
    ),
  ),
  events: z.optional(
    z
      .array(
        z.enum(STATUS_EVENT_TYPES, {
          error: `events must be among ${STATUS_EVENT_TYPES.join(', ')}`,
        }),
        { error: 'events must be a list of event types' },
      )
      .check(z.minLength(1, { error: 'events must name at least one event type' })),
  ),
  format: z.optional(
    z.enum(WEBHOOK_FORMATS, { error: `format must be one of ${WEBHOOK_FORMATS.join(', ')}` }),
  ),
});

export function serializeWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    format: row.format,
    events: row.events === null ? null : row.events.split(','),
    created_at: wireTime(row.created_at),
  };
}

export function serializeDelivery(row: DeliveryLogRow): WebhookDelivery {
  return { id: row.id, webhook_id: row.webhook_id, url: row.url, ...attemptFields(row) };
}

/** What a delivery log says of a delivery's event and attempts (the status webhooks' and the channels'). */
export function attemptFields(row: DeliveryLogRow) {
  return {
    event_id: row.event_id,
    event_type: row.event_type,
    state: row.state,
    attempts: row.attempts,
    last_status: row.last_status,
    last_error: row.last_error,
    next_attempt_at: row.state === 'pending' ? wireTime(row.next_attempt_at) : null,
    delivered_at: wireTime(row.delivered_at),
    created_at: wireTime(row.created_at),
  };
}

/**
 * A list answered in one page, as the status administration's lists are wrapped (`{"webhooks": [...],
 * "meta": {...}}`): there are few webhooks, and the log is cut at its limit.
 */
function whole<T>(items: T[]): StatusCollection<T> {
  return { items, page: 1, hasNext: false, count: items.length, totalCount: items.length, nextPage: null };
}

export class WebhookAdmin {
  constructor(
    private readonly repo: WebhookRepository,
    private readonly clock: Clock,
  ) {}

  async add(input: WebhookInput): Promise<CreatedWebhook> {
    const parsed = parseInput(webhookSchema, input);
    const secret = parsed.secret ?? (await randomSecret());
    const events = parsed.events === undefined ? null : [...new Set(parsed.events)].join(',');
    const row: Omit<WebhookRow, 'id'> = {
      url: parsed.url,
      secret,
      format: (parsed.format ?? 'json') as WebhookFormat,
      events,
      created_at: timestamp(this.clock.now()),
      person_id: null,
      team_id: null,
    };
    const id = await this.repo.insertWebhook(row);
    return { ...serializeWebhook({ ...row, id }), secret };
  }

  async list(): Promise<StatusCollection<Webhook>> {
    return whole((await this.repo.listWebhooks()).filter(isStatusWebhook).map(serializeWebhook));
  }

  async remove(id: number | string): Promise<void> {
    const webhookId = typeof id === 'number' ? id : /^\d{1,15}$/.test(id) ? Number(id) : Number.NaN;
    if (!Number.isSafeInteger(webhookId) || webhookId < 1) throw new NotFoundError(`no webhook ${id}`);
    const owned = (await this.repo.listWebhooks()).find((webhook) => webhook.id === webhookId);
    if (!owned || !isStatusWebhook(owned) || !(await this.repo.deleteWebhook(webhookId))) {
      throw new NotFoundError(`no webhook ${id}`);
    }
  }

  async deliveries(query: DeliveryQuery): Promise<StatusCollection<WebhookDelivery>> {
    const { failed, webhook_id, limit } = parseQuery(deliveryParams, query);
    const rows = await this.repo.listDeliveries({
      ...(failed ? { state: 'failed' as const } : {}),
      ...(webhook_id !== undefined ? { webhookId: webhook_id } : {}),
      owner: 'status',
      limit: limit ?? DEFAULT_DELIVERIES,
    });
    return whole(rows.map(serializeDelivery));
  }
}

/** 32 random bytes as hex, prefixed so a leaked one is recognisable (as tokens are). */
async function randomSecret(): Promise<string> {
  const { randomBytes } = await import('node:crypto');
  return `whsec_${randomBytes(32).toString('hex')}`;
}
