/**
 * Notification channels through the built binary (issue 31): `pulse serve --smtp` sending an email
 * channel's reminder to a real SMTP server on loopback over STARTTLS with a login from the environment
 * (its certificate trusted through NODE_EXTRA_CA_CERTS), a team's JSON channel posted signed to a real
 * receiver; `pulse admin notifications deliveries` on the store and remotely as an administrator (others:
 * exit 5); `pulse doctor` naming a failing channel; a refused login said without the password, which
 * nothing the server prints holds; and --smtp values refused before serving. Events are written with the
 * outbox to channels inserted in the store directly, as the scheduler and the settings will.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.js';
import { notificationEmail } from '../../src/core/notifications/messages.js';
import type { BlockedData, ReminderData } from '../../src/core/notifications/types.js';
import type { Repository } from '../../src/core/repository.js';
import { Outbox } from '../../src/core/webhooks/outbox.js';
import type { WebhookRow } from '../../src/core/webhooks/repository.js';
import { openRepository } from '../../src/store/open-repository.js';
import { addPersonArgs, execPulse, isolatedEnv, type Result } from '../helpers/cli.js';
import { eventually } from '../helpers/eventually.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp-receiver.js';
import { missingParts } from '../helpers/system-parts.js';
import { tempDir } from '../helpers/temp.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

// The SMTP server's certificate is made by openssl.
const noOpenssl = await missingParts('openssl');
const store = join(tempDir(), 'served.db');
const SECRET = 'channel-secret-0123456789';
const LOGIN = { user: 'pulse-mailer', password: 'smtp-Pa55-word-x7' };
const tokens = { ana: '', ben: '' };
const people = { ana: '', ben: '', core: '' };
let smtp: SmtpReceiver;
let receiver: WebhookReceiver;
let served: ServeProcess;
let repo: Repository;
let outbox: Outbox;

/** The server's environment: deliveries claimed every 100 ms, a failed one retried after a minute. */
const serverEnv = (password = LOGIN.password) =>
  isolatedEnv({
    PULSE_WEBHOOK_INTERVAL_MS: '100',
    PULSE_WEBHOOK_RETRY_MS: '60000',
    PULSE_SMTP_USER: LOGIN.user,
    PULSE_SMTP_PASSWORD: password,
    NODE_EXTRA_CA_CERTS: smtp.certificate,
  });
const smtpArgs = () => [
  '--smtp',
  `smtp://127.0.0.1:${smtp.port}`,
  '--smtp-from',
  'Pulse <pulse@example.com>',
];

const onStore = (args: string[]): Promise<Result> =>
  execPulse(['--store', store, ...args], { env: isolatedEnv() });

async function ok(result: Promise<Result>): Promise<string> {
  const done = await result;
  expect([done.exitCode, done.stderr]).toEqual([0, done.stderr]);
  return done.stdout.trim();
}

const laptop = (args: string[], token: string): Promise<Result> =>
  execPulse(args, { env: isolatedEnv({ PULSE_BASE_URL: served.url, PULSE_TOKEN: token }) });

async function channel(
  owner: { person_id: string } | { team_id: string },
  url: string,
  format: WebhookRow['format'],
): Promise<number> {
  return repo.insertWebhook({
    url,
    secret: SECRET,
    format,
    events: null,
    created_at: new Date().toISOString(),
    person_id: null,
    team_id: null,
    ...owner,
  });
}

const reminder = (): ReminderData => ({
  person: { id: people.ben, name: 'Ben Okafor', email: 'ben@example.com' },
  date: '2026-11-26',
  reminder: 1,
  local_time: '09:30',
  due_at: '2026-11-26T08:30:00Z',
  late: false,
  command: 'pulse checkin',
  url: 'https://pulse.example.com/check-ins/2026-11-26',
  previous_intentions: 'Ship the importer',
  previous_date: '2026-11-25',
});

const blocked = (): BlockedData => ({
  team: { id: people.core, name: 'Core' },
  check_in: { id: 'c1', date: '2026-11-26', blockers: 'Waiting on keys', url: null },
  person: { id: people.ben, name: 'Ben Okafor' },
});

/** The delivery log's stable fields, as `--json` prints them. */
const LOG_FIELDS = 'channel_id,format,destination,owner,event_type,state,attempts,last_status,last_error';

describe.skipIf(noOpenssl)('with a real SMTP server on loopback', () => {
  beforeAll(async () => {
    smtp = await startSmtpReceiver(LOGIN);
    receiver = await startWebhookReceiver(() => SECRET);
    await ok(onStore(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']));
    await ok(onStore(addPersonArgs('Ben Okafor', 'ben@example.com', 'Core')));
    tokens.ana = await ok(onStore(['admin', 'token', 'create', '--person', 'ana@example.com']));
    tokens.ben = await ok(onStore(['admin', 'token', 'create', '--person', 'ben@example.com']));
    repo = (await openRepository(store)).repository;
    outbox = new Outbox(repo, systemClock);
    people.ana = (await repo.findPersonByEmail('ana@example.com'))?.id ?? '';
    people.ben = (await repo.findPersonByEmail('ben@example.com'))?.id ?? '';
    people.core = (await repo.findTeamByName('Core'))?.id ?? '';
    served = await startServe(['--store', store], serverEnv(), smtpArgs());
  }, 120_000);

  afterAll(async () => {
    await served?.stop();
    await repo?.close();
  });

  let mailChannel: number;
  let teamChannel: number;

  describe('pulse serve --smtp', () => {
    it("sends an email channel's reminder over STARTTLS, logged in; posts a team's JSON channel its event", async () => {
      mailChannel = await channel({ person_id: people.ben }, 'mailto:ben@example.com', 'email');
      teamChannel = await channel({ team_id: people.core }, receiver.url, 'json');
      const event = await outbox.recordTo([mailChannel], 'reminder.due', reminder());
      await outbox.recordTo([teamChannel], 'checkin.blocked', blocked());

      const [mail] = await eventually(
        () => (smtp.received.length > 0 ? smtp.received : undefined),
        'the email',
      );
      await eventually(() => receiver.received[0], 'the team event');
      const expected = notificationEmail({ type: 'reminder.due', data: reminder() });
      expect(mail?.from).toBe('pulse@example.com');
      expect(mail?.to).toEqual(['ben@example.com']);
      expect(mail?.headers.from).toBe('Pulse <pulse@example.com>');
      expect(mail?.headers.to).toBe('ben@example.com');
      expect(mail?.headers.subject).toBe(expected.subject);
      expect(mail?.headers['pulse-event-id']).toBe(event?.id);
      expect(mail?.headers['auto-submitted']).toBe('auto-generated');
      expect(mail?.text.trimEnd()).toBe(expected.text.trimEnd());
      // One login, after STARTTLS.
      expect(smtp.logins).toEqual([{ user: LOGIN.user, secure: true }]);
      expect(receiver.received.map((hook) => hook.verified)).toEqual([true]);
      expect(JSON.parse(receiver.received[0]?.body ?? '').data).toEqual(blocked());
    });

    it('lists the deliveries on the store and remotely for an administrator; others get exit 5', async () => {
      const expected = [
        {
          channel_id: teamChannel,
          format: 'json',
          destination: new URL(receiver.url).origin,
          owner: { kind: 'team', id: people.core, name: 'Core' },
          event_type: 'checkin.blocked',
          state: 'delivered',
          attempts: 1,
          last_status: 204,
          last_error: null,
        },
        {
          channel_id: mailChannel,
          format: 'email',
          destination: 'ben@example.com',
          owner: { kind: 'person', id: people.ben, name: 'Ben Okafor' },
          event_type: 'reminder.due',
          state: 'delivered',
          attempts: 1,
          last_status: null,
          last_error: null,
        },
      ];
      const local = await ok(onStore(['admin', 'notifications', 'deliveries', '--json', LOG_FIELDS]));
      expect(JSON.parse(local)).toEqual(expected);
      const remote = await ok(
        laptop(['admin', 'notifications', 'deliveries', '--json', LOG_FIELDS], tokens.ana),
      );
      expect(JSON.parse(remote)).toEqual(expected);

      // Piped: one tab-separated row per delivery, no header, exact times.
      const rows = (await ok(onStore(['admin', 'notifications', 'deliveries']))).split('\n');
      const time = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(rows.map((row) => row.split('\t'))).toEqual([
        [
          expect.stringMatching(/^\d+$/),
          String(teamChannel),
          'team Core',
          `json ${new URL(receiver.url).origin}`,
          'checkin.blocked',
          'delivered',
          '1',
          '204',
          time,
          time,
        ],
        [
          expect.stringMatching(/^\d+$/),
          String(mailChannel),
          'Ben Okafor',
          'ben@example.com',
          'reminder.due',
          'delivered',
          '1',
          '',
          time,
          time,
        ],
      ]);
      expect(await ok(onStore(['admin', 'notifications', 'deliveries', '--failed', '--json']))).toBe('[]');

      expect(await laptop(['admin', 'notifications', 'deliveries'], tokens.ben)).toEqual({
        exitCode: 5,
        stdout: '',
        stderr: `pulse: permission denied (403) for GET ${served.url}/api/v2/notifications/deliveries`,
      });
    });

    it('pulse doctor names a channel whose deliveries fail, with the fix', async () => {
      const before = await onStore(['doctor', '--json']);
      expect(
        JSON.parse(before.stdout).find((check: { check: string }) => check.check === 'notifications'),
      ).toEqual({
        check: 'notifications',
        ok: true,
        detail: 'the latest delivery to each of 2 channels got through',
        fix: null,
      });
      const failing = await channel(
        { team_id: people.core },
        `${receiver.url}/slack/T0/B0/path-secret`,
        'slack',
      );
      receiver.failNext(500);
      await outbox.recordTo([failing], 'checkin.blocked', blocked());
      await eventually(
        async () => (await repo.listDeliveries({ webhookId: failing, limit: 1 }))[0]?.last_error ?? undefined,
        'the failed attempt',
      );
      const doctor = await onStore(['doctor', '--json']);
      expect(doctor.exitCode).toBe(1);
      expect(
        JSON.parse(doctor.stdout).find((check: { check: string }) => check.check === 'notifications'),
      ).toEqual({
        check: 'notifications',
        ok: false,
        detail: `1 of 3 notification channels are failing: channel ${failing} (team Core, slack ${new URL(receiver.url).origin}): 1 delivery failing, last: the receiver answered 500`,
        fix: 'pulse admin notifications deliveries --channel ID shows each attempt; have the owner fix or replace the URL or address (email needs pulse serve --smtp)',
      });
      expect(doctor.stdout).not.toContain('path-secret');
      // Remotely, as an administrator, the same.
      const remote = await laptop(['doctor', '--json'], tokens.ana);
      expect(
        JSON.parse(remote.stdout).find((check: { check: string }) => check.check === 'notifications')?.ok,
      ).toBe(false);
      // Not an administrator: no such check.
      const ben = await laptop(['doctor', '--json'], tokens.ben);
      expect(JSON.parse(ben.stdout).map((check: { check: string }) => check.check)).not.toContain(
        'notifications',
      );
    });

    it('a refused login is said without the password, which nothing the server prints holds', async () => {
      const first = await served.stop();
      expect(first.exitCode).toBe(0);
      expect(first.stderr).not.toContain(LOGIN.password);
      served = await startServe(['--store', store], serverEnv('wrong-Pa55-word'), smtpArgs());
      const mail = await channel({ person_id: people.ana }, 'mailto:ana@example.com', 'email');
      await outbox.recordTo([mail], 'reminder.due', {
        ...reminder(),
        person: { id: people.ana, name: 'Ana Diaz', email: 'ana@example.com' },
      });
      const error = await eventually(
        async () => (await repo.listDeliveries({ webhookId: mail, limit: 1 }))[0]?.last_error ?? undefined,
        'the refused attempt',
      );
      expect(error).toBe(
        `the SMTP server at 127.0.0.1:${smtp.port} refused the login of PULSE_SMTP_USER (535)`,
      );
      const log = await ok(
        onStore(['admin', 'notifications', 'deliveries', '--channel', String(mail), '--json']),
      );
      expect(log).not.toContain('wrong-Pa55-word');
      const second = await served.stop();
      expect(second.stderr).not.toContain('wrong-Pa55-word');
      served = await startServe(['--store', store], serverEnv(), smtpArgs());
    });
  });
});

describe('pulse serve --smtp values', () => {
  it('are refused with exit 2 before serving, never repeating a password', async () => {
    const serve = (args: string[], extra: Record<string, string> = {}) =>
      execPulse(['--store', store, 'serve', '--port', '0', ...args], { env: isolatedEnv(extra) });
    const inUrl = await serve([
      '--smtp',
      'smtp://pulse:hunter2-secret@mail.example.com',
      '--smtp-from',
      'p@example.com',
    ]);
    expect(inUrl).toEqual({
      exitCode: 2,
      stdout: '',
      stderr:
        'pulse: --smtp must not carry a user or password: give them in PULSE_SMTP_USER and PULSE_SMTP_PASSWORD\nRun with --help for usage.',
    });
    const plain = await serve(
      ['--smtp', 'smtp://127.0.0.1:25?starttls=off', '--smtp-from', 'p@example.com'],
      {
        PULSE_SMTP_USER: 'u',
        PULSE_SMTP_PASSWORD: 'hunter2-secret',
      },
    );
    expect([plain.exitCode, plain.stderr]).toEqual([
      2,
      'pulse: --smtp with starttls=off would send PULSE_SMTP_PASSWORD unencrypted: use STARTTLS or smtps://\nRun with --help for usage.',
    ]);
    const noFrom = await serve([], { PULSE_SMTP_URL: 'smtps://mail.example.com' });
    expect([noFrom.exitCode, noFrom.stderr]).toEqual([
      2,
      'pulse: --smtp needs the address mail comes from: --smtp-from or PULSE_SMTP_FROM\nRun with --help for usage.',
    ]);
  });
});
