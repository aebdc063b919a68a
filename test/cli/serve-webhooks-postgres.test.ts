/**
 * Two real `pulse serve --database` processes on one PostgreSQL database, each claiming due webhook
 * deliveries every 50 ms: 40 status changes made while both run reach the receiver once each (one
 * request per event id), every delivery recorded delivered after one attempt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv } from '../helpers/cli.js';
import { steppingClock } from '../helpers/clock.js';
import { eventually } from '../helpers/eventually.js';
import { createDatabase, dropDatabase, queryRows } from '../helpers/postgres.js';
import { startServe } from '../helpers/serve-process.js';
import { openInstance } from '../helpers/store.js';
import { postgresServer } from '../helpers/system-parts.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const server = await postgresServer();
const CHANGES = 40;

describe.skipIf(!server)('two pulse serve instances on one database: webhooks', () => {
  let database: string;
  beforeAll(async () => {
    database = await createDatabase(server as string);
  });
  afterAll(async () => {
    if (database) await dropDatabase(database);
  });

  it('deliver each event once', async () => {
    const store = await openInstance(database, {
      clock: steppingClock(new Date().toISOString()),
      publicUrl: 'https://pulse.test',
    });
    await store.admin.initialise({
      name: 'Ana Diaz',
      email: 'ana@example.com',
      timeZone: 'UTC',
      teamName: 'Core',
    });
    const secret = 'the-receivers-secret-0123';
    const receiver = await startWebhookReceiver(() => secret);
    await store.statusAdmin.addWebhook({ url: receiver.url, secret });
    const api = await store.statusAdmin.addComponent({ name: 'API' });

    const env = () => isolatedEnv({ PULSE_WEBHOOK_INTERVAL_MS: '50' });
    const args = ['--database', database, '--public-url', 'https://pulse.test'];
    const instances = [await startServe([], env(), args), await startServe([], env(), args)];

    for (let change = 0; change < CHANGES; change++) {
      await store.statusAdmin.setComponentState(api.id, change % 2 === 0 ? 'degraded' : 'operational');
    }
    await eventually(
      async () => {
        const [row] = await queryRows<{ delivered: string }>(
          database,
          `SELECT count(*) AS delivered FROM pulse_webhook_deliveries WHERE state = 'delivered'`,
        );
        return Number(row?.delivered) >= CHANGES ? true : undefined;
      },
      'every event delivered',
      60_000,
    );
    for (const instance of instances) await instance.stop();
    await store.close();

    const ids = receiver.received.map((hook) => hook.headers['pulse-webhook-id']);
    expect(receiver.received.every((hook) => hook.verified)).toBe(true);
    expect(ids).toHaveLength(CHANGES);
    expect(new Set(ids).size).toBe(CHANGES);
    const rows = await queryRows<{ attempts: number; state: string }>(
      database,
      'SELECT attempts, state FROM pulse_webhook_deliveries',
    );
    expect(rows.map((row) => [row.state, Number(row.attempts)])).toEqual(
      Array.from({ length: CHANGES }, () => ['delivered', 1]),
    );
  }, 120_000);
});
