/**
 * The store's reads that `pulse checkin list` and `pulse goal list` make, on SQLite without Kysely: who
 * the viewer is, the page, and what its items show. SqliteRepository extends this with everything else
 * (built with Kysely); open.ts hands out this part at once and loads the rest on its first use.
 */
import type { Selectable } from 'kysely';
import type {
  CheckInFilter,
  CheckInRow,
  GoalFilter,
  GoalRow,
  GoalUpdateRow,
  PersonRow,
  TeamDay,
  TeamQuestionTexts,
  TeamRow,
  Window,
} from '../core/repository.js';
import type { PersonKind } from '../core/types.js';
import type { Weekday } from '../core/weekdays.js';
import type { CheckInTable, GoalTable, PersonTable, TeamTable } from './schema.js';
import * as reads from './sql/list-reads.js';
import type { RowReader } from './sql/row-reader.js';
import type { Sql } from './sql/sql.js';
import { type ListAggregate, teamDays } from './sql/team-days.js';
import { bool } from './sql-values.js';

export const DEFAULT_PERSON_KEY = 'default_person_id';

export function toPerson(row: Selectable<PersonTable>): PersonRow {
  return { ...row, administrator: bool(row.administrator), kind: row.kind as PersonKind };
}

export function toTeam(row: Selectable<TeamTable>): TeamRow {
  return {
    ...row,
    private: bool(row.private),
    completion_tracking: bool(row.completion_tracking),
    mood_tracking: bool(row.mood_tracking),
    report_days: row.report_days.split(',').filter(Boolean) as Weekday[],
    questions: row.questions === null ? null : (JSON.parse(row.questions) as TeamQuestionTexts),
  };
}

export function toCheckIn(row: Selectable<CheckInTable>, teamIds: string[]): CheckInRow {
  return {
    ...row,
    mood: row.mood as CheckInRow['mood'],
    previous_completed: row.previous_completed === null ? null : bool(row.previous_completed),
    blocked: bool(row.blocked),
    team_ids: teamIds,
  };
}

/** (key, value) rows as a map of each key's values, in row order. */
export function groupPairs(pairs: reads.Pair[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const { key, value } of pairs) {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  }
  return map;
}

export class SqliteReads {
  constructor(
    protected readonly reader: RowReader,
    /** A token that changes whenever the stored data may have changed. */
    readonly dataVersion: () => string,
  ) {}

  protected read<Row>(query: Sql): Promise<Row[]> {
    return this.reader.rows<Row>(query);
  }

  async defaultPersonId(): Promise<string | undefined> {
    const [row] = await this.read<{ value: string }>(reads.setting(DEFAULT_PERSON_KEY));
    return row?.value;
  }

  async findPerson(id: string): Promise<PersonRow | undefined> {
    const [row] = await this.read<Selectable<PersonTable>>(reads.person(id));
    return row && toPerson(row);
  }

  async peopleByIds(ids: readonly string[]): Promise<PersonRow[]> {
    if (ids.length === 0) return [];
    return (await this.read<Selectable<PersonTable>>(reads.peopleByIds(ids))).map(toPerson);
  }

  async teamsByIds(ids: readonly string[]): Promise<TeamRow[]> {
    if (ids.length === 0) return [];
    return (await this.read<Selectable<TeamTable>>(reads.teamsByIds(ids))).map(toTeam);
  }

  async reportingTeamIdsOf(personId: string): Promise<string[]> {
    const teams = await this.read<{ team_id: string }>(reads.reportingTeamIdsOf(personId));
    return teams.map((row) => row.team_id);
  }

  async teamIdsOfPeople(personIds: readonly string[]): Promise<Map<string, string[]>> {
    if (personIds.length === 0) return new Map();
    return groupPairs(await this.read<reads.Pair>(reads.teamIdsOfPeople(personIds)));
  }

  // --- check-ins ----------------------------------------------------------------------------------

  async listCompletedCheckIns(filter: CheckInFilter, window: Window): Promise<CheckInRow[]> {
    const query = reads.completedCheckIns(filter, window);
    return query ? this.withTeamIds(await this.read<Selectable<CheckInTable>>(query)) : [];
  }

  /** Check-in rows with their team inclusions, in the order given. */
  protected async withTeamIds(rows: Selectable<CheckInTable>[]): Promise<CheckInRow[]> {
    const teamIds = await this.teamIdsOfCheckIns(rows.map((row) => row.id));
    return rows.map((row) => toCheckIn(row, teamIds.get(row.id) ?? []));
  }

  protected async teamIdsOfCheckIns(ids: readonly string[]): Promise<Map<string, string[]>> {
    if (ids.length === 0) return new Map();
    return groupPairs(await this.read<reads.Pair>(reads.teamIdsOfCheckIns(ids)));
  }

  /** How this dialect joins a group's values into one text (PostgresRepository says string_agg). */
  protected readonly listAggregate: ListAggregate = 'group_concat';

  /** One range of check_in_teams_by_team_date, which holds every column read: check_ins is not read. */
  async teamDaysBetween(teamId: string, from: string, to: string): Promise<TeamDay[]> {
    const rows = await this.read<{
      date: string;
      completed_ids: string | null;
      // PostgreSQL's count is a bigint, which pg hands over as text.
      blocked_count: number | string;
      previous_completed_count: number | string;
      latest_update: string;
    }>(teamDays(teamId, from, to, this.listAggregate));
    return rows.map((row) => ({
      date: row.date,
      completedIds: row.completed_ids === null ? [] : row.completed_ids.split(','),
      blockedCount: Number(row.blocked_count),
      previousCompletedCount: Number(row.previous_completed_count),
      latestUpdate: row.latest_update,
    }));
  }

  // --- absences -----------------------------------------------------------------------------------

  async memberAbsences(personIds: readonly string[], dates: readonly string[]): Promise<Set<string>> {
    if (personIds.length === 0 || dates.length === 0) return new Set();
    const absences = await this.read<{ person_id: string; date: string }>(
      reads.memberAbsences(personIds, dates),
    );
    return new Set(absences.map((row) => `${row.person_id}|${row.date}`));
  }

  async teamAbsences(teamIds: readonly string[], dates: readonly string[]): Promise<Set<string>> {
    if (teamIds.length === 0 || dates.length === 0) return new Set();
    const absences = await this.read<{ team_id: string; date: string }>(reads.teamAbsences(teamIds, dates));
    return new Set(absences.map((row) => `${row.team_id}|${row.date}`));
  }

  // --- goals --------------------------------------------------------------------------------------

  async findGoal(id: string): Promise<GoalRow | undefined> {
    const [goal] = await this.withMembers(await this.read<Selectable<GoalTable>>(reads.goalById(id)));
    return goal;
  }

  async goalsByIds(ids: readonly string[]): Promise<GoalRow[]> {
    if (ids.length === 0) return [];
    return this.withMembers(await this.read<Selectable<GoalTable>>(reads.goalsByIds(ids)));
  }

  async listGoals(filter: GoalFilter, window: Window): Promise<GoalRow[]> {
    return this.withMembers(await this.read<Selectable<GoalTable>>(reads.goals(filter, window)));
  }

  async latestGoalUpdates(goalIds: readonly string[]): Promise<Map<string, GoalUpdateRow>> {
    if (goalIds.length === 0) return new Map();
    const rows = await this.read<GoalUpdateRow>(reads.latestGoalUpdates(goalIds));
    return new Map(rows.map((row) => [row.goal_id, row]));
  }

  /** Goal rows with their contributors and teams, in the order given. */
  private async withMembers(rows: Selectable<GoalTable>[]): Promise<GoalRow[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [contributors, teams] = await Promise.all([
      this.read<reads.Pair>(reads.contributorsOfGoals(ids)),
      this.read<reads.Pair>(reads.teamIdsOfGoals(ids)),
    ]);
    const byGoalContributors = groupPairs(contributors);
    const byGoalTeams = groupPairs(teams);
    return rows.map((row) => ({
      ...row,
      private: bool(row.private),
      archived: bool(row.archived),
      contributor_ids: byGoalContributors.get(row.id) ?? [],
      team_ids: byGoalTeams.get(row.id) ?? [],
    }));
  }
}
