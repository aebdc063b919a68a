/**
 * The reads `pulse checkin list` and `pulse goal list` make (who the viewer is, the page, and what its
 * items show), hand-written SQL (sql/list-reads.ts) without Kysely: on SQLite open.ts hands these out at
 * once, through the statement cache, and loads Kysely with the rest of the Repository on its first use,
 * so the list commands never load it. On both dialects the Repository answers these reads from here.
 * They span the people, check-in, absence and goal aggregates; their modules hold everything else.
 */
import type { Selectable } from 'kysely';
import type {
  CheckInRow,
  GoalUpdateRow,
  PersonRow,
  Repository,
  TeamQuestionTexts,
  TeamRow,
} from '../../core/repository.js';
import type { Account } from '../../core/types.js';
import type { Weekday } from '../../core/weekdays.js';
import type { CheckInTable, GoalTable, PersonTable, TeamTable } from '../schema.js';
import type { TextMatch } from '../search/text-match.js';
import * as reads from '../sql/list-reads.js';
import type { Sql } from '../sql/sql.js';
import { type ListAggregate, teamDays } from '../sql/team-days.js';
import { bool } from '../sql-values.js';

/** Runs a hand-written read. */
export type Rows = <Row>(query: Sql) => Promise<Row[]>;

export type ListReads = Pick<
  Repository,
  | 'account'
  | 'defaultPersonId'
  | 'findPerson'
  | 'peopleByIds'
  | 'teamsByIds'
  | 'reportingTeamIdsOf'
  | 'reportingTeamIdsOfPeople'
  | 'teamsFromOf'
  | 'teamIdsOfPeople'
  | 'findCheckIn'
  | 'listCompletedCheckIns'
  | 'teamDaysBetween'
  | 'memberAbsences'
  | 'teamAbsences'
  | 'findGoal'
  | 'goalsByIds'
  | 'listGoals'
  | 'latestGoalUpdates'
>;

export const DEFAULT_PERSON_KEY = 'default_person_id';

export function toPerson(row: Selectable<PersonTable>): PersonRow {
  return { ...row, administrator: bool(row.administrator) };
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

export async function teamIdsOfCheckIns(rows: Rows, ids: readonly string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  return groupPairs(await rows<reads.Pair>(reads.teamIdsOfCheckIns(ids)));
}

/** Check-in rows with their team inclusions, in the order given. */
export async function withTeamIds(rows: Rows, checkIns: Selectable<CheckInTable>[]): Promise<CheckInRow[]> {
  const teamIds = await teamIdsOfCheckIns(
    rows,
    checkIns.map((row) => row.id),
  );
  return checkIns.map((row) => toCheckIn(row, teamIds.get(row.id) ?? []));
}

export function listReads(rows: Rows, listAggregate: ListAggregate, textMatch: TextMatch): ListReads {
  /** Goal rows with their contributors and teams, in the order given. */
  async function withMembers(goals: Selectable<GoalTable>[]) {
    if (goals.length === 0) return [];
    const ids = goals.map((row) => row.id);
    const [contributors, teams] = await Promise.all([
      rows<reads.Pair>(reads.contributorsOfGoals(ids)),
      rows<reads.Pair>(reads.teamIdsOfGoals(ids)),
    ]);
    const byGoalContributors = groupPairs(contributors);
    const byGoalTeams = groupPairs(teams);
    return goals.map((row) => ({
      ...row,
      private: bool(row.private),
      archived: bool(row.archived),
      contributor_ids: byGoalContributors.get(row.id) ?? [],
      team_ids: byGoalTeams.get(row.id) ?? [],
    }));
  }

  return {
    async defaultPersonId() {
      const [row] = await rows<{ value: string }>(reads.setting(DEFAULT_PERSON_KEY));
      return row?.value;
    },

    async findPerson(id) {
      const [row] = await rows<Selectable<PersonTable>>(reads.person(id));
      return row && toPerson(row);
    },

    async peopleByIds(ids) {
      if (ids.length === 0) return [];
      return (await rows<Selectable<PersonTable>>(reads.peopleByIds(ids))).map(toPerson);
    },

    async teamsByIds(ids) {
      if (ids.length === 0) return [];
      return (await rows<Selectable<TeamTable>>(reads.teamsByIds(ids))).map(toTeam);
    },

    async reportingTeamIdsOf(personId) {
      const teams = await rows<{ team_id: string }>(reads.reportingTeamIdsOf(personId));
      return teams.map((row) => row.team_id);
    },

    async reportingTeamIdsOfPeople(personIds) {
      if (personIds.length === 0) return new Map();
      return groupPairs(await rows<reads.Pair>(reads.reportingTeamIdsOfPeople(personIds)));
    },

    async teamsFromOf(personId) {
      const teams = await rows<{ team_id: string; visible_from: string }>(reads.teamsFromOf(personId));
      return teams.map((row) => ({ teamId: row.team_id, from: row.visible_from }));
    },

    async teamIdsOfPeople(personIds) {
      if (personIds.length === 0) return new Map();
      return groupPairs(await rows<reads.Pair>(reads.teamIdsOfPeople(personIds)));
    },

    async account() {
      const [row] = await rows<Account>(reads.account());
      return row;
    },

    /** `pulse checkin due` reads one check-in, at every shell prompt: without loading Kysely. */
    async findCheckIn(id) {
      const [row] = await rows<Selectable<CheckInTable>>(reads.checkInById(id));
      if (!row) return undefined;
      return toCheckIn(row, (await teamIdsOfCheckIns(rows, [row.id])).get(row.id) ?? []);
    },

    async listCompletedCheckIns(filter, window, after) {
      const query = reads.completedCheckIns(filter, window, textMatch, after);
      return query ? withTeamIds(rows, await rows<Selectable<CheckInTable>>(query)) : [];
    },

    /** One range of check_in_teams_by_team_date, which holds every column read: check_ins is not read. */
    async teamDaysBetween(teamId, from, to) {
      const days = await rows<{
        date: string;
        completed_ids: string | null;
        // PostgreSQL's count is a bigint, which pg hands over as text.
        blocked_count: number | string;
        previous_completed_count: number | string;
        latest_update: string;
      }>(teamDays(teamId, from, to, listAggregate));
      return days.map((row) => ({
        date: row.date,
        completedIds: row.completed_ids === null ? [] : row.completed_ids.split(','),
        blockedCount: Number(row.blocked_count),
        previousCompletedCount: Number(row.previous_completed_count),
        latestUpdate: row.latest_update,
      }));
    },

    async memberAbsences(personIds, dates) {
      if (personIds.length === 0 || dates.length === 0) return new Set();
      const absences = await rows<{ person_id: string; date: string }>(
        reads.memberAbsences(personIds, dates),
      );
      return new Set(absences.map((row) => `${row.person_id}|${row.date}`));
    },

    async teamAbsences(teamIds, dates) {
      if (teamIds.length === 0 || dates.length === 0) return new Set();
      const absences = await rows<{ team_id: string; date: string }>(reads.teamAbsences(teamIds, dates));
      return new Set(absences.map((row) => `${row.team_id}|${row.date}`));
    },

    async findGoal(id) {
      const [goal] = await withMembers(await rows<Selectable<GoalTable>>(reads.goalById(id)));
      return goal;
    },

    async goalsByIds(ids) {
      if (ids.length === 0) return [];
      return withMembers(await rows<Selectable<GoalTable>>(reads.goalsByIds(ids)));
    },

    async listGoals(filter, window) {
      return withMembers(await rows<Selectable<GoalTable>>(reads.goals(filter, window, textMatch)));
    },

    async latestGoalUpdates(goalIds) {
      if (goalIds.length === 0) return new Map();
      const updates = await rows<GoalUpdateRow>(reads.latestGoalUpdates(goalIds));
      return new Map(updates.map((row) => [row.goal_id, row]));
    },
  };
}
