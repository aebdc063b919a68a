/**
 * The answer-writing jobs (pulse_jobs) on both dialects. Every statement is raw SQL run outside the
 * store's transactions (except adding an ask's job, which goes with the ask): on PostgreSQL the table is
 * bookkeeping (postgres/data-version.ts), and a raw statement is not counted as this instance's write
 * (postgres/local-writes.ts counts Kysely's insert, update and delete nodes), so claiming and finishing
 * jobs moves no data version and empties no cache.
 */
import { type Kysely, sql } from 'kysely';
import { newId } from '../core/ids.js';
import type { JobRow } from '../core/repository.js';
import { onPostgres } from './migrations/dialect.js';
import type { Database } from './schema.js';

type Db = Kysely<Database>;

/**
 * The one difference between the dialects: PostgreSQL locks the row a claim takes and skips rows
 * another claim is taking, so instances never wait on each other nor take the same job. SQLite has one
 * writer at a time, so the plain subquery is already exclusive there.
 */
function takeLock(db: Db) {
  return onPostgres(db as Kysely<unknown>) ? sql`FOR UPDATE SKIP LOCKED` : sql``;
}

/**
 * Never claimed, or its lease ran out. A new job is claimable whatever the clock says, so an instance
 * whose clock is behind the creator's still takes it.
 */
function claimable(now: string) {
  return sql`(attempts = 0 OR leased_until <= ${now})`;
}

function toJob(row: JobRow): JobRow {
  return { ...row, attempts: Number(row.attempts) };
}

export async function addJobs(db: Db, jobs: JobRow[]): Promise<void> {
  for (const job of jobs) {
    await sql`INSERT INTO pulse_jobs (id, kind, target_id, leased_until, attempts, created_at)
      VALUES (${job.id}, ${job.kind}, ${job.target_id}, ${job.leased_until}, ${job.attempts}, ${job.created_at})
      ON CONFLICT DO NOTHING`.execute(db);
  }
}

export async function claimNextJob(db: Db, now: string, leaseUntil: string): Promise<JobRow | undefined> {
  const result = await sql<JobRow>`UPDATE pulse_jobs SET leased_until = ${leaseUntil}, attempts = attempts + 1
    WHERE id = (SELECT id FROM pulse_jobs WHERE ${claimable(now)} ORDER BY created_at, id LIMIT 1 ${takeLock(db)})
    RETURNING id, kind, target_id, leased_until, attempts, created_at`.execute(db);
  const row = result.rows[0];
  return row && toJob(row);
}

export async function claimJob(
  db: Db,
  id: string,
  now: string,
  leaseUntil: string,
): Promise<JobRow | undefined> {
  // On PostgreSQL a second claim of the row waits for the first to commit, then finds its lease current.
  const result = await sql<JobRow>`UPDATE pulse_jobs SET leased_until = ${leaseUntil}, attempts = attempts + 1
    WHERE id = ${id} AND ${claimable(now)}
    RETURNING id, kind, target_id, leased_until, attempts, created_at`.execute(db);
  const row = result.rows[0];
  return row && toJob(row);
}

export async function deleteJob(db: Db, id: string): Promise<void> {
  await sql`DELETE FROM pulse_jobs WHERE id = ${id}`.execute(db);
}

export async function addMissingJobs(db: Db, now: string): Promise<number> {
  const missing = await sql<{ kind: JobRow['kind']; id: string }>`
    SELECT 'ask' AS kind, a.id AS id FROM asks AS a
    WHERE a.body IS NULL AND NOT EXISTS (SELECT 1 FROM pulse_jobs AS j WHERE j.kind = 'ask' AND j.target_id = a.id)
    UNION ALL
    SELECT 'echo-answer' AS kind, e.id AS id FROM echo_answers AS e
    WHERE e.body IS NULL
      AND NOT EXISTS (SELECT 1 FROM pulse_jobs AS j WHERE j.kind = 'echo-answer' AND j.target_id = e.id)`.execute(
    db,
  );
  const jobs: JobRow[] = [];
  for (const { kind, id } of missing.rows) {
    jobs.push({ id: await newId(), kind, target_id: id, leased_until: now, attempts: 0, created_at: now });
  }
  await addJobs(db, jobs);
  return jobs.length;
}
