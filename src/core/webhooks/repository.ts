/** What webhooks need from storage, as plain rows: the subscribers, the outbox and the deliveries. */
import type { DeliveryState, WebhookFormat } from './types.js';

export interface WebhookRow {
  id: number;
  url: string;
  secret: string;
  format: WebhookFormat;
  /** Event types, comma-separated; null: every type. */
  events: string | null;
  created_at: string;
  /** The person whose reminders it carries (issue 31); null for the status page's and teams' webhooks. */
  person_id: string | null;
  /** The team whose notifications it carries; null for the status page's and people's webhooks. */
  team_id: string | null;
}

export interface WebhookEventRow {
  id: string;
  type: string;
  /** The event as JSON subscribers receive it. */
  body: string;
  created_at: string;
}

export interface DeliveryRow {
  id: number;
  webhook_id: number;
  event_id: string;
  state: DeliveryState;
  next_attempt_at: string;
  expires_at: string;
  /** Claimed until then by an instance posting it; null when nobody holds it. */
  leased_until: string | null;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** A delivery as the log lists it: with its webhook's URL, format and owner, and its event's type. */
export interface DeliveryLogRow
  extends DeliveryRow,
    Pick<WebhookRow, 'url' | 'format' | 'person_id' | 'team_id'> {
  event_type: string;
}

/** A claimed delivery, with what posting it takes. */
export interface ClaimedDelivery {
  delivery: DeliveryRow;
  event: WebhookEventRow;
  webhook: WebhookRow;
}

/** The outcome of one attempt, recorded only by the claim that made it (its attempts count). */
export interface AttemptOutcome {
  status: number | null;
  error: string | null;
  /** delivered, or pending again from next_attempt_at, or failed for good. */
  state: DeliveryState;
  next_attempt_at: string;
  delivered_at: string | null;
}

export interface DeliveryFilter {
  state?: DeliveryState;
  webhookId?: number;
  /** Only the status page's webhooks' deliveries, or only people's and teams' channels'; absent: all. */
  owner?: 'status' | 'channels';
  limit: number;
}

export interface WebhookRepository {
  /** Adds a webhook; resolves to its id. */
  insertWebhook(webhook: Omit<WebhookRow, 'id'>): Promise<number>;
  /** Every webhook, oldest first. */
  listWebhooks(): Promise<WebhookRow[]>;
  /** Removes a webhook and its deliveries; false when there was none. */
  deleteWebhook(id: number): Promise<boolean>;
  /**
   * Adds an event to the outbox with a pending delivery to each of `webhookIds`, due at `dueAt` and given
   * up at `expiresAt`; in the caller's transaction when there is one, so it commits with the change.
   */
  addEvent(
    event: WebhookEventRow,
    webhookIds: readonly number[],
    dueAt: string,
    expiresAt: string,
  ): Promise<void>;
  /**
   * Claims the pending delivery due longest ago that nobody holds (never claimed, or its lease ran out)
   * until `leaseUntil`, counting an attempt; undefined when none is due. Instances on one PostgreSQL
   * database never claim the same one.
   */
  claimNextDelivery(now: string, leaseUntil: string): Promise<ClaimedDelivery | undefined>;
  /**
   * Records an attempt's outcome and releases the lease, unless another claim has made an attempt since
   * (this one's lease ran out): resolves to whether it was recorded.
   */
  recordAttempt(id: number, attempts: number, outcome: AttemptOutcome): Promise<boolean>;
  /** Deliveries newest first. */
  listDeliveries(filter: DeliveryFilter): Promise<DeliveryLogRow[]>;
}
