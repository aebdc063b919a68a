/**
 * Crash safety: the real binary and the real `pulse serve` killed with SIGKILL in the middle of bulk
 * writes, again and again. After every kill the store passes integrity_check, holds every write that was
 * acknowledged before the kill (a command's report line or exit 0, a 2xx answer), holds no operation
 * half applied, and still opens and serves.
 *
 * What "not half applied" means for each operation:
 * - `absence import` writes one date at a time and reports each (absence.ts: idempotent, safe to
 *   repeat), so after a kill the dates present are the reported ones plus at most the one in flight, in
 *   file order, and running the same import again completes it.
 * - `admin seed` is one transaction: a killed seed leaves the store as empty as it found it, and seeding
 *   it again gives exactly what an uninterrupted seed gives.
 * - A check-in's row, its team inclusions and its tags are one transaction: every completed check-in in
 *   the store has all three.
 *
 * The kill of `pulse serve` runs on PostgreSQL too in the full tier (test/helpers/stores.ts), three
 * rounds even under soak; the others kill the CLI in the middle of its writes to a SQLite file.
 *
 * PULSE_SOAK=1 raises the rounds from 12 kills to 240.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { isPostgresUrl } from '../../src/store/database-url.js';
import { BIN, execPulse, initAnaAndBen, isolatedEnv } from '../helpers/cli.js';
import { eventually } from '../helpers/eventually.js';
import { startServe } from '../helpers/serve-process.js';
import { storeChecksum } from '../helpers/store-checksum.js';
import { STORES, type StoreUnderTest } from '../helpers/stores.js';
import { tempDir } from '../helpers/temp.js';
import {
  between,
  days,
  integrity,
  rows,
  type StoreProbe,
  scalar,
  sleep,
  storeProbe,
  weekdays,
} from './store-probe.js';

const SOAK = process.env.PULSE_SOAK === '1';
/** Each test's limit: the soak runs run for minutes. */
const TIMEOUT_MS = SOAK ? 900_000 : 120_000;
/** Writes that must be acknowledged before `pulse serve` is killed: a kill with nothing acked tests nothing. */
const MIN_ACKED = { checkIns: 3, goalUpdates: 1 };
/** How long to wait for them: a loaded two-core machine may take seconds to answer the first few. */
const ACK_DEADLINE_MS = 60_000;
const ROUNDS = SOAK
  ? { imports: 60, seeds: 40, checkInLoops: 60, serve: 80 }
  : { imports: 4, seeds: 3, checkInLoops: 2, serve: 3 };

const env = isolatedEnv();
const pulse = (store: string, args: string[]) => execPulse(['--store', store, ...args], { env });
/** The real binary, not awaited, so that the test can kill it while it writes. */
const spawnPulse = (store: string, args: string[]) =>
  execa(process.execPath, [BIN, '--store', store, ...args], { env, extendEnv: false, reject: false });

/** Kills that landed while the process was still writing (the figure for docs/reliability.md). */
const kills = { import: 0, seed: 0, checkInLoop: 0, serve: 0 };
const acknowledged = { absences: 0, checkIns: 0, goalUpdates: 0 };
afterAll(() => {
  console.info(
    `crash-safety: kills ${JSON.stringify(kills)}, acknowledged writes checked ${JSON.stringify(acknowledged)}`,
  );
});

/** Calls `onLine` with each complete line the child writes to stdout. */
function onLines(child: ResultPromise, onLine: (line: string) => void): void {
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
}

async function storeWithAnaAndBen(): Promise<{ store: string; ids: { ana: string; ben: string } }> {
  const store = join(tempDir('pulse-crash-'), 'pulse.db');
  await initAnaAndBen((args) => pulse(store, args));
  const [ana, ben] = ['ana@example.com', 'ben@example.com'].map((email) =>
    scalar<string>(store, 'SELECT id FROM people WHERE email = ?', email),
  );
  return { store, ids: { ana: ana as string, ben: ben as string } };
}

/** Completed check-ins lacking their team inclusions, or whose tags are not the ones their text carries. */
function halfAppliedCheckIns(store: string): string[] {
  return halfApplied(rows<CheckInRow>(store, completedCheckIns('group_concat(tag)')));
}

/** The same on a store of either kind. */
async function halfAppliedCheckInsIn(location: string, probe: StoreProbe): Promise<string[]> {
  // PostgreSQL's count is a bigint, which pg hands over as text.
  const join = isPostgresUrl(location) ? "string_agg(tag, ',')" : 'group_concat(tag)';
  const checkIns = await probe.rows<CheckInRow>(completedCheckIns(join));
  return halfApplied(checkIns.map((row) => ({ ...row, teams: Number(row.teams) })));
}

interface CheckInRow {
  id: string;
  previous: string;
  teams: number;
  tags: string | null;
}

/** Every completed check-in with its count of team inclusions and its tags joined by `tagsJoined`. */
function completedCheckIns(tagsJoined: string): string {
  return `SELECT c.id, c.previous,
        (SELECT count(*) FROM check_in_teams t WHERE t.check_in_id = c.id) AS teams,
        (SELECT ${tagsJoined} FROM check_in_tags g WHERE g.check_in_id = c.id) AS tags
      FROM check_ins c WHERE c.completed_at IS NOT NULL`;
}

function halfApplied(checkIns: CheckInRow[]): string[] {
  return checkIns
    .filter(({ previous, teams, tags }) => teams !== 1 || tags !== /#(\w+)/.exec(previous)?.[1])
    .map(({ id }) => id);
}

describe('crash safety', () => {
  it(
    'survives kill -9 in the middle of absence imports: reported dates kept, the rest resumable',
    async () => {
      const file = join(tempDir(), 'absences.csv');
      for (let round = 0; round < ROUNDS.imports; round++) {
        // A store of its own for each round, and dates in the future (an import skips past dates) but
        // within those pulse accepts (to 2100-12-31), whatever the number of rounds.
        const { store, ids } = await storeWithAnaAndBen();
        const dates = days('2030-01-01', 800);
        writeFileSync(file, `member,date\n${dates.map((date) => `ben@example.com,${date}`).join('\n')}\n`);
        const reported: string[] = [];
        const killAfter = between(1, 600);
        const child = spawnPulse(store, ['absence', 'import', file]);
        onLines(child, (line) => {
          const match = /^(\d{4}-\d\d-\d\d)\s+ben@example\.com\s+created$/.exec(line);
          if (match) reported.push(match[1] as string);
          if (reported.length === killAfter) child.kill('SIGKILL');
        });
        const result = await child;
        expect(result.signal, `round ${round}: ${result.stderr}`).toBe('SIGKILL');
        kills.import++;

        expect(integrity(store)).toBe('ok');
        const present = rows<{ date: string }>(
          store,
          'SELECT date FROM member_absences WHERE person_id = ? AND date BETWEEN ? AND ? ORDER BY date',
          ids.ben,
          dates[0],
          dates.at(-1),
        ).map((row) => row.date);
        acknowledged.absences += reported.length;
        // Every reported date, then at most the one being written when the kill came: the file's order.
        expect(present.slice(0, reported.length)).toEqual(reported);
        expect(present.length - reported.length).toBeLessThanOrEqual(1);
        expect(present).toEqual(dates.slice(0, present.length));

        const again = await pulse(store, ['absence', 'import', file]);
        expect(again.exitCode, again.stderr).toBe(0);
        expect(again.stderr).toContain(
          `${dates.length - present.length} created, ${present.length} already set`,
        );
        expect(
          scalar<number>(
            store,
            'SELECT count(*) FROM member_absences WHERE person_id = ? AND date BETWEEN ? AND ?',
            ids.ben,
            dates[0],
            dates.at(-1),
          ),
        ).toBe(dates.length);
      }
    },
    TIMEOUT_MS,
  );

  it(
    'survives kill -9 in the middle of a seed: the store is left empty, and seeding it again completes',
    async () => {
      const seedArgs = ['admin', 'seed', '--people', '500', '--days', '60'];
      const reference = join(tempDir('pulse-crash-'), 'reference.db');
      expect((await pulse(reference, seedArgs)).exitCode).toBe(0);
      const bookkeeping = { ignore: ['kysely_migration', 'kysely_migration_lock'] };
      const seeded = storeChecksum(reference, bookkeeping);
      // What a store holds once opened and migrated, before the seed's transaction.
      const migrated = join(tempDir('pulse-crash-'), 'migrated.db');
      await pulse(migrated, ['status']);
      const empty = storeChecksum(migrated, bookkeeping);

      let resumed = false;
      for (let round = 0; round < ROUNDS.seeds; round++) {
        const store = join(tempDir('pulse-crash-'), 'pulse.db');
        // Open and migrate first, so that the kill lands in the seed rather than in start-up.
        await pulse(store, ['status']);
        const child = spawnPulse(store, seedArgs);
        // The store is open (its -wal is there) a few milliseconds before the seed's transaction starts,
        // which then takes most of a second.
        while (!existsSync(`${store}-wal`) && child.exitCode === null) await sleep(2);
        await sleep(between(50, 600));
        child.kill('SIGKILL');
        const result = await child;
        if (result.signal !== 'SIGKILL') continue; // finished before the kill: no crash to check
        kills.seed++;
        expect(integrity(store)).toBe('ok');
        // All or nothing: a kill that lands after the commit, while the process exits, leaves the whole
        // seed (a soak round found one); anything between the two would be a torn seed.
        const left = storeChecksum(store, bookkeeping);
        expect([empty, seeded], `round ${round}: a killed seed left part of its rows behind`).toContain(left);
        if (left === seeded) continue;
        // Seeding again (after one kill only, for time) gives exactly an uninterrupted seed's store.
        if (resumed) continue;
        resumed = true;
        const again = await pulse(store, seedArgs);
        expect(again.exitCode, again.stderr).toBe(0);
        expect(storeChecksum(store, bookkeeping)).toBe(seeded);
      }
      expect(resumed).toBe(true);
    },
    TIMEOUT_MS,
  );

  it(
    'survives kill -9 of a shell loop of check-ins: every one that exited 0 is there, whole',
    async () => {
      const { store } = await storeWithAnaAndBen();
      const dates = weekdays('2020-01-01', ROUNDS.checkInLoops * 8);
      for (let round = 0; round < ROUNDS.checkInLoops; round++) {
        const mine = dates.slice(round * 8, round * 8 + 8);
        // Each check-in's text carries a tag of its own (#t20200101), so its tags can be checked.
        const script = `for d in ${mine.join(' ')}; do
        node "$BIN" --store "$STORE" checkin --date "$d" --previous "did #t\${d//-/}" --intentions more \\
          --blockers none > /dev/null && echo "ok $d"; done`;
        const loop = execa('bash', ['-c', script], {
          env: { ...env, BIN, STORE: store, PATH: process.env.PATH ?? '' },
          extendEnv: false,
          reject: false,
          detached: true,
        });
        const done: string[] = [];
        const killAfter = between(1, 4);
        onLines(loop, (line) => {
          if (line.startsWith('ok ')) done.push(line.slice(3));
          // The whole process group: the loop and the check-in it is running.
          if (done.length === killAfter && loop.pid) process.kill(-loop.pid, 'SIGKILL');
        });
        const result = await loop;
        expect(result.signal).toBe('SIGKILL');
        kills.checkInLoop++;
        expect(integrity(store)).toBe('ok');
        const present = rows<{ date: string }>(
          store,
          `SELECT date FROM check_ins WHERE completed_at IS NOT NULL AND date IN (${mine.map(() => '?').join(', ')})`,
          ...mine,
        ).map((row) => row.date);
        acknowledged.checkIns += done.length;
        for (const date of done) expect(present).toContain(date);
        expect(present.length - done.length).toBeLessThanOrEqual(1);
        expect(halfAppliedCheckIns(store)).toEqual([]);
      }
    },
    TIMEOUT_MS,
  );

  it(
    'survives kill -9 of pulse serve under concurrent writes: every 2xx is there, whole, and it serves again',
    async () => {
      const { store } = await storeWithAnaAndBen();
      const served = { kills: 0, checkIns: 0, goalUpdates: 0 };
      await killServeUnderWrites(store, ROUNDS.serve, served);
      kills.serve += served.kills;
      acknowledged.checkIns += served.checkIns;
      acknowledged.goalUpdates += served.goalUpdates;
    },
    TIMEOUT_MS,
  );
});

const postgres = STORES.find((each) => each.kind === 'postgres');
describe.skipIf(!postgres)('crash safety on postgres', () => {
  let database: string | undefined;
  afterAll(async () => {
    if (database) await postgres?.remove(database);
  });

  it(
    'survives kill -9 of pulse serve --database under concurrent writes: every 2xx is there, whole, and it serves again',
    async () => {
      database = await databaseWithAnaAndBen(postgres as StoreUnderTest);
      // Three rounds even under soak: what is PostgreSQL's own (a dead connection's transaction rolled
      // back) needs no more, and each round starts a server.
      const served = { kills: 0, checkIns: 0, goalUpdates: 0 };
      await killServeUnderWrites(database, 3, served);
      console.info(`crash-safety on postgres: serve ${JSON.stringify(served)}`);
    },
    TIMEOUT_MS,
  );
});

/** A fresh database on the test run's PostgreSQL holding Ana and Ben, made through the CLI. */
async function databaseWithAnaAndBen(postgresStore: StoreUnderTest): Promise<string> {
  const database = await postgresStore.create();
  await initAnaAndBen((args) => pulse(database, args));
  return database;
}

/** Kills of `pulse serve` that landed, and the acknowledged writes checked after them. */
interface ServeFigures {
  kills: number;
  checkIns: number;
  goalUpdates: number;
}

/** `pulse serve` on a SQLite file (--store) or a PostgreSQL database (--database, as deployed). */
function serve(location: string, serveArgs: string[] = []) {
  return isPostgresUrl(location)
    ? startServe([], env, ['--database', location, ...serveArgs])
    : startServe(['--store', location], env, serveArgs);
}

/**
 * `rounds` times: `pulse serve` on the store at `location` (holding Ana and Ben) under twelve writers of
 * check-ins and goal updates, killed with SIGKILL once it has acknowledged some; then every acknowledged
 * write is there, whole, and the store sound. At the end it serves again. Counts into `served`.
 */
async function killServeUnderWrites(store: string, rounds: number, served: ServeFigures): Promise<void> {
  const probe = storeProbe(store);
  const tokens = await Promise.all(
    ['ana@example.com', 'ben@example.com'].map(async (person) => {
      const created = await pulse(store, ['admin', 'token', 'create', '--person', person, '--name', 'crash']);
      return created.stdout.trim();
    }),
  );
  // Plenty: a round acknowledges a few dozen.
  const dates = weekdays('2021-01-01', rounds * 300);
  let next = 0;
  for (let round = 0; round < rounds; round++) {
    const server = await serve(store, ['--rate-limit', 'off']);
    const api = `${server.url}/api/v2`;
    const call = async (token: string, method: string, path: string, body: unknown) => {
      const response = await fetch(`${api}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { id: string } };
    };
    const goal = await call(tokens[0] as string, 'POST', '/goals', { title: `Goal ${round}` });
    expect(goal.status).toBe(201);
    const acked = { checkIns: [] as string[], goalUpdates: [] as string[] };
    let killed = false;
    const writer = async (worker: number) => {
      while (!killed && next < dates.length) {
        const token = tokens[worker % 2] as string;
        try {
          if (worker % 4 === 2) {
            // Ana's (even workers) on her own goal.
            const update = await call(token, 'POST', `/goals/${goal.body.id}/goal-updates`, {
              title: 'progress',
              progress: between(0, 100),
            });
            if (update.status === 201) acked.goalUpdates.push(update.body.id);
          } else {
            const date = dates[next++] as string;
            const answer = await call(token, 'PATCH', `/check-ins/${date}`, {
              previous: `did #t${date.replaceAll('-', '')}`,
              intentions: 'more',
              blockers: 'none',
            });
            if (answer.status === 200) acked.checkIns.push(answer.body.id);
          }
        } catch {
          // The connection died with the server: not acknowledged.
        }
      }
    };
    const writers = Array.from({ length: 12 }, (_, worker) => writer(worker));
    // Strike once the server has acknowledged work (polled, with a deadline), then at a random
    // moment while the writers keep writing, not at a fixed time that a loaded machine may reach
    // before its first answer.
    await eventually(
      () =>
        acked.checkIns.length >= MIN_ACKED.checkIns && acked.goalUpdates.length >= MIN_ACKED.goalUpdates
          ? true
          : undefined,
      `round ${round}: ${MIN_ACKED.checkIns} acknowledged check-ins and ${MIN_ACKED.goalUpdates} goal update`,
      ACK_DEADLINE_MS,
    );
    await sleep(between(0, 300));
    await server.stop('SIGKILL');
    killed = true;
    await Promise.all(writers);
    served.kills++;

    expect(await probe.integrity()).toBe('ok');
    expect(acked.checkIns.length).toBeGreaterThanOrEqual(MIN_ACKED.checkIns);
    served.checkIns += acked.checkIns.length;
    served.goalUpdates += acked.goalUpdates.length;
    const completed = new Set(
      (await probe.rows<{ id: string }>('SELECT id FROM check_ins WHERE completed_at IS NOT NULL')).map(
        (row) => row.id,
      ),
    );
    for (const id of acked.checkIns) expect(completed.has(id), `check-in ${id}`).toBe(true);
    const updates = new Set(
      (await probe.rows<{ id: string }>('SELECT id FROM goal_updates')).map((row) => row.id),
    );
    for (const id of acked.goalUpdates) expect(updates.has(id), `goal update ${id}`).toBe(true);
    expect(await halfAppliedCheckInsIn(store, probe)).toEqual([]);
  }
  // And it serves again over what the kills left.
  const server = await serve(store);
  const list = await fetch(`${server.url}/api/v2/check-ins`, {
    headers: { authorization: `Bearer ${tokens[0]}` },
  });
  expect(list.status).toBe(200);
  await server.stop();
}
