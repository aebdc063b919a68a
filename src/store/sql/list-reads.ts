/**
 * The reads of `pulse checkin list` and `pulse goal list`, as SQL: who the viewer is, the page, and what
 * its items show (people, teams, absences, goal members and latest updates). Each runs once in such a
 * process, where building it with Kysely cost more than running it. Every other read is built with
 * Kysely where it is used.
 */

import { idPrefixRange } from '../../core/query-params.js';
import type {
  CheckInFilter,
  CheckInListKey,
  GoalFilter,
  TeamFrom,
  Visibility,
  Window,
} from '../../core/repository.js';
import type { TextMatch } from '../search/text-match.js';
import { flag } from '../sql-values.js';
import { or, Sql, sql, where } from './sql.js';

/** A non-administrator's visibility: their own check-ins and their teams'. */
type MemberVisibility = Extract<Visibility, { all: false }>;

/** Rows of (key, value) pairs, grouped by key where they are read. */
export interface Pair {
  key: string;
  value: string;
}

/**
 * Ids starting with a prefix: a range of the primary key, which both dialects seek in its index. Put as
 * a subquery so that SQLite starts from it: beside a member's visibility (an OR of their own and their
 * teams'), it otherwise reads every check-in of those teams and then keeps the range.
 */
function idPrefixCondition(table: 'check_ins' | 'goals', column: Sql, prefix: string): Sql {
  const { from, to, like } = idPrefixRange(prefix);
  return sql`${column} IN (SELECT p.id FROM ${new Sql(table, [])} AS p
    WHERE p.id >= ${from} AND p.id < ${to} AND p.id LIKE ${like})`;
}

// --- the viewer ------------------------------------------------------------------------------------

export const setting = (key: string) => sql`SELECT value FROM settings WHERE key = ${key}`;

export const account = () => sql`SELECT id, name FROM account`;

export const person = (id: string) => sql`SELECT * FROM people WHERE id = ${id}`;

/** The teams each person is a member of (any role), in the teams' name order. */
export const teamIdsOfPeople = (personIds: readonly string[]) =>
  sql`SELECT m.person_id AS key, m.team_id AS value FROM memberships AS m
    JOIN teams AS t ON t.id = m.team_id
    WHERE m.person_id IN (${personIds}) ORDER BY t.name`;

export const reportingTeamIdsOf = (personId: string) =>
  sql`SELECT team_id FROM memberships WHERE person_id = ${personId} AND role = 'active'`;

/** The teams each person reports to (active memberships). */
export const reportingTeamIdsOfPeople = (personIds: readonly string[]) =>
  sql`SELECT person_id AS key, team_id AS value FROM memberships
    WHERE person_id IN (${personIds}) AND role = 'active'`;

export const teamsFromOf = (personId: string) =>
  sql`SELECT team_id, visible_from FROM memberships
    WHERE person_id = ${personId} AND visible_from IS NOT NULL`;

// --- what the items show ---------------------------------------------------------------------------

export const peopleByIds = (ids: readonly string[]) => sql`SELECT * FROM people WHERE id IN (${ids})`;

export const teamsByIds = (ids: readonly string[]) =>
  sql`SELECT * FROM teams WHERE id IN (${ids}) ORDER BY name`;

export const memberAbsences = (personIds: readonly string[], dates: readonly string[]) =>
  sql`SELECT person_id, date FROM member_absences WHERE person_id IN (${personIds}) AND date IN (${dates})`;

export const teamAbsences = (teamIds: readonly string[], dates: readonly string[]) =>
  sql`SELECT team_id, date FROM team_absences WHERE team_id IN (${teamIds}) AND date IN (${dates})`;

// --- check-ins -------------------------------------------------------------------------------------

const includedIn = (teamIds: readonly string[]) =>
  sql`EXISTS (SELECT ct.team_id FROM check_in_teams AS ct
    WHERE ct.check_in_id = c.id AND ct.team_id IN (${teamIds}))`;

/** `(alias.team_id = ? AND alias.date >= ?) OR ...`: an inclusion in a team on or after its date. */
const onOrAfter = (alias: 'ct' | 'v', teams: readonly TeamFrom[]) => {
  const table = new Sql(alias, []);
  return or(
    teams.map(({ teamId, from }) => sql`(${table}.team_id = ${teamId} AND ${table}.date >= ${from})`),
  );
};

const includedFrom = (teams: readonly TeamFrom[]) =>
  sql`EXISTS (SELECT ct.team_id FROM check_in_teams AS ct
    WHERE ct.check_in_id = c.id AND ${onOrAfter('ct', teams)})`;

/** The check-ins of the viewer's teams they see: all of `teamIds`', those of `teamsFrom` from their date. */
const ofTheirTeams = (teamIds: readonly string[], teamsFrom: readonly TeamFrom[]): Sql[] => [
  ...(teamIds.length > 0 ? [includedIn(teamIds)] : []),
  ...(teamsFrom.length > 0 ? [includedFrom(teamsFrom)] : []),
];

/**
 * Ids of the check-ins included in `teamIds`, none of them the viewer's, that the viewer sees: their
 * own, and those also included in one of their teams. Those are included in more than one team, so
 * their inclusions are `shared` and only the teams' shared inclusions are looked at
 * (check_in_teams_shared), with the viewer's own check-ins (check_ins_by_person): never every check-in
 * of the teams, of which the viewer may see none.
 */
function visibleInOtherTeams(teamIds: readonly string[], visibility: MemberVisibility) {
  const own = sql`SELECT o.id FROM check_ins AS o
    WHERE o.person_id = ${visibility.personId} AND EXISTS (SELECT ot.team_id FROM check_in_teams AS ot
      WHERE ot.check_in_id = o.id AND ot.team_id IN (${teamIds}))`;
  const theirs = [
    ...(visibility.teamIds.length > 0 ? [sql`v.team_id IN (${visibility.teamIds})`] : []),
    ...(visibility.teamsFrom.length > 0 ? [onOrAfter('v', visibility.teamsFrom)] : []),
  ];
  if (theirs.length === 0) return own;
  // `shared = 1` a literal, as check_in_teams_shared's condition is, or the partial index would not serve.
  return sql`SELECT s.check_in_id AS id FROM check_in_teams AS s
    WHERE s.team_id IN (${teamIds}) AND s.shared = 1 AND EXISTS (SELECT v.team_id FROM check_in_teams AS v
      WHERE v.check_in_id = s.check_in_id AND ${or(theirs)})
    UNION ALL ${own}`;
}

/**
 * Its author was absent on the check-in's date (check-in-rules.ts isAbsent): a member absence, or a team
 * absence on every team the check-in is included in (and it is included in one).
 */
const absent = sql`(EXISTS (SELECT ma.person_id FROM member_absences AS ma
    WHERE ma.person_id = c.person_id AND ma.date = c.date)
  OR (EXISTS (SELECT ai.team_id FROM check_in_teams AS ai WHERE ai.check_in_id = c.id)
    AND NOT EXISTS (SELECT pi.team_id FROM check_in_teams AS pi WHERE pi.check_in_id = c.id
      AND NOT EXISTS (SELECT ta.team_id FROM team_absences AS ta
        WHERE ta.team_id = pi.team_id AND ta.date = c.date))))`;

/**
 * A page of the completed check-ins the filter lets through, newest first (after the row `after`, when
 * given); undefined if none can be.
 */
export function completedCheckIns(
  filter: CheckInFilter,
  window: Window,
  textMatch: TextMatch,
  after?: CheckInListKey,
): Sql | undefined {
  const conditions = [sql`c.completed_at IS NOT NULL`];
  const { visibility } = filter;
  if (filter.teamIds !== undefined) {
    if (filter.teamIds.length === 0) return undefined;
    if (visibility.all) conditions.push(includedIn(filter.teamIds));
    else {
      // Of the viewer's teams, every check-in (from its date for teamsFrom); of the others, and of
      // teamsFrom before their date, only those visibleInOtherTeams finds.
      const theirs = filter.teamIds.filter((id) => visibility.teamIds.includes(id));
      const from = visibility.teamsFrom.filter((team) => filter.teamIds?.includes(team.teamId));
      const others = filter.teamIds.filter((id) => !visibility.teamIds.includes(id));
      conditions.push(
        or([
          ...ofTheirTeams(theirs, from),
          ...(others.length > 0 ? [sql`c.id IN (${visibleInOtherTeams(others, visibility)})`] : []),
        ]),
      );
    }
  } else if (!visibility.all) {
    conditions.push(
      or([
        sql`c.person_id = ${visibility.personId}`,
        ...ofTheirTeams(visibility.teamIds, visibility.teamsFrom),
      ]),
    );
  }
  if (filter.since !== undefined) conditions.push(sql`c.date >= ${filter.since}`);
  if (filter.until !== undefined) conditions.push(sql`c.date <= ${filter.until}`);
  if (filter.blocked !== undefined) conditions.push(sql`c.blocked = ${flag(filter.blocked)}`);
  if (filter.personIds !== undefined) {
    if (filter.personIds.length === 0) return undefined;
    conditions.push(sql`c.person_id IN (${filter.personIds})`);
  }
  if (filter.mood !== undefined) conditions.push(sql`c.mood = ${filter.mood}`);
  if (filter.absent !== undefined) conditions.push(filter.absent ? absent : sql`NOT ${absent}`);
  if (filter.search !== undefined) conditions.push(sql`c.id IN (${textMatch('check-in', filter.search)})`);
  // A row value compared as a whole: both dialects seek to it in check_ins_completed_order.
  if (after !== undefined)
    conditions.push(
      sql`(c.date, c.completed_at, c.id) < (${after.date}, ${after.completed_at}, ${after.id})`,
    );
  if (filter.idPrefix !== undefined) {
    conditions.push(idPrefixCondition('check_ins', sql`c.id`, filter.idPrefix));
    return sql`SELECT c.* FROM check_ins AS c ${where(conditions)}
      ORDER BY c.id LIMIT ${window.limit} OFFSET ${window.offset}`;
  }
  return sql`SELECT c.* FROM check_ins AS c ${where(conditions)}
    ORDER BY c.date DESC, c.completed_at DESC, c.id DESC LIMIT ${window.limit} OFFSET ${window.offset}`;
}

export const teamIdsOfCheckIns = (ids: readonly string[]) =>
  sql`SELECT check_in_id AS key, team_id AS value FROM check_in_teams WHERE check_in_id IN (${ids})`;

// --- goals -----------------------------------------------------------------------------------------

/** A page of the goals the filter lets through, newest first. */
export function goals(filter: GoalFilter, window: Window, textMatch: TextMatch): Sql {
  const conditions: Sql[] = [];
  const { visibility } = filter;
  if (!visibility.all) {
    conditions.push(
      or([
        sql`g.private = 0`,
        sql`g.owner_id = ${visibility.personId}`,
        sql`EXISTS (SELECT vc.goal_id FROM goal_contributors AS vc
          WHERE vc.goal_id = g.id AND vc.person_id = ${visibility.personId})`,
      ]),
    );
  }
  // An empty list matches nothing (no id is '').
  const list = (ids: readonly string[]) => (ids.length ? ids : ['']);
  if (filter.goalIds !== undefined) conditions.push(sql`g.id IN (${list(filter.goalIds)})`);
  else if (!filter.includeArchived) conditions.push(sql`g.archived = 0`);
  if (filter.personIds !== undefined) {
    const people = list(filter.personIds);
    conditions.push(
      or([
        sql`g.owner_id IN (${people})`,
        sql`EXISTS (SELECT pc.goal_id FROM goal_contributors AS pc
          WHERE pc.goal_id = g.id AND pc.person_id IN (${people}))`,
      ]),
    );
  }
  if (filter.teamIds !== undefined) {
    conditions.push(
      sql`EXISTS (SELECT gt.goal_id FROM goal_teams AS gt
        WHERE gt.goal_id = g.id AND gt.team_id IN (${list(filter.teamIds)}))`,
    );
  }
  if (filter.since !== undefined) conditions.push(sql`g.updated_at >= ${filter.since}`);
  if (filter.search !== undefined) conditions.push(sql`g.id IN (${textMatch('goal', filter.search)})`);
  if (filter.idPrefix !== undefined) {
    conditions.push(idPrefixCondition('goals', sql`g.id`, filter.idPrefix));
    return sql`SELECT g.* FROM goals AS g ${where(conditions)}
      ORDER BY g.id LIMIT ${window.limit} OFFSET ${window.offset}`;
  }
  return sql`SELECT g.* FROM goals AS g ${where(conditions)}
    ORDER BY g.created_at DESC, g.id DESC LIMIT ${window.limit} OFFSET ${window.offset}`;
}

export const checkInById = (id: string) => sql`SELECT * FROM check_ins WHERE id = ${id}`;

export const goalById = (id: string) => sql`SELECT * FROM goals WHERE id = ${id}`;

export const goalsByIds = (ids: readonly string[]) => sql`SELECT * FROM goals WHERE id IN (${ids})`;

export const contributorsOfGoals = (goalIds: readonly string[]) =>
  sql`SELECT goal_id AS key, person_id AS value FROM goal_contributors WHERE goal_id IN (${goalIds})`;

export const teamIdsOfGoals = (goalIds: readonly string[]) =>
  sql`SELECT goal_id AS key, team_id AS value FROM goal_teams WHERE goal_id IN (${goalIds})`;

/**
 * The newest update of each goal, in one statement: a seek into goal_updates_by_goal a goal for the
 * newest update's id, then those rows by key.
 */
export const latestGoalUpdates = (goalIds: readonly string[]) =>
  sql`SELECT * FROM goal_updates WHERE id IN (
    SELECT (SELECT newest.id FROM goal_updates AS newest WHERE newest.goal_id = g.id
      ORDER BY newest.created_at DESC, newest.id DESC LIMIT 1) AS id
    FROM goals AS g WHERE g.id IN (${goalIds}))`;
