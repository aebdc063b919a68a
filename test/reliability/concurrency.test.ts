/**
 * Concurrency: many writers on one SQLite file at once. Twenty processes of the real binary (check-ins,
 * absence imports, goal updates) all finish with exit 0, nobody is shown "database is locked", and every
 * write is there after; `pulse serve` under fifty concurrent connections of mixed reads and writes
 * answers no 5xx while CLI processes write to the same file, and the same on a PostgreSQL database in
 * the full tier (test/helpers/stores.ts). Twenty processes on one file is a test of SQLite's locking:
 * it runs on SQLite only.
 *
 * PULSE_SOAK=1 runs the CLI writers three times over and keeps the server under load for 30 s.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgresUrl } from '../../src/store/database-url.js';
import { BIN, execPulse, initAnaAndBen, isolatedEnv, type Result } from '../helpers/cli.js';
import { startServe } from '../helpers/serve-process.js';
import { STORES } from '../helpers/stores.js';
import { tempDir } from '../helpers/temp.js';
import { days, integrity, rows, scalar, storeProbe, weekdays } from './store-probe.js';

const SOAK = process.env.PULSE_SOAK === '1';
/** Each test's limit: the soak runs run for minutes. */
const TIMEOUT_MS = SOAK ? 900_000 : 120_000;
const CLI_ROUNDS = SOAK ? 3 : 1;
const LOAD_MS = SOAK ? 30_000 : 3_000;
const CONNECTIONS = 50;
const LOCKED = /database is locked|SQLITE_BUSY/i;

const env = isolatedEnv();
let store: string;
let goalId: string;
const pulse = (args: string[]) => pulseOn(store, args);
const pulseOn = (location: string, args: string[]) => execPulse(['--store', location, ...args], { env });
const run = (args: string[]) => runOn(store, args);
/** The real binary with a longer timeout than execPulse's: twenty start at once on two cores. */
const runOn = async (location: string, args: string[]): Promise<Result> => {
  const result = await execa(process.execPath, [BIN, '--store', location, ...args], {
    env,
    extendEnv: false,
    reject: false,
    timeout: 120_000,
  });
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
};

/** What a store's tests did, for docs/reliability.md. */
interface Figures {
  cliWriters: number;
  cliWrites: number;
  requests: number;
  acknowledgedCheckIns: number;
  statuses: Record<number, number>;
}
const noFigures = (): Figures => ({
  cliWriters: 0,
  cliWrites: 0,
  requests: 0,
  acknowledgedCheckIns: 0,
  statuses: {},
});
const figures = noFigures();
afterAll(() => {
  console.info(`concurrency: ${JSON.stringify(figures)}`);
});

beforeAll(async () => {
  store = join(tempDir('pulse-concurrency-'), 'pulse.db');
  await initAnaAndBen(pulse);
  const goal = await pulse(['goal', 'create', '--title', 'Ship it', '--json']);
  goalId = JSON.parse(goal.stdout).id;
});

function checkInsOn(dates: string[]): string[] {
  return rows<{ date: string }>(store, completedOn(dates), ...dates).map((row) => row.date);
}

/** The statement that finds the completed check-ins on these dates. */
function completedOn(dates: string[]): string {
  return `SELECT date FROM check_ins WHERE completed_at IS NOT NULL AND date IN (${dates.map(() => '?').join(', ')})`;
}

describe('concurrency', () => {
  it(
    'twenty CLI processes writing at once all succeed, none sees a locked database, every write lands',
    async () => {
      const ben = scalar<string>(store, "SELECT id FROM people WHERE email = 'ben@example.com'");
      for (let round = 0; round < CLI_ROUNDS; round++) {
        // 7 check-ins, 7 imports of 30 absences each (210 transactions), 6 goal updates.
        const checkInDates = weekdays(`${2010 + round}-01-04`, 7);
        const imports = Array.from({ length: 7 }, (_, index) =>
          days(`${2040 + round * 10 + index}-01-01`, 30),
        );
        const titles = Array.from({ length: 6 }, (_, index) => `round ${round} update ${index}`);
        const writers: Promise<Result>[] = [
          ...checkInDates.map((date) =>
            run([
              'checkin',
              '--date',
              date,
              '--previous',
              `did #c${date.replaceAll('-', '')}`,
              '--intentions',
              'x',
              '--blockers',
              'none',
            ]),
          ),
          ...imports.map((dates, index) => {
            const file = join(tempDir(), `import-${index}.csv`);
            writeFileSync(file, dates.map((date) => `ben@example.com,${date}\n`).join(''));
            return run(['absence', 'import', file]);
          }),
          ...titles.map((title, index) =>
            run([
              'goal',
              'update',
              'create',
              goalId,
              '--title',
              title,
              '--progress',
              String(10 * index),
              '--body',
              'b',
            ]),
          ),
        ];
        expect(writers).toHaveLength(20);
        const results = await Promise.all(writers);
        figures.cliWriters += results.length;
        figures.cliWrites += checkInDates.length + imports.length * 30 + titles.length;
        for (const result of results) {
          expect(result.exitCode, result.stderr).toBe(0);
          expect(`${result.stdout}${result.stderr}`).not.toMatch(LOCKED);
        }

        expect(checkInsOn(checkInDates).sort()).toEqual(checkInDates);
        for (const dates of imports) {
          const count = scalar<number>(
            store,
            'SELECT count(*) FROM member_absences WHERE person_id = ? AND date BETWEEN ? AND ?',
            ben,
            dates[0],
            dates.at(-1),
          );
          expect(count).toBe(dates.length);
        }
        const stored = rows<{ title: string }>(
          store,
          'SELECT title FROM goal_updates WHERE goal_id = ?',
          goalId,
        );
        for (const title of titles) expect(stored.map((row) => row.title)).toContain(title);
      }
      expect(integrity(store)).toBe('ok');
    },
    TIMEOUT_MS,
  );

  it(
    'pulse serve answers no 5xx to fifty concurrent connections while CLI processes write the same file',
    () => serveUnderLoad(store, goalId, figures),
    TIMEOUT_MS,
  );
});

const postgres = STORES.find((each) => each.kind === 'postgres');
describe.skipIf(!postgres)('concurrency on postgres', () => {
  let database: string;
  let databaseGoalId: string;
  const postgresFigures = noFigures();
  beforeAll(async () => {
    database = await (postgres as NonNullable<typeof postgres>).create();
    await initAnaAndBen((args) => pulseOn(database, args));
    const goal = await pulseOn(database, ['goal', 'create', '--title', 'Ship it', '--json']);
    databaseGoalId = JSON.parse(goal.stdout).id;
  });
  afterAll(async () => {
    console.info(`concurrency on postgres: ${JSON.stringify(postgresFigures)}`);
    if (database) await postgres?.remove(database);
  });

  it(
    'pulse serve --database answers no 5xx to fifty concurrent connections while CLI processes write the same database',
    () => serveUnderLoad(database, databaseGoalId, postgresFigures),
    TIMEOUT_MS,
  );
});

/**
 * `pulse serve` on the store at `location` (a SQLite file or a PostgreSQL database holding Ana, Ben and
 * the goal `goalId`) under fifty connections of mixed reads and writes for LOAD_MS, while two CLI
 * processes at a time write check-ins to the same store: no 5xx, no failure on the server's stderr,
 * every acknowledged write there after, and the store sound. Counts what it did into `figures`.
 */
async function serveUnderLoad(location: string, goalId: string, figures: Figures): Promise<void> {
  const tokens = await Promise.all(
    ['ana@example.com', 'ben@example.com'].map(async (person) =>
      (
        await pulseOn(location, ['admin', 'token', 'create', '--person', person, '--name', 'load'])
      ).stdout.trim(),
    ),
  );
  // A database is served as the deployment guide says (--database); a file as a local store. The load
  // comes from one address, 50 connections and their replacements: the cap per client is not the subject.
  const limits = ['--rate-limit', 'off', '--max-connections-per-client', '1000'];
  const server = isPostgresUrl(location)
    ? await startServe([], env, ['--database', location, ...limits])
    : await startServe(['--store', location], env, limits);
  const api = `${server.url}/api/v2`;
  const dates = weekdays('2000-01-03', 20_000);
  let next = 0;
  const acked: string[] = [];
  const count = (status: number) => {
    figures.requests++;
    figures.statuses[status] = (figures.statuses[status] ?? 0) + 1;
  };
  const request = async (token: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${api}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    count(response.status);
    return { status: response.status, text };
  };
  const reads = ['/check-ins', '/goals', `/goals/${goalId}/goal-updates`, '/digest', '/activities', '/me'];
  const deadline = Date.now() + LOAD_MS;
  const connection = async (index: number) => {
    const token = tokens[index % 2] as string;
    for (let turn = 0; Date.now() < deadline; turn++) {
      const kind = (index + turn) % 4;
      if (kind === 0) {
        const date = dates[next++] as string;
        const answer = await request(token, 'PATCH', `/check-ins/${date}`, {
          previous: `served #s${date.replaceAll('-', '')}`,
          intentions: 'more',
          blockers: 'none',
        });
        if (answer.status === 200) acked.push(JSON.parse(answer.text).id);
      } else if (kind === 1 && index % 2 === 0) {
        await request(token, 'POST', `/goals/${goalId}/goal-updates`, {
          title: 'load',
          progress: turn % 101,
        });
      } else {
        await request(token, 'GET', reads[(index + turn) % reads.length] as string);
      }
    }
  };
  // Meanwhile the CLI writes to the same file, process after process.
  const cliDates = weekdays('2015-01-05', 200);
  let cliNext = 0;
  const cliResults: Result[] = [];
  const cliWriter = async () => {
    while (Date.now() < deadline) {
      const date = cliDates[cliNext++] as string;
      cliResults.push(
        await runOn(location, [
          'checkin',
          '--date',
          date,
          '--previous',
          'cli',
          '--intentions',
          'x',
          '--blockers',
          'none',
        ]),
      );
    }
  };
  await Promise.all([
    ...Array.from({ length: CONNECTIONS }, (_, index) => connection(index)),
    cliWriter(),
    cliWriter(),
  ]);
  const stopped = await server.stop();
  expect(stopped.stderr).not.toMatch(LOCKED);
  expect(stopped.stderr).not.toMatch(/failed:/);

  const serverErrors = Object.entries(figures.statuses).filter(([status]) => Number(status) >= 500);
  expect(serverErrors).toEqual([]);
  expect(figures.statuses[200]).toBeGreaterThan(0);
  for (const result of cliResults) {
    expect(result.exitCode, result.stderr).toBe(0);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(LOCKED);
  }
  figures.cliWriters += cliResults.length;
  const probe = storeProbe(location);
  const completed = new Set(
    (await probe.rows<{ id: string }>('SELECT id FROM check_ins WHERE completed_at IS NOT NULL')).map(
      (row) => row.id,
    ),
  );
  for (const id of acked) expect(completed.has(id)).toBe(true);
  figures.acknowledgedCheckIns += acked.length;
  const cliWritten = cliDates.slice(0, cliResults.length);
  expect(await probe.rows(completedOn(cliWritten), ...cliWritten)).toHaveLength(cliResults.length);
  expect(await probe.integrity()).toBe('ok');
}
