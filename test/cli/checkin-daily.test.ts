/**
 * The daily check-in through the real binary: JSON answers as strict as Markdown, and `pulse checkin due`
 * (exit codes, quiet output, the one-minute cache in remote mode behind a request-counting forwarder,
 * network trouble).
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addPersonArgs, BIN, execPulse, isolatedEnv } from '../helpers/cli.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { storeChecksum } from '../helpers/store-checksum.js';
import { missingParts } from '../helpers/system-parts.js';
import { tempDir } from '../helpers/temp.js';

/** libfaketime, to run the client just past midnight. */
const noFaketime = await missingParts('faketime');
const ALL_DAYS = 'monday,tuesday,wednesday,thursday,friday,saturday,sunday';
const today = () => new Date().toISOString().slice(0, 10);
const longToday = () =>
  `${new Date(`${today()}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })} ${today()}`;
/** A weekday that is not today, for a team that does not report today. */
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const notToday = (): string => WEEKDAYS[(new Date().getUTCDay() + 3) % 7] ?? 'sunday';

let env: Record<string, string>;
let store: string;
const pulse = (args: string[], input?: string) =>
  execPulse(['--store', store, ...args], { env, ...(input === undefined ? {} : { input }) });
const ok = async (args: string[]) => {
  const result = await pulse(args);
  expect(result.exitCode, result.stderr).toBe(0);
  return result.stdout;
};

/** Ana in Everyday (every day) and Later (a day that is not today); init's team Core is left. */
async function initAna(): Promise<void> {
  await ok(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']);
  await ok([
    'admin',
    'team',
    'add',
    '--name',
    'Everyday',
    '--report-days',
    ALL_DAYS,
    '--member',
    'ana@example.com',
  ]);
  await ok([
    'admin',
    'team',
    'add',
    '--name',
    'Later',
    '--report-days',
    notToday(),
    '--member',
    'ana@example.com',
  ]);
  await ok(['admin', 'team', 'leave', '--team', 'Core', '--person', 'ana@example.com']);
}

beforeEach(() => {
  env = isolatedEnv();
  store = join(tempDir('pulse-daily-'), 'pulse.db');
});

describe('pulse checkin --file with JSON', () => {
  beforeEach(initAna);

  it('refuses an unknown key with exit 2, naming it and the accepted keys, and saves nothing', async () => {
    const before = storeChecksum(store);
    const result = await pulse(
      ['checkin', '--file', '-'],
      JSON.stringify({ previous: 'a', intentions: 'b', blockers: 'none', done: true }),
    );
    expect(result).toMatchObject({
      exitCode: 2,
      stdout: '',
      stderr:
        'pulse: stdin: unknown key "done" (accepted: previous, intentions, blockers, mood, previous_completed, team_ids)\nRun with --help for usage.',
    });
    expect(storeChecksum(store)).toBe(before);
  });

  it('names every unknown key of a file', async () => {
    const file = join(tempDir(), 'answers.json');
    writeFileSync(file, JSON.stringify({ previous: 'a', intention: 'b', blocker: 'none' }));
    const result = await pulse(['checkin', '--file', file]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      `pulse: ${file}: unknown keys "intention", "blocker" (accepted: previous, intentions, blockers, mood, previous_completed, team_ids)`,
    );
    expect(await ok(['checkin', 'list', '--json'])).toBe('[]');
  });

  it('takes every accepted key', async () => {
    const me = JSON.parse(await ok(['me', '--json']));
    const everyday = me.teams.find((team: { name: string }) => team.name === 'Everyday').id;
    const answers = {
      previous: 'a',
      intentions: 'b',
      blockers: 'none',
      mood: 'calm',
      previous_completed: false,
      team_ids: [everyday],
    };
    const result = await pulse(['checkin', '--file', '-', '--json'], JSON.stringify(answers));
    expect(result.exitCode, result.stderr).toBe(0);
    const checkIn = JSON.parse(result.stdout);
    expect(checkIn).toMatchObject({
      previous: 'a',
      intentions: 'b',
      blockers: 'none',
      mood: 'calm',
      previous_completed: false,
    });
    expect(checkIn.teams.map((team: { name: string }) => team.name)).toEqual(['Everyday']);
  });
});

describe('pulse checkin due (local store)', () => {
  beforeEach(initAna);

  it('exits 1 and prints nothing while due; --remind says it in one line; 0 and nothing once done', async () => {
    expect(await pulse(['checkin', 'due'])).toEqual({ exitCode: 1, stdout: '', stderr: '' });
    expect(await pulse(['checkin', 'due', '--remind'])).toEqual({
      exitCode: 1,
      stdout: `Your check-in for ${longToday()} is due (pulse checkin).`,
      stderr: '',
    });
    expect(await pulse(['checkin', 'due', '--team', 'everyday', '--remind'])).toEqual({
      exitCode: 1,
      stdout: 'Your check-in for Everyday is due (pulse checkin).',
      stderr: '',
    });
    expect(JSON.parse((await pulse(['checkin', 'due', '--json'])).stdout)).toEqual({
      date: today(),
      due: true,
      reason: 'pending',
      team: null,
    });

    await ok(['checkin', '--previous', 'a', '--intentions', 'b', '--blockers', 'none']);
    expect(await pulse(['checkin', 'due'])).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(await pulse(['checkin', 'due', '--remind'])).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(JSON.parse((await pulse(['checkin', 'due', '--json'])).stdout)).toMatchObject({
      due: false,
      reason: 'complete',
    });
  });

  it('exits 0 for a team that does not report today, when absent, and when nothing is scheduled', async () => {
    const later = await pulse(['checkin', 'due', '--team', 'Later', '--json']);
    expect(later.exitCode).toBe(0);
    expect(JSON.parse(later.stdout)).toMatchObject({
      due: false,
      reason: 'not_a_report_day',
      team: { name: 'Later' },
    });

    await ok(['absence', 'add', 'me', '--date', 'today', '--team', 'Everyday']);
    const absent = await pulse(['checkin', 'due', '--json']);
    expect(absent.exitCode).toBe(0);
    expect(JSON.parse(absent.stdout)).toMatchObject({ due: false, reason: 'nothing_scheduled' });

    await ok(['absence', 'remove', 'me', '--date', 'today', '--team', 'Everyday']);
    await ok(['admin', 'team', 'leave', '--team', 'Everyday', '--person', 'ana@example.com']);
    const nothing = await pulse(['checkin', 'due', '--json']);
    expect(nothing.exitCode).toBe(0);
    expect(JSON.parse(nothing.stdout)).toMatchObject({ due: false, reason: 'nothing_scheduled' });
  });

  it('refuses a team that is not yours with exit 2', async () => {
    expect(await pulse(['checkin', 'due', '--team', 'Nope'])).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'pulse: --team: "Nope" is not one of your teams (Everyday, Later)\nRun with --help for usage.',
    });
  });
});

describe('pulse checkin due (remote)', () => {
  let serverEnv: Record<string, string>;
  let serverStore: string;
  let token: string;
  let benToken: string;
  let server: ServeProcess | undefined;
  /** Answers `today` as a deployment without the extension does: a 404 with no body. */
  let withoutToday = false;
  let forwarder: Server;
  let requests: string[] = [];
  let forwarderUrl: string;
  let serverPort: number;

  beforeAll(async () => {
    serverEnv = isolatedEnv();
    serverStore = join(tempDir('pulse-due-server-'), 'server.db');
    const local = async (args: string[]) => {
      const result = await execPulse(['--store', serverStore, ...args], { env: serverEnv });
      expect(result.exitCode, result.stderr).toBe(0);
      return result.stdout;
    };
    await local(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Everyday']);
    await local([
      'admin',
      'team',
      'add',
      '--name',
      'Daily',
      '--report-days',
      ALL_DAYS,
      '--member',
      'ana@example.com',
    ]);
    await local(['admin', 'team', 'leave', '--team', 'Everyday', '--person', 'ana@example.com']);
    // Ben's only team does not report today: nothing is scheduled for him.
    await local(['admin', 'team', 'add', '--name', 'Later', '--report-days', notToday()]);
    await local(addPersonArgs('Ben Okafor', 'ben@example.com', 'Later'));
    token = (
      await local(['admin', 'token', 'create', '--person', 'ana@example.com', '--name', 'laptop'])
    ).trim();
    benToken = (
      await local(['admin', 'token', 'create', '--person', 'ben@example.com', '--name', 'laptop'])
    ).trim();
    server = await startServe(['--store', serverStore], serverEnv);
    serverPort = Number(new URL(server.url).port);
    // Counts the requests that reach the server, and forwards them.
    forwarder = createServer((incoming, outgoing) => {
      requests.push(`${incoming.method} ${incoming.url}`);
      if (withoutToday && incoming.url === '/api/v2/check-ins/today') {
        outgoing.writeHead(404, { 'cache-control': 'no-store' }).end();
        return;
      }
      const upstream = request(
        {
          host: '127.0.0.1',
          port: serverPort,
          path: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on('error', () => outgoing.destroy());
      incoming.pipe(upstream);
    });
    await new Promise<void>((resolve) => forwarder.listen(0, '127.0.0.1', resolve));
    forwarderUrl = `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => forwarder.close(resolve));
  });

  it('never sends an interrupted check-in by itself: other remote commands leave it kept', async () => {
    const client = isolatedEnv({ PULSE_BASE_URL: forwarderUrl, PULSE_TOKEN: token });
    const draftsFile = join(client.HOME as string, '.local', 'state', 'pulse', 'drafts', 'default.json');
    const drafts = {
      version: 1,
      drafts: [
        {
          base_url: forwarderUrl,
          interrupted: true,
          date: today(),
          answers: { previous: 'half-way' },
          saved_at: `${today()}T08:00:00.000Z`,
        },
      ],
    };
    mkdirSync(dirname(draftsFile), { recursive: true, mode: 0o700 });
    writeFileSync(draftsFile, JSON.stringify(drafts), { mode: 0o600 });
    requests = [];
    const listed = await execPulse(['checkin', 'list', '--json'], { env: client });
    expect(listed).toMatchObject({ exitCode: 0, stdout: '[]', stderr: '' });
    expect(requests.filter((line) => line.startsWith('PATCH'))).toEqual([]);
    expect(JSON.parse(readFileSync(draftsFile, 'utf8'))).toEqual(drafts);
  });

  it('answers a day with nothing scheduled in one request: the 404 says which day and why', async () => {
    const client = isolatedEnv({ PULSE_BASE_URL: forwarderUrl, PULSE_TOKEN: benToken });
    requests = [];
    const answered = await execPulse(['checkin', 'due', '--json'], { env: client });
    expect(answered.exitCode, answered.stderr).toBe(0);
    expect(JSON.parse(answered.stdout)).toEqual({
      date: today(),
      due: false,
      reason: 'nothing_scheduled',
      team: null,
    });
    expect(requests).toEqual(['GET /api/v2/check-ins/today']);
    // What v2 clients see: the 404, with a body that says which day and why.
    const response = await fetch(`${forwarderUrl}/api/v2/check-ins/today`, {
      headers: { authorization: `Bearer ${benToken}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      errors: [`no check-in on ${today()}: it is not a report day of any of your teams`],
      code: 'not_found',
      date: today(),
      reason: 'not-a-report-day',
    });
  });

  it('falls back on a deployment without `today`: the time zone once an hour, then one request', async () => {
    const client = isolatedEnv({ PULSE_BASE_URL: forwarderUrl, PULSE_TOKEN: token });
    const cacheFile = join(client.HOME as string, 'cache', 'pulse', 'due', 'default.json');
    withoutToday = true;
    try {
      requests = [];
      expect(await execPulse(['checkin', 'due'], { env: client })).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: '',
      });
      expect(requests).toEqual([
        'GET /api/v2/check-ins/today',
        'GET /api/v2/me',
        `GET /api/v2/check-ins/${today()}`,
      ]);
      const cache = JSON.parse(readFileSync(cacheFile, 'utf8'));
      cache.answers[''].checked_at -= 61_000;
      writeFileSync(cacheFile, JSON.stringify(cache));
      requests = [];
      expect((await execPulse(['checkin', 'due'], { env: client })).exitCode).toBe(1);
      expect(requests).toEqual([`GET /api/v2/check-ins/${today()}`]);
    } finally {
      withoutToday = false;
    }
  });

  it.skipIf(noFaketime)(
    'keeps an answer no further than midnight: after it, the new day is asked for',
    async () => {
      const client = isolatedEnv({ PULSE_BASE_URL: forwarderUrl, PULSE_TOKEN: token });
      const cacheFile = join(client.HOME as string, 'cache', 'pulse', 'due', 'default.json');
      expect((await execPulse(['checkin', 'due'], { env: client })).exitCode).toBe(1);
      const midnight = Date.parse(`${today()}T00:00:00Z`);
      const yesterday = new Date(midnight - 86_400_000).toISOString().slice(0, 10);
      // Twenty seconds past midnight (TZ=UTC) on this machine's clock.
      const atMidnight = (args: string[]) =>
        execa('/usr/bin/faketime', ['-f', `@${today()} 00:00:20`, process.execPath, BIN, ...args], {
          env: { ...client, FAKETIME_DONT_FAKE_MONOTONIC: '1' },
          extendEnv: false,
          reject: false,
          timeout: 60_000,
        });
      const remember = (date: string, checkedAt: number) => {
        const cache = JSON.parse(readFileSync(cacheFile, 'utf8'));
        cache.answers[''] = {
          answer: { date, due: false, reason: 'complete', team: null },
          checked_at: checkedAt,
        };
        writeFileSync(cacheFile, JSON.stringify(cache));
      };

      // Yesterday's answer, 30 s old: midnight came between, so today's check-in is asked for.
      remember(yesterday, midnight - 10_000);
      requests = [];
      expect((await atMidnight(['checkin', 'due'])).exitCode).toBe(1);
      expect(requests).toEqual(['GET /api/v2/check-ins/today']);

      // An answer given after midnight stands for its minute: no request.
      remember(today(), midnight + 5_000);
      requests = [];
      expect((await atMidnight(['checkin', 'due'])).exitCode).toBe(0);
      expect(requests).toEqual([]);
    },
  );

  it('asks at most once a minute, forgets its answer when pulse checkin saves, and keeps quiet offline', async () => {
    const client = isolatedEnv({ PULSE_BASE_URL: forwarderUrl, PULSE_TOKEN: token });
    const remote = (args: string[]) => execPulse(args, { env: client });
    const cacheFile = join(client.HOME as string, 'cache', 'pulse', 'due', 'default.json');

    requests = [];
    expect(await remote(['checkin', 'due'])).toEqual({ exitCode: 1, stdout: '', stderr: '' });
    // Cold: one request, the check-in on the person's today (the server knows their time zone).
    expect(requests).toEqual(['GET /api/v2/check-ins/today']);
    expect(statSync(cacheFile).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(cacheFile)).mode & 0o777).toBe(0o700);

    requests = [];
    expect((await remote(['checkin', 'due', '--remind'])).exitCode).toBe(1);
    expect(requests).toEqual([]);

    // An answer older than a minute is asked again: one request.
    const cache = JSON.parse(readFileSync(cacheFile, 'utf8'));
    cache.answers[''].checked_at -= 61_000;
    writeFileSync(cacheFile, JSON.stringify(cache));
    requests = [];
    expect((await remote(['checkin', 'due'])).exitCode).toBe(1);
    expect(requests).toEqual(['GET /api/v2/check-ins/today']);

    // pulse checkin saving the check-in forgets the answer.
    expect(
      (await remote(['checkin', '--previous', 'a', '--intentions', 'b', '--blockers', 'none'])).exitCode,
    ).toBe(0);
    requests = [];
    expect(await remote(['checkin', 'due'])).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(requests).toEqual(['GET /api/v2/check-ins/today']);

    // Offline, with the answer gone stale: exit 6, nothing printed unless output was asked for.
    rmCache(cacheFile);
    await server?.stop();
    server = undefined;
    expect(await remote(['checkin', 'due'])).toEqual({ exitCode: 6, stdout: '', stderr: '' });
    const reminded = await remote(['checkin', 'due', '--remind']);
    expect(reminded.exitCode).toBe(6);
    expect(reminded.stdout).toBe('');
    expect(reminded.stderr).toMatch(/^pulse: .+/);
  });
});

function rmCache(file: string): void {
  if (existsSync(file)) writeFileSync(file, '{}');
}
