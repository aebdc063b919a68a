/**
 * `pulse team reminders`, `pulse team notifications` and `pulse me reminders` through the real binary on
 * a local store (the README's set-up end to end, and refusals that change nothing) and over a deployment.
 */
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execPulse, initAnaAndBen, isolatedEnv } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const pulse = (...args: string[]) => execPulse(['--store', store, ...args], { env });
const json = async (...args: string[]) => {
  const result = await pulse(...args);
  expect(result.stderr).toBe('');
  expect(result.exitCode).toBe(0);
  return JSON.parse(result.stdout);
};

beforeAll(() => {
  env = isolatedEnv({ TZ: 'UTC' });
});

beforeEach(async () => {
  store = join(tempDir(), 'pulse.db');
  await initAnaAndBen((args) => pulse(...args));
  await pulse('me', 'edit', '--time-zone', 'Europe/Berlin');
});

describe('pulse team reminders and notifications', () => {
  it('sets up a team as the README does', async () => {
    const set = await pulse(
      'team',
      'reminders',
      'set',
      '--team',
      'Core',
      '--at',
      '09:30',
      '--again',
      '11:00',
    );
    expect(set).toMatchObject({
      exitCode: 0,
      stdout: "Core\nReminders: 09:30, again at 11:00 (each member's own time zone)\nDaily summary: none",
      stderr: '',
    });
    const summary = await pulse('team', 'notifications', 'set', '--team', 'Core', '--summary-at', '17:00');
    expect(summary.stdout).toContain('Daily summary: 17:00 Europe/Berlin');

    const slack = await pulse(
      'team',
      'notifications',
      'channel',
      'add',
      'https://hooks.example.com/services/T1/B2',
      '--team',
      'Core',
      '--format',
      'slack',
      '--events',
      'checkin.blocked,team.summary',
    );
    expect(slack.exitCode).toBe(0);
    expect(slack.stdout).toMatch(/^1\nwhsec_[0-9a-f]{64}$/);
    const mail = await pulse(
      'team',
      'notifications',
      'channel',
      'add',
      '--team',
      'Core',
      '--email',
      'core@example.com',
    );
    expect(mail).toMatchObject({ exitCode: 0, stdout: '2' });
    expect(
      await json(
        'team',
        'notifications',
        'channel',
        'list',
        '--team',
        'Core',
        '--json',
        'id,url,format,events',
      ),
    ).toEqual([
      {
        id: 1,
        url: 'https://hooks.example.com/services/T1/B2',
        format: 'slack',
        events: ['checkin.blocked', 'team.summary'],
      },
      { id: 2, url: 'mailto:core@example.com', format: 'email', events: null },
    ]);
    expect(
      await json(
        'team',
        'reminders',
        'show',
        '--json',
        'remind_at,remind_again_at,summary_at,summary_time_zone',
      ),
    ).toEqual({
      remind_at: '09:30',
      remind_again_at: '11:00',
      summary_at: '17:00',
      summary_time_zone: 'Europe/Berlin',
    });

    expect(await pulse('team', 'notifications', 'channel', 'remove', '1', '--team', 'Core')).toMatchObject({
      exitCode: 0,
      stderr: 'Channel 1 of Core removed.',
    });
    expect(await pulse('team', 'notifications', 'off')).toMatchObject({ exitCode: 0 });
    expect(await pulse('team', 'reminders', 'off')).toMatchObject({ exitCode: 0 });
    expect(await json('team', 'notifications', 'show', '--json', 'remind_at,summary_at')).toEqual({
      remind_at: null,
      summary_at: null,
    });
  });

  it('refuses a bad time or order, naming it, and changes nothing', async () => {
    await pulse('team', 'reminders', 'set', '--at', '09:30');
    const badTime = await pulse('team', 'reminders', 'set', '--at', '9:30');
    expect(badTime).toMatchObject({ exitCode: 2, stdout: '' });
    expect(badTime.stderr).toContain('--at must be a time HH:MM (00:00 to 23:59): 9:30');
    const badOrder = await pulse('team', 'reminders', 'set', '--at', '10:00', '--again', '09:00');
    expect(badOrder.exitCode).not.toBe(0);
    expect(badOrder.stderr).toContain('remind_again_at (09:00) must be later than remind_at (10:00)');
    const badZone = await pulse(
      'team',
      'notifications',
      'set',
      '--summary-at',
      '17:00',
      '--time-zone',
      'Mars/Base',
    );
    expect(badZone.exitCode).not.toBe(0);
    expect(badZone.stderr).toContain('summary_time_zone must be an IANA time zone');
    const badUrl = await pulse('team', 'notifications', 'channel', 'add', 'ftp://example.com/x');
    expect(badUrl.exitCode).not.toBe(0);
    expect(badUrl.stderr).toContain('url must be an absolute http(s) URL');
    expect(await json('team', 'reminders', 'show', '--json', 'remind_at,remind_again_at,summary_at')).toEqual(
      {
        remind_at: '09:30',
        remind_again_at: null,
        summary_at: null,
      },
    );
    expect(await json('team', 'notifications', 'channel', 'list', '--json', 'id')).toEqual([]);
  });

  it('lets only managers and administrators change a team', async () => {
    const asBen = await execPulse(
      ['--store', store, '--as', 'ben@example.com', 'team', 'reminders', 'set', '--at', '08:00'],
      {
        env,
      },
    );
    expect(asBen.exitCode).not.toBe(0);
    expect(asBen.stderr).toContain(
      'only the managers of Core and administrators may change its notifications',
    );
  });
});

describe('pulse me reminders', () => {
  it('chooses own times, the team’s again, or none, and a channel to the own address', async () => {
    expect(await pulse('me', 'reminders', 'show')).toMatchObject({
      exitCode: 0,
      stdout: "Reminders: at your teams' times (pulse team reminders show), in Europe/Berlin",
    });
    expect(await pulse('me', 'reminders', 'set', '--at', '08:45', '--again', '10:00')).toMatchObject({
      exitCode: 0,
      stdout: "Reminders: at 08:45, again at 10:00, in Europe/Berlin, on your teams' report days",
    });
    expect(await pulse('me', 'reminders', 'off')).toMatchObject({ stdout: 'Reminders: off' });
    expect(await json('me', 'reminders', 'set', '--team-times', '--json', 'mode,remind_at')).toEqual({
      mode: 'team',
      remind_at: '08:45',
    });
    expect(await pulse('me', 'reminders', 'set')).toMatchObject({ exitCode: 2 });

    expect(await pulse('me', 'reminders', 'channel', 'add', '--email')).toMatchObject({
      exitCode: 0,
      stdout: '1',
    });
    expect(await json('me', 'reminders', 'channel', 'list', '--json', 'id,url,format')).toEqual([
      { id: 1, url: 'mailto:ana@example.com', format: 'email' },
    ]);
    const twice = await pulse('me', 'reminders', 'channel', 'add', '--email');
    expect(twice.exitCode).not.toBe(0);
    expect(twice.stderr).toContain('there is a channel to mailto:ana@example.com already');
    expect(await pulse('me', 'reminders', 'channel', 'remove', '1')).toMatchObject({
      exitCode: 0,
      stderr: 'Channel 1 removed.',
    });
    const gone = await pulse('me', 'reminders', 'channel', 'remove', '1');
    expect(gone.exitCode).not.toBe(0);
    expect(gone.stderr).toContain('no channel 1');
  });
});

describe('over a deployment (remote mode, the v2 extensions)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  const remote = (person: string, ...args: string[]) =>
    execPulse(args, {
      env: isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TOKEN: server.tokens[person] as string }),
    });

  it('sets a team’s times and channels as an administrator, and a person’s own', async () => {
    const set = await remote(
      'ana',
      'team',
      'reminders',
      'set',
      '--team',
      'Core',
      '--at',
      '09:30',
      '--json',
      'remind_at',
    );
    expect(set).toMatchObject({ exitCode: 0, stdout: '{\n  "remind_at": "09:30"\n}' });
    const added = await remote(
      'ana',
      'team',
      'notifications',
      'channel',
      'add',
      '--team',
      'Core',
      '--email',
      'core@example.com',
    );
    expect(added).toMatchObject({ exitCode: 0, stdout: expect.stringMatching(/^\d+$/) });
    const refused = await remote('ben', 'team', 'notifications', 'channel', 'list', '--team', 'Core');
    expect(refused.exitCode).toBe(5);
    expect(refused.stderr).toContain('permission denied (403)'); // v2's 403 has no body to say more
    expect(
      await remote('ben', 'team', 'reminders', 'show', '--team', 'Core', '--json', 'remind_at'),
    ).toMatchObject({
      exitCode: 0,
      stdout: '{\n  "remind_at": "09:30"\n}',
    });
    expect(await remote('ben', 'me', 'reminders', 'set', '--at', '08:00')).toMatchObject({
      exitCode: 0,
      stdout: "Reminders: at 08:00, in Europe/Berlin, on your teams' report days",
    });
    const hook = await remote(
      'ben',
      'me',
      'reminders',
      'channel',
      'add',
      'http://127.0.0.1:9/ben',
      '--format',
      'slack',
    );
    expect(hook.stdout).toMatch(/^\d+\nwhsec_[0-9a-f]{64}$/);
  });
});
