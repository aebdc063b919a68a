/**
 * The webhooks' delivery (issue 29) over a real SQLite store, a real local receiver checking signatures,
 * and the real poster (providers/webhook-post.ts); time is a stepping clock, so the 24 hours of retries
 * pass without waiting. Each status change writes its event with the change; the sender posts it signed,
 * retries a failing receiver with backoff, and gives up 24 hours after the event.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/instance.js';
import type { WebhookSender } from '../../src/core/webhooks/sender.js';
import { retryDelay } from '../../src/core/webhooks/sender.js';
import { webhookPoster } from '../../src/providers/webhook-post.js';
import { type SteppingClock, steppingClock } from '../helpers/clock.js';
import { openInstance } from '../helpers/store.js';
import { tempDir } from '../helpers/temp.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const START = '2026-11-26T09:00:00Z';
const HOUR = 3_600_000;

let clock: SteppingClock;
let store: Instance;
let receiver: WebhookReceiver;
let secret: string;
let sender: WebhookSender;

beforeEach(async () => {
  clock = steppingClock(START);
  store = await openInstance(join(tempDir(), 'pulse.db'), { clock, publicUrl: 'https://pulse.test' });
  await store.admin.initialise({
    name: 'Ana Diaz',
    email: 'ana@example.com',
    timeZone: 'UTC',
    teamName: 'Core',
  });
  receiver = await startWebhookReceiver(
    () => secret,
    () => clock.now(),
  );
  // The first retry after 1 s, doubling; no jitter's randomness: the half kept is always the larger.
  sender = await store.webhookSender({ clock, poster: webhookPoster(), retryBaseMs: 1000, random: () => 1 });
  return () => store.close();
});

const admin = () => store.statusAdmin;

describe('a JSON webhook', () => {
  it('receives each status change as a signed event, once', async () => {
    const created = await admin().addWebhook({ url: receiver.url });
    secret = created.secret;
    expect(created).toEqual({
      id: 1,
      url: receiver.url,
      format: 'json',
      events: null,
      created_at: '2026-11-26T09:00:00Z',
      secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/),
    });
    const api = await admin().addComponent({ name: 'API' });
    await admin().setComponentState(api.id, 'degraded');
    // The same state again is no change, and no event.
    await admin().setComponentState(api.id, 'degraded');
    const notice = await admin().addNotice({
      type: 'unplanned',
      subject: 'API slow',
      component_ids: [api.id],
    });
    await admin().updateNotice(notice.id, { state: 'identified', content: 'A bad deploy' });
    const resolved = await admin().updateNotice(notice.id, { state: 'resolved', content: 'Rolled back' });

    expect(await sender.drain()).toBe(4);
    expect(await sender.drain()).toBe(0);
    expect(receiver.received.map((hook) => hook.verified)).toEqual([true, true, true, true]);
    const events = receiver.received.map((hook) => JSON.parse(hook.body));
    expect(events.map((event) => event.type).sort()).toEqual([
      'component.state_changed',
      'notice.created',
      'notice.resolved',
      'notice.updated',
    ]);
    const last = receiver.received.find((hook) => hook.body.includes('"notice.resolved"'));
    expect(last?.headers['content-type']).toBe('application/json');
    expect(last?.headers['pulse-webhook-timestamp']).toBe(String(Date.parse(START) / 1000));
    expect(last?.headers['pulse-webhook-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
    // The notice as the status interface serialises it, after the change.
    expect(JSON.parse(last?.body ?? '')).toEqual({
      id: last?.headers['pulse-webhook-id'],
      type: 'notice.resolved',
      created_at: '2026-11-26T09:00:00Z',
      data: resolved,
    });
    const log = (await admin().listDeliveries()).items;
    expect(log.map((d) => [d.event_type, d.state, d.attempts, d.last_status, d.delivered_at])).toEqual([
      ['notice.resolved', 'delivered', 1, 204, '2026-11-26T09:00:00Z'],
      ['notice.updated', 'delivered', 1, 204, '2026-11-26T09:00:00Z'],
      ['notice.created', 'delivered', 1, 204, '2026-11-26T09:00:00Z'],
      ['component.state_changed', 'delivered', 1, 204, '2026-11-26T09:00:00Z'],
    ]);
  });

  it('is refused by a receiver checking an old timestamp, or another secret', async () => {
    secret = (await admin().addWebhook({ url: receiver.url, secret: 'the-shared-secret-1' })).secret;
    expect(secret).toBe('the-shared-secret-1');
    await admin().addComponent({ name: 'API' });
    await admin().setComponentState(1, 'degraded');
    const [hook] = [...receiver.received];
    expect(hook).toBeUndefined();
    await sender.drain();
    const sent = receiver.received[0];
    if (!sent) throw new Error('nothing received');
    const { verifySignature } = await import('../../src/core/webhooks/signature.js');
    const headers = {
      timestamp: String(sent.headers['pulse-webhook-timestamp']),
      signature: String(sent.headers['pulse-webhook-signature']),
    };
    expect(verifySignature(secret, headers, sent.body, clock.now())).toBe(true);
    // Replayed six minutes later, or with the body changed, or checked with another secret: refused.
    expect(verifySignature(secret, headers, sent.body, new Date(Date.parse(START) + 6 * 60_000))).toBe(false);
    expect(verifySignature(secret, headers, sent.body.replace('degraded', 'operational'), clock.now())).toBe(
      false,
    );
    expect(verifySignature('another-secret-123', headers, sent.body, clock.now())).toBe(false);
  });

  it('retries a failing receiver with backoff, the redirect not followed, until a 2xx', async () => {
    secret = (await admin().addWebhook({ url: receiver.url })).secret;
    await admin().addComponent({ name: 'API' });
    await admin().setComponentState(1, 'degraded');
    receiver.failNext(500, 302);

    expect(await sender.drain()).toBe(1);
    let [delivery] = (await admin().listDeliveries()).items;
    // Retried 1 s later (the base), then 2 s: nothing is due before.
    expect(delivery).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_status: 500,
      last_error: 'the receiver answered 500',
      next_attempt_at: '2026-11-26T09:00:01Z',
    });
    expect(await sender.drain()).toBe(0);
    clock.advance(1000);
    expect(await sender.drain()).toBe(1);
    [delivery] = (await admin().listDeliveries()).items;
    expect(delivery).toMatchObject({
      state: 'pending',
      attempts: 2,
      last_status: 302,
      next_attempt_at: '2026-11-26T09:00:03Z',
    });
    clock.advance(2000);
    expect(await sender.drain()).toBe(1);
    [delivery] = (await admin().listDeliveries()).items;
    expect(delivery).toMatchObject({
      state: 'delivered',
      attempts: 3,
      last_status: 204,
      last_error: null,
      next_attempt_at: null,
      delivered_at: '2026-11-26T09:00:03Z',
    });
    // The same event each time (one id), and the redirect's target never asked.
    expect(receiver.received.map((hook) => [hook.path, hook.status])).toEqual([
      ['/hooks', 500],
      ['/hooks', 302],
      ['/hooks', 204],
    ]);
    expect(new Set(receiver.received.map((hook) => hook.headers['pulse-webhook-id'])).size).toBe(1);
  });

  it('gives up 24 hours after the event, and says why', async () => {
    secret = (await admin().addWebhook({ url: receiver.url })).secret;
    await admin().addComponent({ name: 'API' });
    await admin().setComponentState(1, 'degraded');
    receiver.failNext(...Array.from({ length: 100 }, () => 503));
    let attempts = 0;
    for (let hours = 0; hours <= 25; hours++) {
      attempts += await sender.drain();
      clock.set(new Date(Date.parse(START) + hours * HOUR).toISOString());
    }
    attempts += await sender.drain();
    const [delivery] = (await admin().listDeliveries({ failed: true })).items;
    expect(delivery).toMatchObject({
      state: 'failed',
      last_status: 503,
      next_attempt_at: null,
      delivered_at: null,
    });
    expect(delivery?.attempts).toBe(attempts);
    // 1 s doubling to the hour's cap: 13 attempts in the first 2.3 hours, then one an hour, to the 24th.
    expect(attempts).toBeGreaterThan(24);
    expect(attempts).toBeLessThan(40);
    expect(receiver.received.at(-1)?.status).toBe(503);
  });

  it('reaches nothing that is not listening: a network error, retried', async () => {
    secret = (await admin().addWebhook({ url: 'http://127.0.0.1:9/hooks' })).secret;
    await admin().addComponent({ name: 'API' });
    await admin().setComponentState(1, 'degraded');
    await sender.drain();
    const [delivery] = (await admin().listDeliveries()).items;
    expect(delivery).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_status: null,
      last_error: 'cannot reach 127.0.0.1:9 (ECONNREFUSED)',
    });
  });
});

describe('which events and how', () => {
  it('sends a webhook only the event types it asked for', async () => {
    secret = (await admin().addWebhook({ url: receiver.url, events: ['notice.resolved'] })).secret;
    await admin().addComponent({ name: 'API' });
    await admin().setComponentState(1, 'degraded');
    const notice = await admin().addNotice({
      type: 'planned',
      subject: 'Upgrade',
      begins_at: '2026-11-27T10:00:00Z',
      ends_at: '2026-11-27T11:00:00Z',
    });
    await admin().updateNotice(notice.id, { state: 'underway' });
    await admin().updateNotice(notice.id, { state: 'complete' });
    await sender.drain();
    expect(receiver.received.map((hook) => JSON.parse(hook.body).type)).toEqual(['notice.resolved']);
  });

  it('posts a Slack incoming-webhook message with --format slack', async () => {
    secret = (await admin().addWebhook({ url: receiver.url, format: 'slack' })).secret;
    const notice = await admin().addNotice({
      type: 'unplanned',
      subject: 'Sign-in <errors>',
      content: 'Looking into it',
    });
    await sender.drain();
    expect(receiver.received.map((hook) => hook.verified)).toEqual([true]);
    expect(JSON.parse(receiver.received[0]?.body ?? '')).toEqual({
      text: 'New notice: Sign-in <errors> (investigating)',
      blocks: [
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: `*New notice: Sign-in &lt;errors&gt; (investigating)*\nLooking into it\n<${notice.url}|View the notice>`,
          },
        },
      ],
    });
  });

  it('removes a webhook with its pending deliveries; bad input is refused, nothing added', async () => {
    secret = (await admin().addWebhook({ url: receiver.url })).secret;
    await admin().addComponent({ name: 'API' });
    await admin().setComponentState(1, 'degraded');
    await admin().removeWebhook(1);
    expect(await sender.drain()).toBe(0);
    expect((await admin().listDeliveries()).items).toEqual([]);
    await expect(admin().removeWebhook(1)).rejects.toThrow('no webhook 1');
    await expect(admin().addWebhook({ url: 'ftp://example.com' })).rejects.toThrow(
      'url must be an absolute http(s) URL without credentials',
    );
    await expect(admin().addWebhook({ url: receiver.url, events: ['notice.deleted'] })).rejects.toThrow(
      'events must be among notice.created, notice.updated, notice.resolved, component.state_changed',
    );
    await expect(admin().addWebhook({ url: receiver.url, secret: 'short' })).rejects.toThrow(
      'secret must be 16 to 256 printable ASCII characters without spaces',
    );
    expect((await admin().listWebhooks()).items).toEqual([]);
  });
});

describe('the backoff', () => {
  it('doubles from the base to an hour, keeping a random half or more', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 30_000, () => 1))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(retryDelay(1, 30_000, () => 0)).toBe(15_000);
    expect(retryDelay(30, 30_000, () => 1)).toBe(HOUR);
  });
});
