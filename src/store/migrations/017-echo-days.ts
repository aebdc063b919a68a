/**
 * Echo questions (issue 27): `every_day` says a daily Echo answers every day rather than only on its
 * owner's report days (0 for every existing one: they follow the report days from now on, which is the
 * point of the change); `skipped_*` remember what the last catch-up left out (older occurrences than the
 * last 12), so that `pulse echo view` can say so.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('echo_questions')
    .addColumn('every_day', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('echo_questions').addColumn('skipped_count', 'integer').execute();
  await db.schema.alterTable('echo_questions').addColumn('skipped_from', 'text').execute();
  await db.schema.alterTable('echo_questions').addColumn('skipped_until', 'text').execute();
}
