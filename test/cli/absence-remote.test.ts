/**
 * `pulse absence` in remote mode, in-process against a real server on 127.0.0.1 whose v1 interface is
 * rate limited (a burst of 5, 20 a second): an import paces itself instead of failing dates.
 */
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
    expect(lines.slice(0, 2)).toEqual(['2027-01-04  ana-diaz    created', '2027-01-04  ben-okafor  created']);
    expect(lines.every((line) => line.endsWith('  created'))).toBe(true);
    // The requests were paced: no 429 was waited out, and stderr (no terminal) carries no progress bar.
    expect(first.stderr).toBe('40 dates: 40 created\n');
    expect(await storedOnServer()).toHaveLength(40);

    // Let the bucket refill, so the re-run starts as a fresh shell job would.
    await bucketRefilled();
    requests.length = 0;
    const again = await pulse(['absence', 'import', '-', '--json'], { stdin: CSV });
    expect(again.exitCode, again.stderr).toBe(0);
    // What is set was read first (one page of up to 500), and nothing was written.
    expect(requests.filter((request) => !request.startsWith('GET /api/v1/members'))).toEqual([
      'GET /api/v1/member_absences',
    ]);
    const report = JSON.parse(again.stdout) as { results: { outcome: string }[]; summary: object };
    expect(report.summary).toEqual({
      total: 40,
      created: 0,
      already_set: 40,
      removed: 0,
      would_add: 0,
      would_remove: 0,
      not_set: 0,
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
    expect(dry.stdout.trimEnd().split('\n').at(-1)).toBe('2027-02-20  fay-moss    would add');
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
