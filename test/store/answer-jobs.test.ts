/**
 * Answers as jobs (issue 11): two instances' stores on one PostgreSQL database write every Ask answer
 * once, both taking some (FOR UPDATE SKIP LOCKED); a job whose lease ran out is taken by the other; an
 * Echo occurrence is one row however two publishers race; and on SQLite, a store from before jobs gets
 * its unwritten answers written at start.
 */

import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { JOB_LEASE_MS } from '../../src/core/answer-jobs.js';
import type { GenerativeProvider } from '../../src/core/answers/generative.js';
import type { Instance } from '../../src/core/instance.js';
import type { EchoAnswerRow, Repository } from '../../src/core/repository.js';
import { openSqliteRepository } from '../../src/store/open.js';
import { openPostgresRepository } from '../../src/store/postgres/open.js';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { steppingClock } from '../helpers/clock.js';
import { createDatabase, dropDatabase, queryRows } from '../helpers/postgres.js';
import { createFixture, openInstance, PUBLIC_URL } from '../helpers/store.js';
import { postgresServer } from '../helpers/system-parts.js';

// The run's PostgreSQL when it answers; without it these tests skip, saying why (CI requires it).
const server = await postgresServer();

const PROMPT = 'What blocked the team today?';

/** A generative provider that counts its answers and takes `delayMs` (or until released) to write each. */
function countingProvider(name: string, delayMs = 5) {
  const prompts: string[] = [];
  let hold: Promise<void> | undefined;
  let release = () => {};
  const provider: GenerativeProvider = {
    name,
    async write(request) {
      prompts.push(request.prompt);
      await (hold ?? new Promise((resolve) => setTimeout(resolve, delayMs)));
      return `Written by ${name}.`;
    },
  };
  return {
    provider,
    prompts,
    /** Writing hangs until released. */
    holdWrites() {
      hold = new Promise((resolve) => {
        release = resolve;
      });
    },
    release: () => release(),
  };
}

/** Background work of an instance that stopped before writing: nothing runs. */
const stopped = { run: async () => {} };

describe.skipIf(!server)('answer jobs: two instances on one PostgreSQL database', () => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  });

  async function twoInstances(clocks = [steppingClock('2026-11-23T10:00:00.000Z')]) {
    const database = await createDatabase(server as string);
    cleanUps.push(() => dropDatabase(database));
    const [firstClock, secondClock = firstClock] = clocks as [
      ReturnType<typeof steppingClock>,
      ReturnType<typeof steppingClock>?,
    ];
    const writers = [countingProvider('first'), countingProvider('second')] as const;
    const { store: first, ids } = await createFixture(firstClock, {
      location: database,
      generative: writers[0].provider,
    });
    cleanUps.push(() => first.close());
    const second = await openInstance(database, {
      clock: secondClock,
      publicUrl: PUBLIC_URL,
      generative: writers[1].provider,
    });
    cleanUps.push(() => second.close());
    // Evidence for the answers, so that each one calls its instance's provider.
    await first.serviceFor(ids.cy as string).updateCheckIn('2026-11-23', {
      previous: 'Reviewed designs',
      intentions: 'Ship the palette',
      blockers: 'Waiting on brand approval',
    });
    return { database, first, second, ids, writers };
  }

  it('writes each of 40 asks once, both instances taking some without waiting on each other', async () => {
    const { database, first, second, ids, writers } = await twoInstances();
    // 40 asks received by an instance that stopped before writing any: their jobs wait in pulse_jobs.
    first.options.background = stopped;
    // People of Core, who see the check-in: every answer calls its instance's provider once.
    const askers = [ids.ana, ids.ben, ids.cy] as string[];
    for (let n = 0; n < 40; n++) {
      await first.serviceFor(askers[n % 3] as string).createAsk({ prompt: PROMPT });
    }
    delete first.options.background;
    expect(await queryRows(database, 'SELECT id FROM pulse_jobs')).toHaveLength(40);

    // Both instances claim at once: each job goes to one of them.
    await Promise.all([first.resumePendingAnswers(), second.resumePendingAnswers()]);

    // 40 answers written, no more: none was written by both.
    expect(writers[0].prompts.length + writers[1].prompts.length).toBe(40);
    expect(writers[0].prompts.length).toBeGreaterThan(0);
    expect(writers[1].prompts.length).toBeGreaterThan(0);
    const bodies = await queryRows<{ body: string | null }>(database, 'SELECT body FROM asks');
    expect(bodies).toHaveLength(40);
    for (const { body } of bodies) expect(body).toMatch(/^Written by (first|second)\./);
    expect(await queryRows(database, 'SELECT id FROM pulse_jobs')).toEqual([]);
  });

  it('answers an ask before createAsk returns locally, and on the instance that received it', async () => {
    const { database, first, second, ids, writers } = await twoInstances();
    const ask = await second.serviceFor(ids.ben as string).createAsk({ prompt: PROMPT });
    expect(writers[1].prompts).toEqual([PROMPT]);
    expect(writers[0].prompts).toEqual([]);
    expect((await first.serviceFor(ids.ben as string).getAsk(ask.id)).body).toMatch(/^Written by second\./);
    expect(await queryRows(database, 'SELECT id FROM pulse_jobs')).toEqual([]);
  });

  it('has the other instance take a job whose lease ran out, and drops the late writer’s answer', async () => {
    const firstClock = steppingClock('2026-11-23T10:00:00.000Z');
    const secondClock = steppingClock('2026-11-23T10:00:00.000Z');
    const { database, first, second, ids, writers } = await twoInstances([firstClock, secondClock]);
    // The first instance takes its ask's job and hangs writing it (as one that crashed would never finish).
    writers[0].holdWrites();
    const running: Promise<void>[] = [];
    first.options.background = { run: async (task) => void running.push(task()) };
    const ask = await first.serviceFor(ids.ben as string).createAsk({ prompt: PROMPT });
    await expect.poll(() => writers[0].prompts.length).toBe(1);
    const [job] = await queryRows<{ attempts: number }>(database, 'SELECT attempts FROM pulse_jobs');
    expect(job?.attempts).toBe(1);

    // Within the lease the other instance leaves it alone.
    secondClock.advance(JOB_LEASE_MS - 1000);
    await second.writePendingAnswers();
    expect(writers[1].prompts).toEqual([]);
    // Past it, the other instance takes it over and writes the answer.
    secondClock.advance(2000);
    await second.writePendingAnswers();
    expect(writers[1].prompts).toEqual([PROMPT]);
    expect(await queryRows(database, 'SELECT id FROM pulse_jobs')).toEqual([]);

    // The first instance finishes late: the answer written stays the one that took over.
    writers[0].release();
    await Promise.all(running);
    expect((await second.serviceFor(ids.ben as string).getAsk(ask.id)).body).toMatch(/^Written by second\./);
  });
});

describe.skipIf(!server)('answer jobs on PostgreSQL: the claim', () => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  });

  /** A store whose two asks wait in pulse_jobs, and a repository of a second instance on its database. */
  async function twoWaitingAsks() {
    const database = await createDatabase(server as string);
    cleanUps.push(() => dropDatabase(database));
    const clock = steppingClock('2026-11-23T10:00:00.000Z');
    const { store, ids } = await createFixture(clock, { location: database });
    cleanUps.push(() => store.close());
    store.options.background = stopped;
    const ben = store.serviceFor(ids.ben as string);
    const asks = [await ben.createAsk({ prompt: 'first' })];
    clock.advance(1000);
    asks.push(await ben.createAsk({ prompt: 'second' }));
    const repo = await openPostgresRepository(database);
    cleanUps.push(() => repo.close());
    return { database, store, clock, asks, repo, ben };
  }

  it('skips a job another instance is taking instead of waiting for it (FOR UPDATE SKIP LOCKED)', async () => {
    const { database, asks, repo } = await twoWaitingAsks();
    // Another instance in the middle of claiming the oldest job: its row is locked until it commits.
    const other = new pg.Client({ connectionString: database });
    await other.connect();
    cleanUps.push(() => other.end());
    await other.query('BEGIN');
    await other.query(`SELECT id FROM pulse_jobs WHERE target_id = '${asks[0]?.id}' FOR UPDATE`);
    const claimed = await repo.claimNextJob('2026-11-23T10:00:05.000Z', '2026-11-23T10:05:05.000Z');
    expect(claimed).toMatchObject({ kind: 'ask', target_id: asks[1]?.id, attempts: 1 });
    await other.query('ROLLBACK');
    // The first is claimable again once the other let it go; then none is.
    expect(await repo.claimNextJob('2026-11-23T10:00:05.000Z', '2026-11-23T10:05:05.000Z')).toMatchObject({
      target_id: asks[0]?.id,
    });
    expect(await repo.claimNextJob('2026-11-23T10:00:05.000Z', '2026-11-23T10:05:05.000Z')).toBeUndefined();
  });

  it('moves no data version: claiming and finishing jobs is bookkeeping', async () => {
    const { database, repo } = await twoWaitingAsks();
    const version = async () =>
      (await queryRows<{ version: string }>(database, 'SELECT version FROM pulse_data_version'))[0]?.version;
    const [shared, local] = [await version(), repo.dataVersion()];
    const job = await repo.claimNextJob('2026-11-23T10:00:05.000Z', '2026-11-23T10:05:05.000Z');
    await repo.deleteJob(job?.id as string);
    expect(await version()).toBe(shared);
    expect(repo.dataVersion()).toBe(local);
  });

  it('gives up a job claimed three times without finishing, writing a failed answer', async () => {
    const { database, store, clock, asks, repo, ben } = await twoWaitingAsks();
    const [job] = await queryRows<{ id: string }>(
      database,
      `SELECT id FROM pulse_jobs WHERE target_id = '${asks[0]?.id}'`,
    );
    // Three instances took it in turn, each crashing before it finished.
    for (let attempt = 1; attempt <= 3; attempt++) {
      clock.advance(JOB_LEASE_MS + 1000);
      const now = clock.now();
      const claimed = await repo.claimJob(
        job?.id as string,
        now.toISOString(),
        new Date(now.getTime() + JOB_LEASE_MS).toISOString(),
      );
      expect(claimed?.attempts).toBe(attempt);
    }
    clock.advance(JOB_LEASE_MS + 1000);
    delete store.options.background;
    await store.writePendingAnswers();
    expect((await ben.getAsk(asks[0]?.id as string)).body).toBe(
      'pulse could not write this answer: gave up after 3 attempts',
    );
    expect((await ben.getAsk(asks[1]?.id as string)).body).toMatch(/^I found/);
    expect(await queryRows(database, 'SELECT id FROM pulse_jobs')).toEqual([]);
  });
});

/** Two repositories on one store, and an Echo question whose occurrence both insert at once. */
async function racingInserts(
  open: () => Promise<Repository>,
  store: Instance,
  personId: string,
  together: boolean,
) {
  const question = await store.serviceFor(personId).createEchoQuestion({
    prompt: 'What blocked the team?',
    title: 'Daily blockers',
    answer_frequency: 'daily',
    answer_time: '09:00',
  });
  const repos = [await open(), await open()];
  try {
    const answer = (id: string): EchoAnswerRow => ({
      id,
      question_id: question.id,
      person_id: personId,
      title: 'Daily blockers - Nov 23',
      body: null,
      period_start: '2026-11-22',
      period_end: '2026-11-23',
      published_at: '2026-11-23T08:00:00.000Z',
      updated_at: '2026-11-23T10:00:00.000Z',
    });
    // Straight to the inserts, without the core's lock-and-re-read: only the unique key stands between
    // them. At once on PostgreSQL; one after the other on SQLite, whose connections in one process
    // cannot wait on each other (the second inserts as a publisher that has not seen the first).
    const inserts = [
      () => repos[0]?.insertEchoAnswers([answer('00000000-0000-4000-8000-000000000001')]),
      () => repos[1]?.insertEchoAnswers([answer('00000000-0000-4000-8000-000000000002')]),
    ];
    const added = together
      ? await Promise.all(inserts.map((insert) => insert()))
      : [await inserts[0]?.(), await inserts[1]?.()];
    return { added: added.flat(), questionId: question.id };
  } finally {
    for (const repo of repos) await repo.close();
  }
}

describe('answer jobs on SQLite', () => {
  it('move no data version: claiming, finishing and adding missing jobs is bookkeeping', async () => {
    const clock = steppingClock('2026-11-23T10:00:00.000Z');
    const { store, path, ids } = await createFixture(clock);
    store.options.background = stopped;
    await store.serviceFor(ids.ben as string).createAsk({ prompt: PROMPT });
    const repo = await openSqliteRepository(path);
    try {
      const before = repo.dataVersion();
      expect(await repo.addMissingJobs('2026-11-23T10:00:05.000Z')).toBe(0);
      const job = await repo.claimNextJob('2026-11-23T10:00:05.000Z', '2026-11-23T10:05:05.000Z');
      expect(job?.kind).toBe('ask');
      await repo.deleteJob(job?.id as string);
      expect(await repo.claimNextJob('2026-11-23T10:00:05.000Z', '2026-11-23T10:05:05.000Z')).toBeUndefined();
      expect(repo.dataVersion()).toBe(before);
      // A write of data still moves it.
      await repo.setDefaultPersonId(ids.ben as string);
      expect(repo.dataVersion()).not.toBe(before);
    } finally {
      await repo.close();
      await store.close();
    }
  });
});

describe('an Echo occurrence is published once, whoever inserts it', () => {
  it('on SQLite: of two racing inserts of one occurrence, one adds it and the other adds nothing', async () => {
    const clock = steppingClock('2026-11-23T10:00:00.000Z');
    const { store, path, ids } = await createFixture(clock);
    const { added, questionId } = await racingInserts(
      () => openSqliteRepository(path),
      store,
      ids.ben as string,
      false,
    );
    await store.close();
    expect(added).toHaveLength(1);
    const db = openSqlite(path, { readonly: true });
    const rows = db.prepare('SELECT id FROM echo_answers WHERE question_id = ?').all(questionId);
    expect(rows).toEqual([{ id: added[0]?.id }]);
    db.close();
  });

  it.skipIf(!server)('on PostgreSQL: the same, from two instances’ connections', async () => {
    const database = await createDatabase(server as string);
    try {
      const clock = steppingClock('2026-11-23T10:00:00.000Z');
      const { store, ids } = await createFixture(clock, { location: database });
      const { added, questionId } = await racingInserts(
        () => openPostgresRepository(database),
        store,
        ids.ben as string,
        true,
      );
      await store.close();
      expect(added).toHaveLength(1);
      expect(
        await queryRows(database, `SELECT id FROM echo_answers WHERE question_id = '${questionId}'`),
      ).toEqual([{ id: added[0]?.id }]);
    } finally {
      await dropDatabase(database);
    }
  });
});

describe('a store from before jobs', () => {
  it('gets a job for every unwritten answer at start, and the answers written', async () => {
    const clock = steppingClock('2026-11-23T10:00:00.000Z');
    const { store, path, ids } = await createFixture(clock);
    store.options.background = stopped;
    const ask = await store.serviceFor(ids.ben as string).createAsk({ prompt: PROMPT });
    delete store.options.background;
    // As the store was before migration 014 added jobs: an unwritten answer with no job.
    const db = openSqlite(path);
    db.prepare('DELETE FROM pulse_jobs').run();
    db.close();
    expect(await store.writePendingAnswers()).toBeUndefined();
    expect((await store.serviceFor(ids.ben as string).getAsk(ask.id)).body).toBeNull();

    expect(await store.resumePendingAnswers()).toBe(1);
    expect((await store.serviceFor(ids.ben as string).getAsk(ask.id)).body).toMatch(/^I found/);
    const after = openSqlite(path, { readonly: true });
    expect(after.prepare('SELECT count(*) AS n FROM pulse_jobs').get()).toEqual({ n: 0 });
    after.close();
    await store.close();
  });
});
