/**
 * The outbox: an event is written in the transaction of the change it tells of, with a pending delivery
 * to each webhook that wants its type, so a change is never made without its event nor an event sent
 * for a change that was rolled back. The sender (sender.ts) posts them later, on any instance.
 */
import type { Clock } from '../clock.js';
import { newId } from '../ids.js';
import { timestamp, wireTime } from '../time.js';
import type { WebhookRepository, WebhookRow } from './repository.js';
import type { WebhookEvent } from './types.js';

/** How long after its event a delivery is retried before it is marked failed. */
export const DELIVERY_WINDOW_MS = 24 * 3_600_000;

/** Whether a webhook is the status page's: not a person's or a team's channel (issue 31). */
export function isStatusWebhook(webhook: Pick<WebhookRow, 'person_id' | 'team_id'>): boolean {
  return webhook.person_id === null && webhook.team_id === null;
}

/** Whether a webhook receives events of a type. */
export function subscribes(webhook: Pick<WebhookRow, 'events'>, type: string): boolean {
  return webhook.events === null || webhook.events.split(',').includes(type);
}

export class Outbox {
  constructor(
    private readonly repo: WebhookRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Records a status event of `type` carrying `data` for every status webhook that wants it; nothing when
   * none does. Call it inside the change's transaction.
   */
  async record(type: string, data: unknown): Promise<WebhookEvent | undefined> {
    const webhookIds = (await this.repo.listWebhooks())
      .filter((webhook) => isStatusWebhook(webhook) && subscribes(webhook, type))
      .map((webhook) => webhook.id);
    return this.recordTo(webhookIds, type, data);
  }

  /**
   * Records an event for the given webhooks (a person's or a team's channels, chosen by the caller);
   * nothing when there are none. Call it inside the change's transaction.
   */
  async recordTo(
    webhookIds: readonly number[],
    type: string,
    data: unknown,
  ): Promise<WebhookEvent | undefined> {
    if (webhookIds.length === 0) return undefined;
    const now = this.clock.now();
    const createdAt = timestamp(now);
    const event: WebhookEvent = { id: await newId(), type, created_at: wireTime(createdAt), data };
    await this.repo.addEvent(
      { id: event.id, type, body: JSON.stringify(event), created_at: createdAt },
      webhookIds,
      createdAt,
      timestamp(new Date(now.getTime() + DELIVERY_WINDOW_MS)),
    );
    return event;
  }
}
