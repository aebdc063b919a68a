/**
 * Reminders end to end, as the README sets them up: a team's time set with `pulse team reminders set`,
 * a person's channel added with `pulse me reminders channel add`, and `pulse serve` (its clock moved by
 * libfaketime to just before 09:30 in Berlin) posting the reminder, signed, to a real receiver once, at
 * Ben's local time and not at Ana's (UTC, an hour later), and nothing to Ben once he checked in.
 */
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPersonArgs, BIN, execPulse, isolatedEnv, type Result } from '../helpers/cli.js';
import { eventually } from '../helpers/eventually.js';
import { missingParts } from '../helpers/system-parts.js';
import { tempDir } from '../helpers/temp.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const noFaketime = await missingParts('faketime');
const store = join(tempDir(), 'reminders.db');
const env = isolatedEnv();
/** Friday 27 November 2026, 08:29:50 UTC: 09:29:50 in Berlin. */
const FAKE_START = '2026-11-27 08:29:50';
let receiver: WebhookReceiver;
let secret = '';

async function ok(result: Promise<Result>): Promise<string> {
  const done = await result;
  if (done.exitCode !== 0) throw new Error(`exit ${done.exitCode}: ${done.stderr}`);
  return String(done.stdout);
}
const pulse = (args: string[]) => ok(execPulse(['--store', store, ...args], { env }));

/** `pulse serve` on the store under a clock starting at `start`, its notifications looked at every 200 ms. */
function serveAt(start: string) {
  const child = execa(
    '/usr/bin/faketime',
    ['-f', `@${start}`, process.execPath, BIN, '--store', store, 'serve', '--port', '0'],
    {
      env: {
        ...env,
        FAKETIME_DONT_FAKE_MONOTONIC: '1',
        PULSE_NOTIFY_INTERVAL_MS: '200',
        PULSE_WEBHOOK_INTERVAL_MS: '100',
      },
      extendEnv: false,
      reject: false,
      // A group of its own: faketime does not pass a signal on to the server it runs, so the group gets it.
      detached: true,
    },
  );
  return {
    child,
    async stop() {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      return child;
    },
  };
}

const reminders = () =>
  receiver.received.map((hook) => {
    const event = JSON.parse(hook.body) as { type: string; data: { person: { name: string }; date: string } };
    return `${hook.path} ${hook.verified} ${event.type} ${event.data.person.name} ${event.data.date}`;
  });

describe.skipIf(noFaketime)('reminders sent by pulse serve', () => {
  beforeAll(async () => {
    // The receiver checks signatures against the server's (faked) clock: timestamps near the fake start.
    receiver = await startWebhookReceiver(
      () => secret,
      () => new Date(`${FAKE_START.replace(' ', 'T')}Z`),
    );
    await pulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']);
    await pulse(addPersonArgs('Ben Okafor', 'ben@example.com', 'Core'));
    await pulse(['--as', 'ben@example.com', 'me', 'edit', '--time-zone', 'Europe/Berlin']);
    await pulse(['team', 'reminders', 'set', '--team', 'Core', '--at', '09:30']);
    const added = await pulse([
      '--as',
      'ben@example.com',
      'me',
      'reminders',
      'channel',
      'add',
      `${receiver.url}/ben`,
      '--secret',
      'ben-channel-secret-0123456789',
    ]);
    secret = 'ben-channel-secret-0123456789';
    expect(added.trim().split('\n')[1]).toBe(secret);
    await pulse(['me', 'reminders', 'channel', 'add', `${receiver.url}/ana`, '--secret', secret]);
  });
  afterAll(() => receiver?.close());

  it('reminds Ben once at 09:30 his time, Ana not yet (09:30 is an hour later in UTC)', async () => {
    const served = serveAt(FAKE_START);
    try {
      await eventually(() => (receiver.received.length > 0 ? true : undefined), "Ben's reminder", 60_000);
      // Several more scheduler ticks (200 ms each) and deliveries: still once.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(reminders()).toEqual(['/hooks/ben true reminder.due Ben Okafor 2026-11-27']);
    } finally {
      await served.stop();
    }
    const [hook] = receiver.received;
    const event = JSON.parse(hook?.body ?? '{}');
    expect(event.data).toMatchObject({
      date: '2026-11-27',
      reminder: 1,
      local_time: '09:30',
      due_at: '2026-11-27T08:30:00Z',
      late: false,
      command: 'pulse checkin',
    });
  });

  it('sends nothing again after a restart, and nothing to someone who checked in', async () => {
    receiver.received.length = 0;
    // Ana checks in for the 27th before her 09:30 (UTC) comes round; the server restarts just before it.
    const checkedIn = await execa(
      '/usr/bin/faketime',
      [
        '-f',
        '@2026-11-27 09:00:00',
        process.execPath,
        BIN,
        '--store',
        store,
        'checkin',
        '--previous',
        'Notes',
        '--intentions',
        'Ship',
        '--blockers',
        'none',
      ],
      { env: { ...env, FAKETIME_DONT_FAKE_MONOTONIC: '1' }, extendEnv: false, reject: false },
    );
    expect(checkedIn.exitCode, String(checkedIn.stderr)).toBe(0);
    const served = serveAt('2026-11-27 09:29:55');
    try {
      // Past Ana's 09:30 and several ticks and deliveries later.
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      expect(reminders()).toEqual([]);
    } finally {
      await served.stop();
    }
  });
});
