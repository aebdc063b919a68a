/**
 * The v1 team reads (statuses, tagged statuses, tags, reports) found a team's check-ins through
 * check_in_teams and then read and sorted every one of them (about 50,000 a team at a million
 * check-ins) to return a page: the order they need (completed_at, date) lived in check_ins only.
 *
 * check_in_teams now carries a copy of its check-in's date and completed_at, kept current by every write
 * of the repository (and the seed writer), so each read walks an index of the team's rows in its order:
 * - check_in_teams_by_team_completed: the team's completed check-ins, newest first (statuses, tags);
 * - check_in_teams_by_team_date: the team's check-ins by date (reports' date ranges, the first date).
 * The latter also starts with team_id, so it serves what check_in_teams_by_team did (the foreign key to
 * teams, lookups by team), and check_in_teams_by_team is dropped.
 */
import { type Kysely, sql } from 'kysely';
import * as column from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Nullable for SQLite's ADD COLUMN; the backfill below fills every row, and every write sets both.
  await db.schema.alterTable('check_in_teams').addColumn('date', 'text').execute();
  await db.schema.alterTable('check_in_teams').addColumn('completed_at', 'text').execute();
  await sql`
    UPDATE check_in_teams AS ct SET date = c.date, completed_at = c.completed_at
    FROM check_ins AS c WHERE c.id = ct.check_in_id`.execute(db);
  await db.schema
    .createIndex('check_in_teams_by_team_completed')
    .on('check_in_teams')
    .columns(['team_id', 'completed_at desc', 'check_in_id desc'])
    .where(sql.ref('completed_at'), 'is not', null)
    .execute();
  await column.index(db, 'check_in_teams_by_team_date', 'check_in_teams', ['team_id', 'date', 'check_in_id']);
  await db.schema.dropIndex('check_in_teams_by_team').execute();
}
