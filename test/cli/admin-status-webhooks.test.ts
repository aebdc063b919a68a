/**
 * `pulse admin status webhook ...` through the built binary: on the store's machine and remotely as an
 * administrator (the secret read from stdin, shown once), refused for anyone else (exit 5) and for a bad
 * URL (exit 2, naming it); and `pulse serve` posting the events to a real receiver that checks their
 * signatures, the server stopped and started again between a failed attempt and its retry.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPersonArgs, execPulse, isolatedEnv, type Result } from '../helpers/cli.js';
import { eventually } from '../helpers/eventually.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { tempDir } from '../helpers/temp.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const store = join(tempDir(), 'served.db');
// Deliveries claimed every 100 ms and a failed one retried after 1 to 2 s: the test waits seconds.
const serverEnv = isolatedEnv({ PULSE_WEBHOOK_INTERVAL_MS: '100', PULSE_WEBHOOK_RETRY_MS: '2000' });
const SECRET = 'receiver-secret-0123456789';
const tokens = { ana: '', ben: '' };
let served: ServeProcess;

/** A command on the store's machine. */
const onStore = (args: string[], input?: string): Promise<Result> =>
  execPulse(['--store', store, ...args], { env: serverEnv, ...(input !== undefined ? { input } : {}) });

async function ok(result: Promise<Result>): Promise<string> {
  const done = await result;
  expect([done.exitCode, done.stderr]).toEqual([0, done.stderr]);
  return done.stdout.trim();
}

/** A laptop of its own: the deployment's base URL and a token. */
const laptop = (args: string[], token: string, input?: string): Promise<Result> =>
  execPulse(args, {
    env: isolatedEnv({ PULSE_BASE_URL: served.url, PULSE_TOKEN: token }),
    ...(input !== undefined ? { input } : {}),
  });

beforeAll(async () => {
  await ok(onStore(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']));
  await ok(onStore(addPersonArgs('Ben Okafor', 'ben@example.com', 'Core')));
  tokens.ana = await ok(onStore(['admin', 'token', 'create', '--person', 'ana@example.com']));
  tokens.ben = await ok(onStore(['admin', 'token', 'create', '--person', 'ben@example.com']));
  await ok(onStore(['admin', 'status', 'component', 'add', '--name', 'API']));
  served = await startServe(['--store', store], serverEnv);
}, 120_000);

describe('on the store', () => {
  it('adds a webhook with a secret made for it, printed once, then lists and removes it', async () => {
    const [id, secret] = (
      await ok(onStore(['admin', 'status', 'webhook', 'add', 'https://hooks.example.com/a']))
    ).split('\n');
    expect(id).toMatch(/^\d+$/);
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const listed = await ok(
      onStore(['admin', 'status', 'webhook', 'list', '--json', 'id,url,format,events']),
    );
    expect(JSON.parse(listed)).toContainEqual({
      id: Number(id),
      url: 'https://hooks.example.com/a',
      format: 'json',
      events: null,
    });
    expect(listed).not.toContain('whsec_');
    expect(await ok(onStore(['admin', 'status', 'webhook', 'remove', id as string]))).toBe('');
    expect(await onStore(['admin', 'status', 'webhook', 'remove', id as string])).toEqual({
      exitCode: 3,
      stdout: '',
      stderr: `pulse: no webhook ${id}`,
    });
  });

  it('refuses a bad URL, event type or secret with exit 2, adding nothing', async () => {
    const before = await ok(onStore(['admin', 'status', 'webhook', 'list', '--json']));
    expect(await onStore(['admin', 'status', 'webhook', 'add', 'hooks.example.com'])).toEqual({
      exitCode: 2,
      stdout: '',
      stderr:
        'pulse: the webhook URL must be an absolute http(s) URL without credentials: hooks.example.com\nRun with --help for usage.',
    });
    const badEvent = await onStore([
      'admin',
      'status',
      'webhook',
      'add',
      'https://h.example.com',
      '--events',
      'notice.gone',
    ]);
    expect([badEvent.exitCode, badEvent.stderr]).toEqual([
      2,
      'pulse: events must be among notice.created, notice.updated, notice.resolved, component.state_changed',
    ]);
    const emptySecret = await onStore(
      ['admin', 'status', 'webhook', 'add', 'https://h.example.com', '--secret', '-'],
      '',
    );
    expect([emptySecret.exitCode, emptySecret.stderr]).toEqual([
      2,
      'pulse: --secret -: no secret on stdin\nRun with --help for usage.',
    ]);
    expect(await ok(onStore(['admin', 'status', 'webhook', 'list', '--json']))).toBe(before);
  });
});

describe('remotely, and delivered by pulse serve', () => {
  it('refuses a person who is not an administrator (exit 5), changing nothing', async () => {
    const refused = await laptop(['admin', 'status', 'webhook', 'add', 'https://h.example.com'], tokens.ben);
    expect(refused).toEqual({
      exitCode: 5,
      stdout: '',
      stderr: `pulse: permission denied (403) for POST ${served.url}/api/v2/status/webhooks: only administrators may administer the status page`,
    });
    const list = await laptop(['admin', 'status', 'webhook', 'list'], tokens.ben);
    expect(list.exitCode).toBe(5);
    const deliveries = await laptop(['admin', 'status', 'webhook', 'deliveries'], tokens.ben);
    expect(deliveries.exitCode).toBe(5);
  });

  it('posts a signed event; a failed attempt is retried by the server started again', async () => {
    const receiver = await startWebhookReceiver(() => SECRET);
    // The secret from stdin: never in argv.
    const added = await laptop(
      [
        'admin',
        'status',
        'webhook',
        'add',
        receiver.url,
        '--secret',
        '-',
        '--events',
        'component.state_changed',
        '--json',
      ],
      tokens.ana,
      `${SECRET}\n`,
    );
    expect(added.exitCode, added.stderr).toBe(0);
    const webhook = JSON.parse(added.stdout);
    expect(webhook).toMatchObject({ url: receiver.url, secret: SECRET, events: ['component.state_changed'] });
    const listed = await laptop(['admin', 'status', 'webhook', 'list', '--json', 'id,url'], tokens.ana);
    expect(JSON.parse(listed.stdout)).toContainEqual({ id: webhook.id, url: receiver.url });

    receiver.failNext(503);
    await ok(laptop(['admin', 'status', 'component', 'set', 'API', '--state', 'degraded'], tokens.ana));
    await eventually(() => (receiver.received.length >= 1 ? true : undefined), 'the first attempt');
    await served.stop();
    const deliveries = async () => {
      const log = await ok(
        onStore(['admin', 'status', 'webhook', 'deliveries', '--webhook', String(webhook.id), '--json']),
      );
      return JSON.parse(log) as { state: string; attempts: number; last_status: number | null }[];
    };
    expect((await deliveries()).map((d) => [d.state, d.attempts, d.last_status])).toEqual([
      ['pending', 1, 503],
    ]);

    served = await startServe(['--store', store], serverEnv);
    await eventually(() => (receiver.received.length >= 2 ? true : undefined), 'the retry after the restart');
    await eventually(
      async () => ((await deliveries())[0]?.state === 'delivered' ? true : undefined),
      'the delivery recorded',
    );
    expect((await deliveries()).map((d) => [d.state, d.attempts, d.last_status])).toEqual([
      ['delivered', 2, 204],
    ]);
    expect(receiver.received.map((hook) => [hook.verified, hook.status])).toEqual([
      [true, 503],
      [true, 204],
    ]);
    const [first, second] = receiver.received;
    expect(second?.headers['pulse-webhook-id']).toBe(first?.headers['pulse-webhook-id']);
    const event = JSON.parse(second?.body ?? '');
    expect([event.type, event.data.name, event.data.state]).toEqual([
      'component.state_changed',
      'API',
      'degraded',
    ]);

    const table = await laptop(['admin', 'status', 'webhook', 'deliveries'], tokens.ana);
    expect(table.stdout).toMatch(/component\.state_changed\tdelivered\t2\t204\t/);
    const failed = await laptop(
      ['admin', 'status', 'webhook', 'deliveries', '--failed', '--json'],
      tokens.ana,
    );
    expect(JSON.parse(failed.stdout)).toEqual([]);
  }, 120_000);
});
