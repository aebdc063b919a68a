/**
 * Webhooks (issue 29): URLs an administrator registers to be told of status changes, the events pulse
 * POSTs to them, and the log of those deliveries. The outbox (outbox.ts) and the sender (sender.ts) know
 * nothing of the status page: an event is a type and a JSON value, a subscriber a URL with a secret, so
 * other events (reminders, issue 31) can go out the same way.
 */

/** The events of the status page a webhook can receive. */
export const STATUS_EVENT_TYPES = [
  'notice.created',
  'notice.updated',
  /** A notice moved to a final state: resolved or false_alarm (unplanned), complete (planned). */
  'notice.resolved',
  'component.state_changed',
] as const;
export type StatusEventType = (typeof STATUS_EVENT_TYPES)[number];

/** How a webhook's request body is written: the event itself, or a Slack incoming-webhook message. */
export const WEBHOOK_FORMATS = ['json', 'slack'] as const;
/** Formats of reminder and team channels: the webhooks' and email (the url is `mailto:ADDRESS`). */
export const CHANNEL_FORMATS = ['json', 'slack', 'email'] as const;
export type WebhookFormat = (typeof CHANNEL_FORMATS)[number];

export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** An event as every JSON subscriber receives it (the request's body). */
export interface WebhookEvent<Data = unknown> {
  /** Unique; also the Pulse-Webhook-Id header, so a receiver can drop a second delivery. */
  id: string;
  type: string;
  created_at: string;
  data: Data;
}

/** A webhook as pulse lists it: never its secret. */
export interface Webhook {
  id: number;
  url: string;
  format: WebhookFormat;
  /** The event types it receives; null: every type, those added later too. */
  events: string[] | null;
  created_at: string;
}

/** A webhook just added: the one time its secret is shown. */
export interface CreatedWebhook extends Webhook {
  secret: string;
}

/** What a delivery log says of a delivery's event and its attempts so far (both logs). */
export interface DeliveryAttempts {
  event_id: string;
  event_type: string;
  state: DeliveryState;
  attempts: number;
  /** The last response's status; null before any, or when the last attempt got none (a network error). */
  last_status: number | null;
  /** Why the last attempt failed; null once delivered or before any attempt. */
  last_error: string | null;
  /** When it is tried next; null once delivered or failed. */
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** One event's delivery to one webhook, with its attempts so far. */
export interface WebhookDelivery extends DeliveryAttempts {
  id: number;
  webhook_id: number;
  url: string;
}

/** What an administrator gives to add a webhook (the core validates it). */
export interface WebhookInput {
  url: string;
  /** Signs every request; pulse makes a random one when none is given. */
  secret?: string;
  /** Event types; absent: every type. */
  events?: string[];
  format?: string;
}

/** Which deliveries to list: only failed ones, only one webhook's; newest first, at most `limit`. */
export interface DeliveryQuery {
  failed?: boolean | string;
  webhook_id?: number | string;
  limit?: number | string;
}
