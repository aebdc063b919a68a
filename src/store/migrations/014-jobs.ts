/**
 * Answer-writing jobs (issue 11): a row per Ask answer or Echo answer body still to write, which an
 * instance claims with a lease, writes, then deletes. A crash leaves the row; once its lease runs out
 * another instance, or the next start, takes it. Named pulse_* as the deployment's bookkeeping: on
 * PostgreSQL it gets no data-version trigger (postgres/data-version.ts), so claiming a job neither empties
 * the response caches nor queues behind the writers.
 *
 * One Echo answer per occurrence is already the unique key echo_answer_once (question_id, published_at)
 * of 007, with published_at the occurrence's scheduled time: publishing inserts ON CONFLICT DO NOTHING.
 */
import type { Kysely } from 'kysely';
import * as column from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pulse_jobs')
    .$call(column.id)
    // 'ask' or 'echo-answer': whose body target_id's row is waiting for.
    .$call(column.required('kind', 'target_id'))
    // Claimed until then; claimable when past, or when never claimed (attempts 0).
    .$call(column.required('leased_until'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(column.required('created_at'))
    // One job per answer, however many instances add the missing ones at start.
    .addUniqueConstraint('pulse_jobs_once', ['kind', 'target_id'])
    .execute();
  await column.index(db, 'pulse_jobs_claimable', 'pulse_jobs', ['leased_until', 'created_at']);
}
