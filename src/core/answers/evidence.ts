/**
 * Retrieval for the answer engine: the check-ins, goal updates, comments and activities a reading asks
 * about, within its window and within what the asker can see. With search words, the full-text index
 * ranks candidates by BM25 and visibility is checked on each; without, the window is read by recency.
 * Every item passes the same visibility checks as the interface's own reads, so nothing the asker cannot
 * see reaches an answer, its counts or its sources.
 */
import { DateTime } from 'luxon';
import { directCheckInFilter, type ScheduleTeam, scheduleFor } from '../check-in-rules.js';
import type {
  ActivityRow,
  CheckInRow,
  CommentRow,
  GoalRow,
  GoalUpdateRow,
  PersonRow,
  SearchKind,
  TeamRow,
} from '../repository.js';
import type { ServiceContext } from '../service-context.js';
import { addDays, FIRST_DATE } from '../time.js';
import {
  canSeeActivity,
  canSeeCheckIn,
  canSeeGoal,
  canSeeGoalUpdate,
  checkInFilter,
  goalFilter,
  type Viewer,
} from '../visibility.js';
import type { Reading, Theme } from './question.js';

/** At most this many items of a kind are read for one answer; counts say "at least" beyond it. */
export const EVIDENCE_CAP = 5000;
/** "Now" is each person's latest report within this many days. */
export const NOW_DAYS = 14;
/** Missing check-ins are worked out over at most this many days (the latest ones of the window). */
export const MISSING_DAYS = 92;
/** At most this many search hits are read, best ranked first, in one query. */
const MAX_SEARCH_HITS = 5000;

export interface Population {
  /** Whose check-ins the counts are about ("4 of 6 people"). */
  people: PersonRow[];
  /** How the answer names them: "on Core", "on Core and Design", "from Ben Okafor" ("" for no team). */
  label: string;
}

export interface Evidence {
  population: Population;
  checkIns: CheckInRow[];
  goalUpdates: { update: GoalUpdateRow; goal: GoalRow }[];
  comments: { comment: CommentRow; item: CommentedItem }[];
  activities: ActivityRow[];
  /** Goals created in the window that match the search words. */
  goals: GoalRow[];
  /** Everyone the items mention, by id. */
  people: Map<string, PersonRow>;
  /** BM25 rank by item id when the prompt has search words (lower is better). */
  ranks: Map<string, number>;
  /** Whether any kind reached EVIDENCE_CAP. */
  truncated: boolean;
  /**
   * Whether the theme's records were all read over the window, unfiltered by search words (every
   * blocker field, every absence): only then may an answer say that nobody matched.
   */
  evaluated: boolean;
  /** The check-ins are each person's latest (the "now" sense), not every one in the window. */
  latest: boolean;
  /** The check-ins are only the blocked ones (blockers at any time: the others are not read). */
  blockedOnly: boolean;
  /** The search words used: the reading's words and the names of the people it mentions. */
  terms: string[];
  /** Member absences and team holidays in the window (the absent theme). */
  absences?: Absences;
  /** Scheduled check-ins not completed (the missing theme). */
  missing?: MissingCheckIns;
}

export interface Absences {
  /** Dates each person was away (their own absences and their teams' holidays), ascending; people with the latest absence first. */
  members: { personId: string; dates: string[] }[];
  /** Team holidays, dates ascending. */
  teams: { team: TeamRow; dates: string[] }[];
}

export interface MissingCheckIns {
  /** The dates read (the window, up to today, at most MISSING_DAYS). */
  from: string;
  to: string;
  /** How many check-ins were scheduled for the people in scope on those dates. */
  scheduled: number;
  /** People with scheduled check-ins not completed, and those dates (ascending); most missed first. */
  people: { personId: string; dates: string[] }[];
}

/** The words a reading searches for: its content words, and the full and first names of mentioned people. */
export function searchTerms(reading: Reading): string[] {
  const names = reading.mentioned.flatMap((person) => {
    const first = person.name.split(/\s+/)[0] ?? person.name;
    return first === person.name ? [person.name] : [person.name, first];
  });
  return [...new Set([...reading.terms, ...names.map((name) => name.toLowerCase())])];
}

const CHECK_IN_THEMES: ReadonlySet<Theme> = new Set(['completion', 'blocked', 'mood', 'plans']);

/** What a comment is on, for naming it in an answer. */
export interface CommentedItem {
  type: 'check-in' | 'goal-update';
  id: string;
  /** The check-in's author or the update's goal. */
  authorId: string;
  date?: string;
  goalTitle?: string;
  url: string;
}

/** Which kinds of item each theme draws on. */
function kindsFor(themes: Theme[]): Set<SearchKind> {
  const primary = themes[0];
  switch (primary) {
    case 'completion':
    case 'blocked':
    case 'mood':
    case 'plans':
      return new Set(['check-in']);
    case 'goals':
      return new Set(['goal-update', 'goal']);
    case 'activities':
      return new Set(['activity']);
    case 'comments':
      return new Set(['comment']);
    case 'absent':
    case 'missing':
      return new Set();
    default:
      return new Set(['check-in', 'goal-update', 'goal', 'comment', 'activity']);
  }
}

type Scope = Awaited<ReturnType<EvidenceGatherer['scope']>>;

/** Each person's latest check-in (rows newest date first, as the store lists them). */
function latestPerPerson(rows: CheckInRow[]): CheckInRow[] {
  const seen = new Map<string, CheckInRow>();
  for (const row of rows) {
    const kept = seen.get(row.person_id);
    if (!kept || row.date > kept.date) seen.set(row.person_id, row);
  }
  return [...seen.values()];
}

const listNames = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

export class EvidenceGatherer {
  constructor(
    private readonly context: ServiceContext,
    private readonly viewer: Viewer,
  ) {}

  private get repo() {
    return this.context.repo;
  }

  /** What the reading asks about, as of the asker's `today` (the "now" sense and missing check-ins). */
  async gather(reading: Reading, zone: string, today: string): Promise<Evidence> {
    const kinds = kindsFor(reading.themes);
    const scope = await this.scope(reading);
    const theme = reading.themes[0];
    const latest = reading.window.sense === 'now' && theme !== undefined && CHECK_IN_THEMES.has(theme);
    // "Now" reads each person's latest report, within the last NOW_DAYS days; a goal's state now is its
    // latest update, however old.
    const window = latest
      ? { from: addDays(reading.window.to, -(NOW_DAYS - 1)), to: reading.window.to }
      : reading.window.sense === 'now' && theme === 'goals'
        ? { from: FIRST_DATE, to: reading.window.to }
        : { from: reading.window.from, to: reading.window.to };
    const from = DateTime.fromISO(window.from, { zone }).startOf('day').toUTC().toISO() as string;
    const to = DateTime.fromISO(addDays(window.to, 1), { zone }).startOf('day').toUTC().toISO() as string;
    const terms = searchTerms(reading);
    const evidence: Evidence = {
      population: scope.population,
      checkIns: [],
      goalUpdates: [],
      comments: [],
      activities: [],
      goals: [],
      people: new Map(),
      ranks: new Map(),
      truncated: false,
      evaluated: terms.length === 0,
      latest,
      blockedOnly: false,
      terms,
    };

    if (theme === 'absent') evidence.absences = await this.absences(reading, scope, today);
    if (theme === 'missing') evidence.missing = await this.missing(reading, scope.population.people, today);

    // With search words, only ranked matches are candidates; otherwise the window's items are.
    let matched: Map<SearchKind, string[]> | undefined;
    if (terms.length > 0 && kinds.size > 0) {
      const found = await this.search(terms, kinds, window, from, to, scope.authors, evidence.ranks);
      matched = found.byKind;
      if (found.capped) evidence.truncated = true;
    }
    const ids = (kind: SearchKind) => matched?.get(kind) ?? [];

    if (kinds.has('check-in')) {
      // Blockers over the whole store: only the blocked check-ins are read (there may be many others).
      const blockedOnly = theme === 'blocked' && reading.window.sense === 'any' && !matched;
      evidence.blockedOnly = blockedOnly;
      const filter = directCheckInFilter({
        visibility: checkInFilter(this.viewer),
        since: window.from,
        until: window.to,
        blocked: blockedOnly ? true : undefined,
        personIds: reading.people.length ? reading.people.map((p) => p.id) : undefined,
        teamIds: scope.checkInTeams,
      });
      const rows =
        matched && !latest
          ? await this.repo.checkInsByIds(ids('check-in'))
          : await this.repo.listCompletedCheckIns(filter, { offset: 0, limit: EVIDENCE_CAP });
      if (rows.length >= EVIDENCE_CAP) evidence.truncated = true;
      let visible = rows.filter(
        (row) =>
          row.completed_at !== null &&
          row.date >= window.from &&
          row.date <= window.to &&
          canSeeCheckIn(this.viewer, row) &&
          scope.checkIn(row),
      );
      if (latest) {
        visible = latestPerPerson(visible);
        if (matched) {
          const hits = new Set(ids('check-in'));
          visible = visible.filter((row) => hits.has(row.id));
        }
      }
      evidence.checkIns = visible;
    }

    if (kinds.has('goal-update') && reading.window.sense === 'now') {
      evidence.goalUpdates = await this.currentGoalStates(scope, matched);
      evidence.latest = true;
    } else if (kinds.has('goal-update')) {
      const updates = matched
        ? await this.repo.goalUpdatesByIds(ids('goal-update'))
        : await this.repo.listGoalUpdatesBetween(from, to, { offset: 0, limit: EVIDENCE_CAP });
      if (updates.length >= EVIDENCE_CAP) evidence.truncated = true;
      const goals = await this.goalsById(updates.map((update) => update.goal_id));
      for (const update of updates) {
        const goal = goals.get(update.goal_id);
        if (!goal || !canSeeGoalUpdate(this.viewer, goal)) continue;
        if (update.created_at < from || update.created_at >= to) continue;
        if (scope.authored(update.person_id) || scope.goal(goal)) evidence.goalUpdates.push({ update, goal });
      }
    }

    if (kinds.has('goal') && matched) {
      const goals = await this.repo.goalsByIds(ids('goal'));
      evidence.goals = goals.filter(
        (goal) =>
          canSeeGoal(this.viewer, goal) &&
          goal.created_at >= from &&
          goal.created_at < to &&
          (scope.authored(goal.owner_id) || scope.goal(goal)),
      );
    }

    if (kinds.has('comment')) {
      const comments = matched
        ? await this.repo.commentsByIds(ids('comment'))
        : await this.repo.listCommentsBetween(from, to, { offset: 0, limit: EVIDENCE_CAP });
      if (comments.length >= EVIDENCE_CAP) evidence.truncated = true;
      const items = await this.commentedItems(comments);
      for (const comment of comments) {
        const item = items.get(comment.resource_id);
        if (!item || comment.created_at < from || comment.created_at >= to) continue;
        if (scope.authored(comment.person_id)) evidence.comments.push({ comment, item });
      }
    }

    if (kinds.has('activity')) {
      const visible = await (await this.context.activities()).visiblePeople(this.viewer);
      const rows = matched
        ? await this.repo.activitiesByIds(ids('activity'))
        : await this.repo.listActivities(
            {
              personIds: scope.authors && [...scope.authors],
              since: from,
              until: DateTime.fromISO(to).minus({ milliseconds: 1 }).toUTC().toISO() as string,
              kinds: reading.activityKinds.length ? reading.activityKinds : undefined,
            },
            { offset: 0, limit: EVIDENCE_CAP },
          );
      if (rows.length >= EVIDENCE_CAP) evidence.truncated = true;
      evidence.activities = rows.filter(
        (row) =>
          canSeeActivity(visible, row) &&
          scope.authored(row.person_id) &&
          row.recorded_at >= from &&
          row.recorded_at < to &&
          (reading.activityKinds.length === 0 || reading.activityKinds.includes(row.kind)),
      );
    }

    if (evidence.truncated) evidence.evaluated = false;
    if (matched && !latest) this.orderByRank(evidence);
    // At any time, the most recent first.
    if (reading.window.sense === 'any') evidence.checkIns.sort((a, b) => b.date.localeCompare(a.date));
    const personIds = [
      ...scope.population.people.map((p) => p.id),
      ...evidence.checkIns.map((row) => row.person_id),
      ...evidence.goalUpdates.flatMap(({ update, goal }) => [update.person_id, goal.owner_id]),
      ...evidence.comments.flatMap(({ comment, item }) => [comment.person_id, item.authorId]),
      ...evidence.activities.map((row) => row.person_id),
      ...evidence.goals.map((goal) => goal.owner_id),
      ...(evidence.absences?.members.map((member) => member.personId) ?? []),
      ...(evidence.missing?.people.map((person) => person.personId) ?? []),
    ];
    evidence.people = await this.context.personRows(personIds);
    return evidence;
  }

  /**
   * Ranked matches by kind, in one query: each page of a paged read would match and rank the whole
   * window again, so a year of hits cost a query per 500 of them.
   */
  private async search(
    terms: string[],
    kinds: Set<SearchKind>,
    window: { from: string; to: string },
    from: string,
    to: string,
    authors: Set<string> | undefined,
    ranks: Map<string, number>,
  ): Promise<{ byKind: Map<SearchKind, string[]>; capped: boolean }> {
    const byKind = new Map<SearchKind, string[]>();
    const hits = await this.repo.search(
      {
        terms,
        kinds: [...kinds],
        fromDate: window.from,
        toDate: window.to,
        from,
        to,
        personIds: authors && [...authors],
      },
      { offset: 0, limit: MAX_SEARCH_HITS },
    );
    for (const hit of hits) {
      ranks.set(hit.id, hit.rank);
      const ids = byKind.get(hit.kind);
      if (ids) ids.push(hit.id);
      else byKind.set(hit.kind, [hit.id]);
    }
    return { byKind, capped: hits.length >= MAX_SEARCH_HITS };
  }

  private orderByRank(evidence: Evidence): void {
    const rank = (id: string) => evidence.ranks.get(id) ?? 0;
    evidence.checkIns.sort((a, b) => rank(a.id) - rank(b.id));
    evidence.goalUpdates.sort((a, b) => rank(a.update.id) - rank(b.update.id));
    evidence.comments.sort((a, b) => rank(a.comment.id) - rank(b.comment.id));
    evidence.activities.sort((a, b) => rank(a.id) - rank(b.id));
    evidence.goals.sort((a, b) => rank(a.id) - rank(b.id));
  }

  /**
   * Who the answer is about. Named people; else the members of named teams; else the asker and the
   * members of the asker's teams (an administrator in no team: everyone).
   */
  private async scope(reading: Reading) {
    const viewer = this.viewer;
    const named = reading.people.map((person) => person.id);
    const teams: TeamRow[] = reading.teams.length
      ? reading.teams
      : [...(await this.context.teamRows(viewer.teamIds)).values()].sort((a, b) =>
          a.name.localeCompare(b.name),
        );
    const everyone = reading.people.length === 0 && teams.length === 0 && viewer.person.administrator;

    let people: PersonRow[];
    let label: string;
    if (named.length) {
      people = reading.people;
      label = `from ${listNames(reading.people.map((person) => person.name))}`;
    } else if (everyone) {
      people = await this.context.allPeople();
      label = 'in the account';
    } else {
      const members = await this.repo.memberIdsOfTeams(teams.map((team) => team.id));
      const ids = new Set([...members.values()].flat());
      if (reading.teams.length === 0) ids.add(viewer.person.id);
      people = [...(await this.context.personRows([...ids])).values()].sort((a, b) =>
        a.name.localeCompare(b.name),
      );
      label =
        teams.length === 0
          ? ''
          : teams.length <= 3
            ? `on ${listNames(teams.map((team) => team.name))}`
            : `in your ${teams.length} teams`;
    }
    const authors = everyone ? undefined : new Set(people.map((person) => person.id));
    const teamIds = teams.map((team) => team.id);
    return {
      population: { people, label },
      /** The teams in scope: those named, else the asker's (none: everyone's, for an administrator). */
      teams,
      everyone,
      /** Authors of goal updates, comments and activities in scope; undefined means anyone. */
      authors,
      /** Check-ins are filtered by team unless people are named or the scope is everyone. */
      checkInTeams: named.length || everyone || teamIds.length === 0 ? undefined : teamIds,
      checkIn: (row: CheckInRow) =>
        named.length
          ? named.includes(row.person_id)
          : everyone ||
            row.team_ids.some((id) => teamIds.includes(id)) ||
            (reading.teams.length === 0 && row.person_id === viewer.person.id),
      authored: (personId: string) => authors === undefined || authors.has(personId),
      goal: (goal: GoalRow) =>
        named.length
          ? named.includes(goal.owner_id) || goal.contributor_ids.some((id) => named.includes(id))
          : everyone || goal.team_ids.some((id) => teamIds.includes(id)),
    };
  }

  /** Member absences of the people in scope and holidays of the teams in scope, within the window. */
  private async absences(reading: Reading, scope: Scope, today: string): Promise<Absences> {
    const range =
      reading.window.sense === 'now'
        ? { from: today, to: today }
        : { from: reading.window.from, to: reading.window.to };
    const people = scope.population.people.map((person) => person.id);
    const teams = await this.absenceTeams(reading, scope);
    const [rows, holidays] = await Promise.all([
      this.repo.listMemberAbsences(people, range, { offset: 0, limit: EVIDENCE_CAP }),
      Promise.all(
        teams.map(async (team) => ({
          team,
          dates: await this.repo.listTeamAbsences(team.id, range, { offset: 0, limit: EVIDENCE_CAP }),
        })),
      ),
    ]);
    const byPerson = new Map<string, Set<string>>();
    const add = (personId: string, date: string) => {
      const dates = byPerson.get(personId);
      if (dates) dates.add(date);
      else byPerson.set(personId, new Set([date]));
    };
    for (const row of rows) add(row.person_id, row.date);
    // A team holiday is a day off for each member: they were out, and are named and counted.
    const inScope = new Set(people);
    const withHolidays = holidays.filter((holiday) => holiday.dates.length > 0);
    const membersOf = await this.repo.memberIdsOfTeams(withHolidays.map(({ team }) => team.id));
    for (const { team, dates } of withHolidays) {
      for (const personId of membersOf.get(team.id) ?? []) {
        if (inScope.has(personId)) for (const date of dates) add(personId, date);
      }
    }
    const members = [...byPerson]
      .map(([personId, dates]) => ({ personId, dates: [...dates].sort() }))
      .sort((a, b) => (b.dates.at(-1) as string).localeCompare(a.dates.at(-1) as string));
    return { members, teams: withHolidays };
  }

  /** Whose holidays count: the named teams; else the named people's teams; else the asker's. */
  private async absenceTeams(reading: Reading, scope: Scope): Promise<TeamRow[]> {
    if (reading.teams.length > 0 || (!scope.everyone && reading.people.length === 0)) return scope.teams;
    const visible = await this.context.visibleTeams(this.viewer);
    if (reading.people.length === 0) return visible;
    const theirs = new Set(
      [...(await this.repo.teamIdsOfPeople(reading.people.map((person) => person.id))).values()].flat(),
    );
    return visible.filter((team) => theirs.has(team.id));
  }

  /**
   * Scheduled check-ins (a reporting team's report day, no member absence, not every such team on
   * holiday: the rule `pulse checkin` applies) that were not completed, up to today. Whether a check-in
   * was completed is read whatever team it went to: someone who checked in is never listed as missing,
   * and nothing of what they wrote is read.
   */
  private async missing(reading: Reading, people: PersonRow[], today: string): Promise<MissingCheckIns> {
    const to = reading.window.sense === 'now' ? today : reading.window.to < today ? reading.window.to : today;
    let from = reading.window.sense === 'now' ? today : reading.window.from;
    if (from < addDays(to, -(MISSING_DAYS - 1))) from = addDays(to, -(MISSING_DAYS - 1));
    const result: MissingCheckIns = { from, to, scheduled: 0, people: [] };
    if (from > to || people.length === 0) return result;
    const dates: string[] = [];
    for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
    const ids = people.map((person) => person.id);
    const reporting = await this.repo.reportingTeamIdsOfPeople(ids);
    const teamIds = [...new Set([...reporting.values()].flat())];
    const [teams, memberAbsences, teamAbsences, completed] = await Promise.all([
      this.repo.teamsByIds(teamIds),
      this.repo.memberAbsences(ids, dates),
      this.repo.teamAbsences(teamIds, dates),
      this.repo.listCompletedCheckIns(
        { visibility: { all: true }, since: from, until: to, personIds: ids },
        { offset: 0, limit: ids.length * dates.length },
      ),
    ]);
    const teamById = new Map(teams.map((team): [string, ScheduleTeam] => [team.id, team]));
    const done = new Set(completed.map((row) => `${row.person_id}|${row.date}`));
    for (const person of people) {
      const theirs = (reporting.get(person.id) ?? []).flatMap((id) => teamById.get(id) ?? []);
      const missed: string[] = [];
      for (const date of dates) {
        const verdict = scheduleFor(date, theirs, {
          member: memberAbsences.has(`${person.id}|${date}`),
          teams: new Set(
            theirs.filter((team) => teamAbsences.has(`${team.id}|${date}`)).map((team) => team.id),
          ),
        });
        if (!verdict.scheduled) continue;
        result.scheduled += 1;
        if (!done.has(`${person.id}|${date}`)) missed.push(date);
      }
      if (missed.length) result.people.push({ personId: person.id, dates: missed });
    }
    result.people.sort((a, b) => b.dates.length - a.dates.length);
    return result;
  }

  /**
   * Each goal in scope the asker can see (of the teams in scope, or owned or helped by the people in
   * scope), with its latest update (goals never updated have no state and are left out). With search
   * words, only goals whose text or updates matched.
   */
  private async currentGoalStates(
    scope: Scope,
    matched: Map<SearchKind, string[]> | undefined,
  ): Promise<{ update: GoalUpdateRow; goal: GoalRow }[]> {
    const goals = (
      await this.repo.listGoals(
        { visibility: goalFilter(this.viewer), includeArchived: false },
        { offset: 0, limit: EVIDENCE_CAP },
      )
    ).filter(
      (goal) =>
        canSeeGoal(this.viewer, goal) &&
        (scope.goal(goal) ||
          (scope.authors !== undefined &&
            (scope.authored(goal.owner_id) || goal.contributor_ids.some(scope.authored)))),
    );
    let hits: Set<string> | undefined;
    if (matched) {
      hits = new Set(matched.get('goal') ?? []);
      const updateIds = matched.get('goal-update') ?? [];
      for (const update of await this.repo.goalUpdatesByIds(updateIds)) hits.add(update.goal_id);
    }
    const inScope = goals.filter((goal) => !hits || hits.has(goal.id));
    const latest = await this.repo.latestGoalUpdates(inScope.map((goal) => goal.id));
    return inScope.flatMap((goal) => {
      const update = latest.get(goal.id);
      return update ? [{ update, goal }] : [];
    });
  }

  private async goalsById(ids: string[]): Promise<Map<string, GoalRow>> {
    const goals = await this.repo.goalsByIds([...new Set(ids)]);
    return new Map(goals.map((goal) => [goal.id, goal]));
  }

  /** The items the comments are on, for those the asker can see. */
  private async commentedItems(comments: CommentRow[]): Promise<Map<string, CommentedItem>> {
    const items = new Map<string, CommentedItem>();
    const onCheckIns = comments.filter((c) => c.resource_type === 'check-in').map((c) => c.resource_id);
    const onUpdates = comments.filter((c) => c.resource_type === 'goal-update').map((c) => c.resource_id);
    for (const checkIn of await this.repo.checkInsByIds([...new Set(onCheckIns)])) {
      if (!canSeeCheckIn(this.viewer, checkIn)) continue;
      items.set(checkIn.id, {
        type: 'check-in',
        id: checkIn.id,
        authorId: checkIn.person_id,
        date: checkIn.date,
        url: this.context.urls.checkIn(checkIn.id),
      });
    }
    const updates = await this.repo.goalUpdatesByIds([...new Set(onUpdates)]);
    const goals = await this.goalsById(updates.map((update) => update.goal_id));
    for (const update of updates) {
      const goal = goals.get(update.goal_id);
      if (!goal || !canSeeGoalUpdate(this.viewer, goal)) continue;
      items.set(update.id, {
        type: 'goal-update',
        id: update.id,
        authorId: update.person_id,
        goalTitle: goal.title,
        url: this.context.urls.goalUpdate(update.id),
      });
    }
    return items;
  }
}
