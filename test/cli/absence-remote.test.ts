/**
 * `pulse absence` in remote mode, in-process against a real server on 127.0.0.1 whose v1 interface is
 * rate limited (a burst of 5, 20 a second): an import paces itself instead of failing dates.
 */
import { once } from 'node:events';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.js';
import { addDays } from '../../src/core/time.js';
import { buildServer } from '../../src/server/app.js';
import { openSqliteRepository } from '../../src/store/open.js';
import { isolatedEnv, runInProcess } from '../helpers/cli.js';
import { createFixture, type Fixture, PUBLIC_URL } from '../helpers/store.js';

let fixture: Fixture;
let app: FastifyInstance;
let url: string;
let teamId: string;
let apiKey: string;
/** The server's requests, as "GET /api/v1/member_absences", for counting what a run sent. */
const requests: string[] = [];

// Built here rather than with startTestServer, which has no option for the v1 rate limit (yet).
beforeAll(async () => {
  fixture = await createFixture(systemClock);
  await fixture.store.admin.addPerson({
    name: 'Fay Moss',
    email: 'fay@example.com',
    timeZone: 'UTC',
    teams: ['Core'],
  });
  ({ teamId, apiKey } = await fixture.store.admin.teamApiKey('Core', {}));
  app = await buildServer({
    instance: fixture.store,
    clock: systemClock,
    publicUrl: () => PUBLIC_URL,
    rateLimit: null,
    v1RateLimit: { burst: 5, perSecond: 20 },
  });
  app.addHook('onRequest', async (request) => {
    requests.push(`${request.method} ${request.url.split('?')[0]}`);
  });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
});

/** A port nothing listens on: one the system just gave out and took back. */
let deadPort: number;
beforeAll(async () => {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  deadPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(async () => {
  await app?.close();
  await fixture?.store.close();
});

/** A client machine of its own, with the team's v1 key in the environment and real waits. */
const pulse = (args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) =>
  runInProcess(args, {
    env: isolatedEnv({ PULSE_BASE_URL: url, PULSE_TEAM_ID: teamId, PULSE_API_KEY: apiKey, ...options.env }),
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });

/**
 * Earlier runs may have emptied the team's bucket (5, refilled at 20 a second). A fresh client cannot
 * know that, so its first request could be refused and retried (a notice on stderr); one second of wall
 * time refills the bucket whatever the load.
 */
const bucketRefilled = () => new Promise((resolve) => setTimeout(resolve, 1000));

/** Ten dates for each of four members, named in every way a CSV may name them. */
const CSV = [
  'member,date,to',
  ...['2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08'].flatMap((date) => [
    `ana-diaz,${date}`,
    `BEN@example.com,${date}`,
  ]),
  ...['2027-01-11', '2027-01-12', '2027-01-13', '2027-01-14', '2027-01-15'].flatMap((date) => [
    `ana-diaz,${date}`,
    `ben@example.com,${date}`,
  ]),
  'cy-park,2027-01-04,2027-01-13',
  ...Array.from({ length: 10 }, (_, days) => `fay@example.com,${addDays('2027-02-01', days)}`),
  '',
].join('\n');

/** The members' absences stored on the server, as "ana 2027-01-04". */
async function storedOnServer(): Promise<string[]> {
  const repo = await openSqliteRepository(fixture.path);
  try {
    const names = new Map<string, string>();
    for (const name of ['ana', 'ben', 'cy', 'fay']) {
      names.set((await repo.findPersonByEmail(`${name}@example.com`))?.id as string, name);
    }
    const dates = Array.from({ length: 60 }, (_, days) => addDays('2027-01-01', days));
    return [...(await repo.memberAbsences([...names.keys()], dates))].map((key) => {
      const [id, date] = key.split('|');
      return `${names.get(id as string)} ${date}`;
    });
  } finally {
    await repo.close();
  }
}

describe('pulse absence import (remote)', () => {
  it('imports 40 dates for 4 members under a small burst with no failed date; a re-run finds them all set', async () => {
    const first = await pulse(['absence', 'import', '-'], { stdin: CSV });
    expect(first.exitCode, first.stderr).toBe(0);
    const lines = first.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(40);
    // Members are reported as the file names them.
    expect(lines.slice(0, 2)).toEqual([
      '2027-01-04  ana-diaz         created',
      '2027-01-04  BEN@example.com  created',
    ]);
    expect(lines.every((line) => line.endsWith('  created'))).toBe(true);
    // The requests were paced: no 429 was waited out, and stderr (no terminal) carries no progress bar.
    expect(first.stderr).toBe('40 dates: 40 created\n');
    expect(await storedOnServer()).toHaveLength(40);

    // Let the bucket refill, so the re-run starts as a fresh shell job would.
    await bucketRefilled();
    requests.length = 0;
    const again = await pulse(['absence', 'import', '-', '--json'], { stdin: CSV });
    expect(again.exitCode, again.stderr).toBe(0);
    // The members were read once (one page, not a request a member), what is set next (one page of up
    // to 500), and nothing was written.
    expect(requests).toEqual(['GET /api/v1/members', 'GET /api/v1/member_absences']);
    const report = JSON.parse(again.stdout) as { results: { outcome: string }[]; summary: object };
    expect(report.summary).toEqual({
      total: 40,
      created: 0,
      already_set: 40,
      removed: 0,
      would_add: 0,
      would_remove: 0,
      not_set: 0,
      interrupted: false,
      not_done: [],
      skipped: 0,
      duplicate: 0,
      failed: 0,
    });
    expect(again.stderr).toBe('40 dates: 40 already set\n');

    // A dry run tells the truth: what is set is "already set", only the new date "would add".
    await bucketRefilled();
    const dry = await pulse(['absence', 'import', '-', '--dry-run'], {
      stdin: `${CSV}fay@example.com,2027-02-20\n`,
    });
    expect([dry.exitCode, dry.stderr]).toEqual([
      0,
      '41 dates: 40 already set, 1 would add (dry run: nothing changed)\n',
    ]);
    expect(dry.stdout.trimEnd().split('\n').at(-1)).toBe('2027-02-20  fay@example.com  would add');
    expect(await storedOnServer()).toHaveLength(40);
  }, 120_000);

  it('needs a v2 token for me, and names the member instead otherwise', async () => {
    await bucketRefilled();
    const result = await pulse(['absence', 'add', '--date', '2027-03-01']);
    expect(result).toEqual({
      exitCode: 4,
      stdout: '',
      stderr: 'pulse: name the member: me needs pulse auth login (a v2 token)\n',
    });
    const named = await pulse(['absence', 'add', 'cy@example.com', '--date', '2027-03-01']);
    expect(named).toEqual({
      exitCode: 0,
      stdout: '2027-03-01  cy-park  created\n',
      stderr: '1 date: 1 created\n',
    });
  });

  it('resolves me through a v2 token, and refuses --team remotely', async () => {
    await bucketRefilled();
    const token = (await fixture.store.admin.createToken({ person: 'ben@example.com', name: 'laptop' }))
      .token;
    const result = await pulse(['absence', 'remove', '--date', '2027-01-04'], {
      env: { PULSE_TOKEN: token },
    });
    expect(result).toEqual({
      exitCode: 0,
      stdout: '2027-01-04  ben-okafor  removed\n',
      stderr: '1 date: 1 removed\n',
    });
    const team = await pulse(['absence', 'team', 'add', '--date', '2027-03-01', '--team', 'Core']);
    expect(team.exitCode).toBe(2);
    expect(team.stderr).toContain('--team works on a local store');
  });
});

describe('a server lost mid-import', () => {
  it('stops at the first network failure, reports the dates not done, and exits 6 (JSON too)', async () => {
    // A proxy in front of the server that goes away after passing on two writes.
    let writes = 0;
    const proxy = createServer((request, response) => {
      const last = request.method === 'POST' && ++writes === 2;
      const upstream = httpRequest(`${url}${request.url}`, {
        method: request.method,
        headers: request.headers,
      });
      upstream.on('response', (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        if (last)
          answer.on('end', () => {
            proxy.close();
            proxy.closeAllConnections();
          });
      });
      request.pipe(upstream);
    });
    proxy.listen(0, '127.0.0.1');
    await once(proxy, 'listening');
    const dyingUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const csv = [
      'member,date',
      ...['2027-05-03', '2027-05-04', '2027-05-05', '2027-05-06'].map((d) => `fay-moss,${d}`),
      '',
    ];
    const result = await pulse(['absence', 'import', '-', '--json'], {
      stdin: csv.join('\n'),
      env: { PULSE_BASE_URL: dyingUrl },
    });
    expect(result.exitCode).toBe(6);
    const report = JSON.parse(result.stdout) as {
      results: { date: string; outcome: string }[];
      summary: { interrupted: boolean; not_done: { member: string; date: string; line: number }[] };
      error: string;
    };
    expect(report.results).toEqual([
      { member: 'fay-moss', date: '2027-05-03', outcome: 'created', line: 2 },
      { member: 'fay-moss', date: '2027-05-04', outcome: 'created', line: 3 },
    ]);
    expect(report.summary.interrupted).toBe(true);
    expect(report.summary.not_done).toEqual([
      { member: 'fay-moss', date: '2027-05-05', line: 4 },
      { member: 'fay-moss', date: '2027-05-06', line: 5 },
    ]);
    expect(report.error).toMatch(/^cannot reach http:\/\/127\.0\.0\.1:\d+: /);
  }, 60_000);

  it('still prints the JSON report, every date not done, when the server is unreachable from the start', async () => {
    const closed = `http://127.0.0.1:${deadPort}`;
    const result = await pulse(
      ['absence', 'add', 'fay-moss', '--from', '2027-06-01', '--to', '2027-06-02', '--json'],
      {
        env: { PULSE_BASE_URL: closed },
      },
    );
    expect(result.exitCode).toBe(6);
    expect(JSON.parse(result.stdout)).toEqual({
      results: [],
      summary: expect.objectContaining({
        total: 0,
        interrupted: true,
        not_done: [
          { member: 'fay-moss', date: '2027-06-01' },
          { member: 'fay-moss', date: '2027-06-02' },
        ],
      }),
      error: `cannot reach ${closed}: ECONNREFUSED`,
    });
    expect(result.stderr).toBe(`pulse: cannot reach ${closed}: ECONNREFUSED\n`);
  }, 60_000);
});
