/**
 * v1 reports' team days (sql/team-days.ts) on PostgreSQL: string_agg where SQLite has group_concat, and
 * counts as numbers (PostgreSQL's count is a bigint, which pg hands over as text).
 */
import { type Kysely, sql } from 'kysely';
import type { TeamDay } from '../../core/repository.js';
import type { Database } from '../schema.js';

export async function teamDaysOnPostgres(
  db: Kysely<Database>,
  teamId: string,
  from: string,
  to: string,
): Promise<TeamDay[]> {
  const result = await sql<{
    date: string;
    completed_ids: string | null;
    blocked_count: string;
    previous_completed_count: string;
    latest_update: string;
  }>`
    SELECT date,
      string_agg(CASE WHEN completed_at IS NOT NULL THEN check_in_id END, ','
        ORDER BY completed_at, check_in_id) AS completed_ids,
      count(CASE WHEN completed_at IS NOT NULL AND blocked = 1 THEN 1 END) AS blocked_count,
      count(CASE WHEN completed_at IS NOT NULL AND previous_completed = 1 THEN 1 END)
        AS previous_completed_count,
      max(updated_at) AS latest_update
    FROM check_in_teams
    WHERE team_id = ${teamId} AND date >= ${from} AND date <= ${to}
    GROUP BY date
    ORDER BY date`.execute(db);
  return result.rows.map((row) => ({
    date: row.date,
    completedIds: row.completed_ids === null ? [] : row.completed_ids.split(','),
    blockedCount: Number(row.blocked_count),
    previousCompletedCount: Number(row.previous_completed_count),
    latestUpdate: row.latest_update,
  }));
}
