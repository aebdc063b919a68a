/**
 * What v1 reports count of a team's days, counted by SQLite from check_in_teams' copies of each check-in
 * (migrations 011 and 012) in one range of check_in_teams_by_team_date. A page of 30 reports spans about
 * 3,000 check-ins: reading them as rows into the core took 5.7 ms at 1,000,000 check-ins, these totals
 * 1.8 ms. Ids are UUIDs (no commas) and timestamps one ISO 8601 form, so SQLite's binary order is the
 * core's order of completion.
 */
import { Sql, sql } from './sql.js';

/**
 * The one word the dialects spell differently: SQLite's group_concat is PostgreSQL's string_agg (both
 * take the separator and an ORDER BY inside).
 */
export type ListAggregate = 'group_concat' | 'string_agg';

export function teamDays(
  teamId: string,
  from: string,
  to: string,
  aggregate: ListAggregate = 'group_concat',
): Sql {
  return sql`
    SELECT date,
      ${new Sql(aggregate, [])}(CASE WHEN completed_at IS NOT NULL THEN check_in_id END, ','
        ORDER BY completed_at, check_in_id) AS completed_ids,
      count(CASE WHEN completed_at IS NOT NULL AND blocked = 1 THEN 1 END) AS blocked_count,
      count(CASE WHEN completed_at IS NOT NULL AND previous_completed = 1 THEN 1 END)
        AS previous_completed_count,
      max(updated_at) AS latest_update
    FROM check_in_teams
    WHERE team_id = ${teamId} AND date >= ${from} AND date <= ${to}
    GROUP BY date
    ORDER BY date`;
}
