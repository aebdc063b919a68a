/**
 * Posting the outbox's deliveries (`pulse serve`, on a timer): each is claimed with a lease as the answer
 * jobs are (answer-jobs.ts), so with several instances on one database one of them posts it; it is
 * signed (signature.ts), posted (an `email` channel's is mailed instead, through the injected mail
 * sender of pulse serve --smtp), and its outcome recorded: a 2xx response or an accepted email delivers
 * it, anything else is retried with exponential backoff and jitter until DELIVERY_WINDOW_MS after its
 * event, then it is marked failed. An instance that stops while posting leaves the lease, which runs out, so another posts it
 * again: delivery is at least once, and receivers drop repeats by the Pulse-Webhook-Id header.
 */
import type { Clock } from '../clock.js';
import { isNotificationEvent, notificationEmail, notificationSlack } from '../notifications/messages.js';
import { timestamp } from '../time.js';
import type { AttemptOutcome, ClaimedDelivery, WebhookRepository } from './repository.js';
import { signedHeaders } from './signature.js';
import { slackMessage } from './slack.js';
import type { WebhookEvent } from './types.js';

/** One request to a webhook: POST, never redirected, bounded in time and in the response read. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Posts a request and resolves to the response's status; a network failure or timeout rejects. */
export type WebhookPoster = (request: WebhookRequest) => Promise<{ status: number }>;

/** One email of a channel whose format is `email` (issue 31). */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text. */
  text: string;
  /** The event's id, as the Pulse-Webhook-Id header carries it for webhooks: receivers can drop repeats. */
  eventId: string;
}

/**
 * Sends an email (pulse serve --smtp); resolves once the server accepted it, rejects with a reason that
 * names no credential.
 */
export type MailSender = (mail: MailMessage) => Promise<void>;

/** The first retry's delay; each later one doubles it, up to MAX_RETRY_MS. */
export const DEFAULT_RETRY_BASE_MS = 30_000;
export const MAX_RETRY_MS = 3_600_000;
/** Longer than an attempt may take (the poster's timeout), so no second instance posts it meanwhile. */
export const DELIVERY_LEASE_MS = 60_000;
/** Deliveries one instance posts at once: a slow receiver does not hold up the others. */
const WORKERS = 4;
/** The longest reason kept in the log. */
const MAX_ERROR = 200;

export interface SenderOptions {
  clock: Clock;
  poster: WebhookPoster;
  /** Sends the `email` channels' deliveries; without one they fail (and are retried) saying so. */
  mailer?: MailSender;
  retryBaseMs?: number;
  /** Between 0 and 1 (Math.random); tests fix it. */
  random?: () => number;
}

/**
 * How long to wait after the n-th failed attempt: the base doubled n - 1 times, capped, of which a random
 * half is kept ("equal jitter"), so receivers that failed together are not retried together.
 */
export function retryDelay(attempts: number, baseMs: number, random: () => number): number {
  const full = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
  return Math.round(full / 2 + (random() * full) / 2);
}

/** The body a webhook receives for an event, in its format: a reminder's or a team's own message in Slack's. */
export function requestBody(claimed: ClaimedDelivery): string {
  if (claimed.webhook.format === 'slack') {
    const event = JSON.parse(claimed.event.body) as WebhookEvent;
    return JSON.stringify(isNotificationEvent(event) ? notificationSlack(event) : slackMessage(event));
  }
  return claimed.event.body;
}

/** The email of an `email` channel's delivery; undefined for an event that has none (a status event). */
export function mailOf(claimed: ClaimedDelivery): MailMessage | undefined {
  const event = JSON.parse(claimed.event.body) as WebhookEvent;
  if (!isNotificationEvent(event)) return undefined;
  const to = decodeURIComponent(claimed.webhook.url.replace(/^mailto:/i, ''));
  return { to, ...notificationEmail(event), eventId: event.id };
}

/** Why an email channel's delivery cannot be sent by this instance. */
export const NO_MAILER = 'no SMTP server is configured (pulse serve --smtp)';

export class WebhookSender {
  private readonly retryBaseMs: number;
  private readonly random: () => number;

  constructor(
    private readonly repo: WebhookRepository,
    private readonly options: SenderOptions,
  ) {
    this.retryBaseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
    this.random = options.random ?? Math.random;
  }

  /** Posts due deliveries, a few at once, until none is due or `stopping` says so; returns how many. */
  async drain(stopping: () => boolean = () => false): Promise<number> {
    let sent = 0;
    const worker = async () => {
      while (!stopping()) {
        const now = this.options.clock.now();
        const claimed = await this.repo.claimNextDelivery(
          timestamp(now),
          timestamp(new Date(now.getTime() + DELIVERY_LEASE_MS)),
        );
        if (!claimed) return;
        await this.send(claimed);
        sent++;
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    return sent;
  }

  private async send(claimed: ClaimedDelivery): Promise<void> {
    const { delivery } = claimed;
    let status: number | null = null;
    let error: string | null = null;
    try {
      if (claimed.webhook.format === 'email') {
        await this.mail(claimed);
      } else {
        status = await this.post(claimed);
        if (status < 200 || status > 299) error = `the receiver answered ${status}`;
      }
    } catch (failure) {
      error = (failure instanceof Error ? failure.message : String(failure)).slice(0, MAX_ERROR);
    }
    const now = this.options.clock.now();
    let outcome: AttemptOutcome;
    if (error === null) {
      outcome = {
        status,
        error,
        state: 'delivered',
        next_attempt_at: delivery.next_attempt_at,
        delivered_at: timestamp(now),
      };
    } else {
      const next = now.getTime() + retryDelay(delivery.attempts, this.retryBaseMs, this.random);
      const expired = next > Date.parse(delivery.expires_at);
      outcome = {
        status,
        error,
        state: expired ? 'failed' : 'pending',
        next_attempt_at: expired ? delivery.next_attempt_at : timestamp(new Date(next)),
        delivered_at: null,
      };
    }
    await this.repo.recordAttempt(delivery.id, delivery.attempts, outcome);
  }

  /** Posts it, signed; resolves to the response's status. */
  private async post(claimed: ClaimedDelivery): Promise<number> {
    const { event, webhook } = claimed;
    const body = requestBody(claimed);
    const headers = signedHeaders(event.id, webhook.secret, this.options.clock.now(), body);
    return (await this.options.poster({ url: webhook.url, headers, body })).status;
  }

  private async mail(claimed: ClaimedDelivery): Promise<void> {
    if (!this.options.mailer) throw new Error(NO_MAILER);
    const mail = mailOf(claimed);
    if (!mail) throw new Error(`an email channel cannot carry ${claimed.event.type} events`);
    await this.options.mailer(mail);
  }
}
