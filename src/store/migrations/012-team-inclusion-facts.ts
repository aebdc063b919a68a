/**
 * Two reads still walked far more rows than they return (docs/performance.md, "Core at scale"):
 *
 * - A member listing the check-ins of a team not theirs: those visible are the member's own and those
 *   also included in one of the member's teams, but nothing said which of the team's check-ins are
 *   included elsewhere, so the read tested every completed check-in of the store. `shared` marks the
 *   inclusions of a check-in included in more than one team, and check_in_teams_shared (partial, so only
 *   those rows) lists a team's; the read now looks only at them and at the member's own check-ins.
 *   It relies on every inclusion of a check-in in several teams being marked; a mark left on the last
 *   inclusion of a check-in whose other team was deleted costs only a lookup.
 * - v1 reports read each check-in of a team's dates in full (about 3,000 rows a page) for a few
 *   fields. check_in_teams now also carries copies of updated_at, blocked and previous_completed, and
 *   check_in_teams_by_team_date covers them, so a page of reports is one index range.
 *
 * Every write of the repository rewrites a check-in's inclusions with these (as with date and
 * completed_at since migration 011), and so does the seed writer.
 */
import { type Kysely, sql } from 'kysely';
import * as column from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const add = (name: string, type: 'text' | 'integer', notNull = false) =>
    db.schema
      .alterTable('check_in_teams')
      .addColumn(name, type, (col) => (notNull ? col.notNull().defaultTo(0) : col))
      .execute();
  // Nullable (or defaulted) for SQLite's ADD COLUMN; the backfill fills every row, and every write sets them.
  await add('updated_at', 'text');
  await add('blocked', 'integer', true);
  await add('previous_completed', 'integer');
  await add('shared', 'integer', true);
  await sql`
    UPDATE check_in_teams AS ct
    SET updated_at = c.updated_at, blocked = c.blocked, previous_completed = c.previous_completed
    FROM check_ins AS c WHERE c.id = ct.check_in_id`.execute(db);
  await sql`
    UPDATE check_in_teams SET shared = 1 WHERE check_in_id IN (
      SELECT check_in_id FROM check_in_teams GROUP BY check_in_id HAVING count(*) > 1)`.execute(db);

  await db.schema.dropIndex('check_in_teams_by_team_date').execute();
  await column.index(db, 'check_in_teams_by_team_date', 'check_in_teams', [
    'team_id',
    'date',
    'check_in_id',
    'completed_at',
    'updated_at',
    'blocked',
    'previous_completed',
  ]);
  // Only the marked inclusions (none where everyone is in one team). A read uses it only when it says
  // `shared = 1` with the literal, as here, not with a parameter.
  await db.schema
    .createIndex('check_in_teams_shared')
    .on('check_in_teams')
    .columns(['team_id', 'check_in_id'])
    .where(sql.ref('shared'), '=', sql.lit(1))
    .execute();
}
