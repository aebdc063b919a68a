/**
 * Components get a display order, `position` (issue 25): the status interface's component carries it, and
 * widgets lay a page out by it. Positions run 1..n with no gaps; existing components keep the order they
 * were listed in before (by id), and new ones go last (repository/status.ts).
 *
 * Notice updates already had integer ids (009, numbered by the database across all notices, ascending
 * with time, from one sequence the instances on one PostgreSQL share); the interface now shows them, so
 * they need no migration.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A default lets SQLite add the column NOT NULL; the backfill replaces it on every existing row.
  await db.schema
    .alterTable('status_components')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  const listedBefore = sql`
    (SELECT count(*) FROM status_components AS earlier WHERE earlier.id <= status_components.id)`;
  await sql`UPDATE status_components SET position = ${listedBefore}`.execute(db);
}
