/**
 * People's and teams' channels (issue 31) over a real SQLite store: events written with the outbox to
 * owned webhooks, posted by the sender to a real local receiver that checks their signatures (JSON, and
 * Slack messages written for each event), emails handed to the mail sender, and the real SMTP mail sender
 * against a real SMTP server on loopback refusing to go on without STARTTLS or with a certificate it
 * cannot trust. The delivery log is the administrators', naming a channel by host or address only.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../src/core/errors.js';
import type { Instance } from '../../src/core/instance.js';
import { failingChannels } from '../../src/core/notifications/delivery-log.js';
import { notificationSlack } from '../../src/core/notifications/messages.js';
import type { ReminderData, SummaryData } from '../../src/core/notifications/types.js';
import type { Repository } from '../../src/core/repository.js';
import { Outbox } from '../../src/core/webhooks/outbox.js';
import type { WebhookRow } from '../../src/core/webhooks/repository.js';
import { type MailMessage, NO_MAILER, type WebhookSender } from '../../src/core/webhooks/sender.js';
import { webhookPoster } from '../../src/providers/webhook-post.js';
import {
  type SmtpConfiguration,
  type SmtpSettings,
  smtpMailer,
  smtpSettings,
} from '../../src/server/smtp-mail.js';
import { openRepository } from '../../src/store/open-repository.js';
import { type SteppingClock, steppingClock } from '../helpers/clock.js';
import { startSmtpReceiver } from '../helpers/smtp-receiver.js';
import { createFixture, type FixtureIds } from '../helpers/store.js';
import { missingParts } from '../helpers/system-parts.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const START = '2026-11-26T08:30:00Z';
const HOUR = 3_600_000;
const SECRET = 'channel-secret-0123456789';

let clock: SteppingClock;
let store: Instance;
let repo: Repository;
let ids: FixtureIds;
let receiver: WebhookReceiver;
let outbox: Outbox;
let mailed: MailMessage[];
let sender: WebhookSender;

beforeEach(async () => {
  clock = steppingClock(START);
  const fixture = await createFixture(clock);
  ({ store, ids } = fixture);
  // The store as the scheduler writes it: the outbox over the same file.
  repo = (await openRepository(fixture.path)).repository;
  outbox = new Outbox(repo, clock);
  receiver = await startWebhookReceiver(
    () => SECRET,
    () => clock.now(),
  );
  mailed = [];
  sender = await store.webhookSender({
    clock,
    poster: webhookPoster(),
    mailer: async (mail) => {
      mailed.push(mail);
    },
    retryBaseMs: 1000,
    random: () => 1,
  });
  return async () => {
    await repo.close();
    await store.close();
  };
});

/** A person's or a team's channel, as the settings would add it. */
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
    created_at: START,
    person_id: null,
    team_id: null,
    ...owner,
  });
}

const reminder = (): ReminderData => ({
  person: { id: ids.ben, name: 'Ben Okafor', email: 'ben@example.com' },
  date: '2026-11-26',
  reminder: 1,
  local_time: '09:30',
  due_at: START,
  late: false,
  command: 'pulse checkin',
  url: null,
  previous_intentions: 'Ship the importer',
  previous_date: '2026-11-25',
});

const summary = (): SummaryData => ({
  team: { id: ids.core, name: 'Core' },
  date: '2026-11-26',
  checked_in: [{ id: ids.ana, name: 'Ana Diaz' }],
  blocked: [],
  absent: [],
  missing: [{ id: ids.ben, name: 'Ben Okafor' }],
  counts: { members: 2, checked_in: 1, blocked: 0, absent: 0, missing: 1 },
  late: false,
});

describe('webhook channels', () => {
  it("a person's JSON and Slack channels each get the reminder once, signed", async () => {
    const json = await channel({ person_id: ids.ben }, receiver.url, 'json');
    const slack = await channel({ person_id: ids.ben }, `${receiver.url}/slack/T000/B000/XXXX`, 'slack');
    const event = await outbox.recordTo([json, slack], 'reminder.due', reminder());

    expect(await sender.drain()).toBe(2);
    expect(await sender.drain()).toBe(0);
    expect(receiver.received.map((hook) => [hook.path, hook.verified])).toEqual(
      expect.arrayContaining([
        ['/hooks', true],
        ['/hooks/slack/T000/B000/XXXX', true],
      ]),
    );
    const byPath = (path: string) => receiver.received.find((hook) => hook.path === path);
    expect(JSON.parse(byPath('/hooks')?.body ?? '')).toEqual({
      id: event?.id,
      type: 'reminder.due',
      created_at: '2026-11-26T08:30:00Z',
      data: reminder(),
    });
    expect(byPath('/hooks')?.headers['pulse-webhook-id']).toBe(event?.id);
    expect(JSON.parse(byPath('/hooks/slack/T000/B000/XXXX')?.body ?? '')).toEqual({
      text: 'Reminder: your check-in for Thursday 2026-11-26 is still to do',
      blocks: [
        {
          type: 'section',
          text: {
            type: 'mrkdwn',
            text: [
              '*Reminder: your check-in for Thursday 2026-11-26 is still to do*',
              'Run `pulse checkin`',
              'Your intentions last time (Wednesday 2026-11-25):',
              '>Ship the importer',
            ].join('\n'),
          },
        },
      ],
    });
    expect(mailed).toEqual([]);
  });

  it("a team's Slack channel gets its summary; status webhooks get none of it", async () => {
    await store.statusAdmin.addWebhook({ url: `${receiver.url}/status` });
    await store.statusAdmin.addComponent({ name: 'API' });
    const team = await channel({ team_id: ids.core }, `${receiver.url}/team`, 'slack');
    await outbox.recordTo([team], 'team.summary', summary());
    expect(await sender.drain()).toBe(1);
    expect(receiver.received.map((hook) => hook.path)).toEqual(['/hooks/team']);
    expect(JSON.parse(receiver.received[0]?.body ?? '')).toEqual(
      notificationSlack({ type: 'team.summary', data: summary() }),
    );
    expect((await store.statusAdmin.listDeliveries()).items.map((d) => d.event_type)).toEqual([]);
    // The status webhook still gets the status page's events.
    await store.statusAdmin.setComponentState(1, 'degraded');
    expect(await sender.drain()).toBe(1);
    expect(receiver.received.map((hook) => hook.path)).toEqual(['/hooks/team', '/hooks/status']);
  });
});

describe('email channels', () => {
  it('go to the mail sender: the address from the channel, the message written for the event', async () => {
    const mail = await channel({ person_id: ids.ben }, 'mailto:ben@example.com', 'email');
    const event = await outbox.recordTo([mail], 'reminder.due', { ...reminder(), late: true });
    expect(await sender.drain()).toBe(1);
    expect(receiver.received).toEqual([]);
    expect(mailed).toEqual([
      {
        to: 'ben@example.com',
        subject: 'Reminder: your check-in for Thursday 2026-11-26 is still to do (late)',
        text: [
          'Hello Ben Okafor,',
          '',
          'your check-in for Thursday 2026-11-26 is still to do.',
          '',
          'To check in, run: pulse checkin',
          '',
          'Your intentions last time (Wednesday 2026-11-25):',
          '  Ship the importer',
          '',
          'This reminder was due at 09:30 and is sent late: pulse was not running then.',
          '',
          '-- ',
          'To change or stop these reminders: pulse me reminders set, or pulse me reminders off.',
          '',
        ].join('\n'),
        eventId: event?.id,
      },
    ]);
    const [logged] = (await store.serviceFor(ids.ana).listNotificationDeliveries()).items;
    expect(logged).toMatchObject({
      channel_id: mail,
      format: 'email',
      destination: 'ben@example.com',
      state: 'delivered',
      attempts: 1,
      last_status: null,
      last_error: null,
    });
  });

  it('without a mail sender are retried, then given up on after 24 hours, saying why', async () => {
    const noMail = await store.webhookSender({ clock, poster: webhookPoster(), retryBaseMs: 1000 });
    const mail = await channel({ team_id: ids.core }, 'mailto:core@example.com', 'email');
    await outbox.recordTo([mail], 'team.summary', summary());
    expect(await noMail.drain()).toBe(1);
    const service = store.serviceFor(ids.ana);
    const [pending] = (await service.listNotificationDeliveries()).items;
    expect(pending).toMatchObject({ state: 'pending', attempts: 1, last_error: NO_MAILER });
    expect(failingChannels((await service.listNotificationDeliveries()).items)).toEqual([
      {
        channel_id: mail,
        format: 'email',
        destination: 'core@example.com',
        owner: { kind: 'team', id: ids.core, name: 'Core' },
        failing: 1,
        last_error: NO_MAILER,
        since: '2026-11-26T08:30:00Z',
      },
    ]);
    for (let hour = 0; hour < 25; hour++) {
      clock.advance(HOUR);
      await noMail.drain();
    }
    const [failed] = (await service.listNotificationDeliveries({ failed: true })).items;
    expect(failed).toMatchObject({ state: 'failed', last_error: NO_MAILER, next_attempt_at: null });
    // Once a later delivery gets through, the channel is no longer failing.
    await outbox.recordTo([mail], 'team.summary', summary());
    await sender.drain();
    expect(failingChannels((await service.listNotificationDeliveries()).items)).toEqual([]);
  });
});

describe('the delivery log', () => {
  it("names each channel's owner, and its URL by scheme and host only", async () => {
    const slack = await channel(
      { person_id: ids.ben },
      'https://hooks.slack.com/services/T0/B0/secret-path',
      'slack',
    );
    const team = await channel({ team_id: ids.core }, `${receiver.url}/team?token=abc`, 'json');
    await store.statusAdmin.addWebhook({ url: `${receiver.url}/status` });
    await store.statusAdmin.addComponent({ name: 'API' });
    await store.statusAdmin.setComponentState(1, 'degraded');
    await outbox.recordTo([slack], 'reminder.due', reminder());
    await outbox.recordTo([team], 'team.summary', summary());

    const log = (await store.serviceFor(ids.ana).listNotificationDeliveries()).items;
    expect(log.map((d) => [d.channel_id, d.format, d.destination, d.owner, d.event_type, d.state])).toEqual([
      [
        team,
        'json',
        receiver.url.replace('/hooks', ''),
        { kind: 'team', id: ids.core, name: 'Core' },
        'team.summary',
        'pending',
      ],
      [
        slack,
        'slack',
        'https://hooks.slack.com',
        { kind: 'person', id: ids.ben, name: 'Ben Okafor' },
        'reminder.due',
        'pending',
      ],
    ]);
    expect(JSON.stringify(log)).not.toContain('secret-path');
    expect(JSON.stringify(log)).not.toContain('token=abc');
    const one = await store
      .serviceFor(ids.ana)
      .listNotificationDeliveries({ channel_id: String(slack), limit: '1' });
    expect(one.items.map((d) => d.channel_id)).toEqual([slack]);
  });

  it('is for administrators only, and refuses a bad parameter naming it', async () => {
    await expect(store.serviceFor(ids.ben).listNotificationDeliveries()).rejects.toThrow(ForbiddenError);
    await expect(store.serviceFor(ids.ben).listNotificationDeliveries()).rejects.toThrow(
      'only administrators may read the notification deliveries',
    );
    await expect(store.serviceFor(ids.ana).listNotificationDeliveries({ limit: '501' })).rejects.toThrow(
      'limit must be an integer from 1 to 500',
    );
  });
});

describe.skipIf(await missingParts('openssl'))('the SMTP mail sender', () => {
  const login = { user: 'pulse-mailer', password: 'smtp-pass-5ecret' };
  const settings = (port: number): SmtpSettings => ({
    host: '127.0.0.1',
    port,
    implicitTls: false,
    starttls: true,
    ...login,
    from: 'pulse <pulse@example.com>',
  });
  const mail: MailMessage = { to: 'ben@example.com', subject: 'Hi', text: 'Hello\n', eventId: 'e1' };

  it('will not log in to a server that offers no STARTTLS', async () => {
    const server = await startSmtpReceiver(login, { starttls: false });
    const failure = await smtpMailer(settings(server.port))(mail).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(
      new RegExp(`^the SMTP server at 127\\.0\\.0\\.1:${server.port} could not be secured with STARTTLS: `),
    );
    expect((failure as Error).message).not.toContain(login.password);
    expect(server.logins).toEqual([]);
    expect(server.received).toEqual([]);
  });

  it("checks the server's certificate: a self-signed one not trusted stops it before the login", async () => {
    const server = await startSmtpReceiver(login);
    const failure = await smtpMailer(settings(server.port))(mail).catch((error: Error) => error);
    expect((failure as Error).message).toMatch(
      /^the SMTP server at 127\.0\.0\.1:\d+ sent a certificate that is not trusted: self-signed certificate \(NODE_EXTRA_CA_CERTS adds a CA\)$/,
    );
    expect(server.logins).toEqual([]);
  });
});

describe('pulse serve --smtp settings', () => {
  const given: SmtpConfiguration = {
    url: 'smtp://mail.example.com',
    from: 'pulse@example.com',
    user: undefined,
    password: undefined,
  };
  it('reads the URL: STARTTLS on smtp:// unless it says otherwise, TLS on smtps://, the usual ports', () => {
    expect(smtpSettings(given)).toEqual({
      settings: {
        host: 'mail.example.com',
        port: 587,
        implicitTls: false,
        starttls: true,
        from: 'pulse@example.com',
      },
    });
    expect(smtpSettings({ ...given, url: 'smtps://mail.example.com', user: 'u', password: 'p' })).toEqual({
      settings: {
        host: 'mail.example.com',
        port: 465,
        implicitTls: true,
        starttls: false,
        user: 'u',
        password: 'p',
        from: 'pulse@example.com',
      },
    });
    expect(smtpSettings({ ...given, url: 'smtp://127.0.0.1:2525?starttls=off' }).settings).toMatchObject({
      port: 2525,
      starttls: false,
    });
    expect(smtpSettings({ ...given, url: undefined, from: undefined })).toEqual({});
  });

  it('refuses what would leak or cannot work, never repeating a credential', () => {
    const problem = (changes: Partial<SmtpConfiguration>) => smtpSettings({ ...given, ...changes }).problem;
    expect(problem({ url: 'smtp://pulse:hunter2@mail.example.com' })).toBe(
      '--smtp must not carry a user or password: give them in PULSE_SMTP_USER and PULSE_SMTP_PASSWORD',
    );
    expect(problem({ url: 'http://mail.example.com' })).toBe(
      '--smtp must be smtp://HOST[:PORT] or smtps://HOST[:PORT]: http://mail.example.com',
    );
    expect(problem({ url: 'smtp://mail.example.com:0' })).toBe(
      '--smtp must be smtp://HOST[:PORT] or smtps://HOST[:PORT]: smtp://mail.example.com:0',
    );
    expect(problem({ url: 'smtp://mail.example.com/relay' })).toBe(
      '--smtp must be smtp://HOST[:PORT] or smtps://HOST[:PORT]: smtp://mail.example.com/relay',
    );
    expect(problem({ url: 'smtp://mail.example.com?starttls=maybe' })).toBe(
      '--smtp takes one option, starttls=off or starttls=required on smtp:// only: smtp://mail.example.com?starttls=maybe',
    );
    expect(problem({ url: 'smtp://mail.example.com?starttls=off', user: 'u', password: 'p' })).toBe(
      '--smtp with starttls=off would send PULSE_SMTP_PASSWORD unencrypted: use STARTTLS or smtps://',
    );
    expect(problem({ user: 'u' })).toBe(
      'PULSE_SMTP_USER and PULSE_SMTP_PASSWORD go together: set both or neither',
    );
    expect(problem({ from: undefined })).toBe(
      '--smtp needs the address mail comes from: --smtp-from or PULSE_SMTP_FROM',
    );
    expect(problem({ from: 'pulse at example' })).toBe(
      '--smtp-from must be an address or "Name <address>": pulse at example',
    );
    expect(problem({ url: undefined })).toBe('--smtp-from needs --smtp (or PULSE_SMTP_URL)');
    expect(smtpSettings({ ...given, from: 'Pulse Reminders <pulse@example.com>' }).problem).toBeUndefined();
  });
});
