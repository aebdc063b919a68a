/**
 * The Service on a Repository: every rule of people, teams and check-ins, applied for one person.
 * Used directly in local mode and behind the HTTP server, so both paths decide the same way.
 */

import type { GenerativeProvider } from './answers/generative.js';
import type { BackgroundWork } from './background.js';
import { checkInListParams } from './check-in-query.js';
import {
  directCheckInFilter,
  isAbsent,
  isBlocked,
  type ScheduleVerdict,
  scheduleFor,
} from './check-in-rules.js';
import type { Clock } from './clock.js';
import { ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from './errors.js';
import { canSeeGoal } from './goal-rules.js';
import { checkInId, isUuid } from './ids.js';
import { pageOf, parsePaging, windowOf } from './paging.js';
import { parseQuery } from './query-params.js';
import type {
  CheckInRow,
  EchoQuestionRow,
  GoalRow,
  PersonRow,
  Repository,
  TeamRow,
  Visibility,
} from './repository.js';
import {
  personRef,
  serializeCheckIn,
  serializePerson,
  serializeTeam,
  teamRef,
  UrlBuilder,
} from './serialize.js';
import type {
  ActivityInput,
  ActivityListQuery,
  AskInput,
  CheckInListQuery,
  CheckInUpdate,
  CommentInput,
  DigestQuery,
  EchoQuestionInput,
  EchoQuestionPatch,
  GoalInput,
  GoalListQuery,
  GoalPatch,
  GoalUpdateInput,
  GoalUpdatePatch,
  PageQuery,
  ReactionInput,
  Service,
} from './service.js';
import { dateIn, isCalendarDate, timestamp } from './time.js';
import { allows, type Scope } from './tokens.js';
import type {
  Account,
  Activity,
  Ask,
  CheckIn,
  Comment,
  DigestEntry,
  EchoAnswer,
  EchoQuestion,
  Goal,
  GoalUpdate,
  Page,
  Person,
  Reaction,
  ResourceRef,
  Team,
} from './types.js';
import { extractTags } from './v1/tags.js';

/**
 * Loads a part of the core (goals, Echoes, asks, ...) on its first use, once: a command loads only the
 * parts it calls, which keeps the code a command parses at start-up small.
 */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let part: Promise<T> | undefined;
  return () => (part ??= load());
}

export interface CoreOptions {
  clock: Clock;
  /** Base of every `url` field, e.g. https://pulse.example.com. */
  publicUrl: string;
  /** What the caller's credential allows; local use has write. */
  scope?: Scope;
  /** Where answers are written after the response: inline locally, on a queue in `pulse serve`. */
  background: BackgroundWork;
  /** A generative provider for Asks and Echo answers; without one they are extractive. */
  generative?: GenerativeProvider | undefined;
}

export interface Viewer {
  person: PersonRow;
  teamIds: string[];
  /** The teams the person reports to (observers read along but have no check-ins for that team). */
  reportingTeamIds: string[];
}

/** Why a date has no check-in for a person; the CLI turns it into advice. */
export class NothingScheduledError extends NotFoundError {
  constructor(
    readonly date: string,
    readonly reason: Exclude<ScheduleVerdict, { scheduled: true }>['reason'],
  ) {
    super(
      reason === 'absent'
        ? `no check-in on ${date}: you or your teams are marked absent that day`
        : `no check-in on ${date}: it is not a report day of any of your teams`,
    );
  }
}

export class CoreService implements Service {
  /** @internal Shared with the goal and conversation modules of the core. */
  readonly urls: UrlBuilder;
  private viewerCache?: Promise<Viewer>;
  private accountCache?: Promise<Account>;

  constructor(
    readonly repo: Repository,
    private readonly actorId: string,
    readonly options: CoreOptions,
  ) {
    this.urls = new UrlBuilder(options.publicUrl);
  }

  /** The repository belongs to whoever opened it (one store serves many people), so nothing to do. */
  async close(): Promise<void> {}

  // --- people -------------------------------------------------------------------------------------

  async me(): Promise<Person> {
    const viewer = await this.viewer();
    return (await this.people([viewer.person]))[0] as Person;
  }

  async listPeople(query: PageQuery = {}): Promise<Page<Person>> {
    const paging = parsePaging(query);
    return pageOf(await this.repo.listPeople(windowOf(paging)), paging, (page) => this.people(page));
  }

  async getPerson(id: string): Promise<Person> {
    await this.viewer();
    const row = isUuid(id) ? await this.repo.findPerson(id.toLowerCase()) : undefined;
    if (!row) throw new NotFoundError(`no person with id ${id}`);
    return (await this.people([row]))[0] as Person;
  }

  // --- teams --------------------------------------------------------------------------------------

  async listTeams(query: PageQuery = {}): Promise<Page<Team>> {
    const paging = parsePaging(query);
    const viewer = await this.viewer();
    const visibleTo = viewer.person.administrator ? undefined : viewer.person.id;
    return pageOf(await this.repo.listTeams(windowOf(paging), visibleTo), paging, (page) => this.teams(page));
  }

  async getTeam(id: string): Promise<Team> {
    const viewer = await this.viewer();
    const row = isUuid(id) ? await this.repo.findTeam(id.toLowerCase()) : undefined;
    if (!row || !this.canSeeTeam(viewer, row)) throw new NotFoundError(`no team with id ${id}`);
    return (await this.teams([row]))[0] as Team;
  }

  // --- check-ins ----------------------------------------------------------------------------------

  async listCheckIns(query: CheckInListQuery = {}): Promise<Page<CheckIn>> {
    const parsed = parseQuery(checkInListParams, query);
    const paging = { page: parsed.page ?? 1, perPage: parsed.per_page ?? 30 };
    const viewer = await this.viewer();
    const filter = directCheckInFilter({
      visibility: this.visibility(viewer),
      since: parsed.since,
      until: parsed.until,
      blocked: parsed.blocked,
      personIds: parsed.people_ids?.map((id) => id.toLowerCase()),
      teamIds: parsed.team_ids?.map((id) => id.toLowerCase()),
    });
    const rows = await this.repo.listCompletedCheckIns(filter, windowOf(paging));
    return pageOf(rows, paging, (page) => this.checkIns(viewer, page));
  }

  async getCheckIn(key: string): Promise<CheckIn> {
    const viewer = await this.viewer();
    const row = await this.resolveCheckIn(viewer, key);
    return (await this.checkIns(viewer, [row]))[0] as CheckIn;
  }

  async updateCheckIn(key: string, input: CheckInUpdate): Promise<CheckIn> {
    this.requireScope('write');
    // The body's schema (zod) loads with the first update: the list and reads need none of it.
    const { parseCheckInUpdate, checkInRuleErrors, carriesAnswer } = await import('./check-in-input.js');
    const update = parseCheckInUpdate(input);
    const viewer = await this.viewer();
    return this.repo.transaction(async () => {
      const current = await this.resolveCheckIn(viewer, key);
      if (current.person_id !== viewer.person.id) {
        throw new ForbiddenError('only its author can change a check-in');
      }
      const errors = checkInRuleErrors(update, viewer.reportingTeamIds);
      if (errors.length > 0) throw new ValidationError(errors);

      const now = timestamp(this.options.clock.now());
      const next: CheckInRow = { ...current, team_ids: [...current.team_ids], updated_at: now };
      for (const field of ['previous', 'intentions', 'blockers', 'previous_completed'] as const) {
        if (update[field] !== undefined) (next[field] as unknown) = update[field];
      }
      if (update.mood !== undefined) next.mood = update.mood as CheckInRow['mood'];
      if (update.team_ids !== undefined)
        next.team_ids = [...new Set(update.team_ids.map((id) => id.toLowerCase()))];
      next.blocked = isBlocked(next.blockers);
      const completing = next.completed_at === null && carriesAnswer(update);
      if (completing) next.completed_at = now;

      await this.repo.saveCheckIn(next);
      await this.repo.setCheckInTags(next.id, extractTags(next.previous, next.intentions, next.blockers));
      if (completing) await (await this.digest()).checkInCompleted(next);
      return (await this.checkIns(viewer, [next]))[0] as CheckIn;
    });
  }

  // --- goals, goal updates, comments and reactions (goals.ts, conversations.ts) -------------------

  private readonly goals = onFirstUse(async () => new (await import('./goals.js')).Goals(this));
  /** @internal */
  readonly digest = onFirstUse(
    async () => new (await import('./digest.js')).Digest(this, await this.goals()),
  );
  private readonly conversations = onFirstUse(
    async () => new (await import('./conversations.js')).Conversations(this, await this.goals()),
  );

  async listGoals(query: GoalListQuery = {}): Promise<Page<Goal>> {
    return (await this.goals()).list(query);
  }

  async getGoal(id: string): Promise<Goal> {
    return (await this.goals()).get(id);
  }

  async createGoal(input: GoalInput): Promise<Goal> {
    return (await this.goals()).create(input);
  }

  async updateGoal(id: string, input: GoalPatch): Promise<Goal> {
    return (await this.goals()).update(id, input);
  }

  async deleteGoal(id: string): Promise<void> {
    return (await this.goals()).delete(id);
  }

  async listGoalUpdates(goalId: string, query: PageQuery = {}): Promise<Page<GoalUpdate>> {
    return (await this.goals()).listUpdates(goalId, query);
  }

  async getGoalUpdate(id: string): Promise<GoalUpdate> {
    return (await this.goals()).getUpdate(id);
  }

  async createGoalUpdate(goalId: string, input: GoalUpdateInput): Promise<GoalUpdate> {
    return (await this.goals()).createUpdate(goalId, input);
  }

  async updateGoalUpdate(id: string, input: GoalUpdatePatch): Promise<GoalUpdate> {
    return (await this.goals()).updateUpdate(id, input);
  }

  async deleteGoalUpdate(id: string): Promise<void> {
    return (await this.goals()).deleteUpdate(id);
  }

  async listComments(resource: ResourceRef, query: PageQuery = {}): Promise<Page<Comment>> {
    return (await this.conversations()).listComments(resource, query);
  }

  async createComment(resource: ResourceRef, input: CommentInput): Promise<Comment> {
    return (await this.conversations()).createComment(resource, input);
  }

  async listReactions(resource: ResourceRef, query: PageQuery = {}): Promise<Page<Reaction>> {
    return (await this.conversations()).listReactions(resource, query);
  }

  async addReaction(
    resource: ResourceRef,
    input: ReactionInput,
  ): Promise<{ reaction: Reaction; created: boolean }> {
    return (await this.conversations()).addReaction(resource, input);
  }

  async removeReaction(resource: ResourceRef, input: ReactionInput): Promise<void> {
    return (await this.conversations()).removeReaction(resource, input);
  }

  // --- activities (activities.ts) ------------------------------------------------------------------

  private readonly activities = onFirstUse(
    async () => new (await import('./activities.js')).Activities(this),
  );

  async listActivities(query: ActivityListQuery = {}): Promise<Page<Activity>> {
    return (await this.activities()).list(query);
  }

  async getActivity(id: string): Promise<Activity> {
    return (await this.activities()).get(id);
  }

  async createActivity(input: ActivityInput): Promise<Activity> {
    return (await this.activities()).create(input);
  }

  // --- Echo questions (echoes.ts) ----------------------------------------------------------------

  private readonly echoes = onFirstUse(async () => new (await import('./echoes.js')).Echoes(this));

  async listEchoQuestions(query: PageQuery = {}): Promise<Page<EchoQuestion>> {
    return (await this.echoes()).list(query);
  }

  async getEchoQuestion(id: string): Promise<EchoQuestion> {
    return (await this.echoes()).get(id);
  }

  async createEchoQuestion(input: EchoQuestionInput): Promise<EchoQuestion> {
    return (await this.echoes()).create(input);
  }

  async updateEchoQuestion(id: string, input: EchoQuestionPatch): Promise<EchoQuestion> {
    return (await this.echoes()).update(id, input);
  }

  async deleteEchoQuestion(id: string): Promise<void> {
    return (await this.echoes()).delete(id);
  }

  async pauseEchoQuestion(id: string): Promise<EchoQuestion> {
    return (await this.echoes()).pause(id);
  }

  async resumeEchoQuestion(id: string): Promise<EchoQuestion> {
    return (await this.echoes()).resume(id);
  }

  // --- Echo answers (echo-answers.ts) and asks (asks.ts) ------------------------------------------

  /** @internal */
  readonly echoAnswers = onFirstUse(async () => new (await import('./echo-answers.js')).EchoAnswers(this));
  /** @internal */
  readonly asks = onFirstUse(async () => new (await import('./asks.js')).Asks(this));
  /** @internal Writing answers as jobs (answer-jobs.ts); any Service writes anyone's, as its owner sees it. */
  readonly answerJobs = onFirstUse(
    async () => new (await import('./answer-jobs.js')).AnswerJobs(this.repo, this.options.clock, () => this),
  );

  async listEchoAnswers(questionId: string, query: PageQuery = {}): Promise<Page<EchoAnswer>> {
    return (await this.echoAnswers()).list(questionId, query);
  }

  async getEchoAnswer(id: string): Promise<EchoAnswer> {
    return (await this.echoAnswers()).get(id);
  }

  /** @internal One of the caller's Echo questions, after publishing the caller's due answers. */
  async ownEchoQuestion(id: string): Promise<EchoQuestionRow> {
    return (await this.echoes()).own(id);
  }

  async listAsks(query: PageQuery = {}): Promise<Page<Ask>> {
    return (await this.asks()).list(query);
  }

  async getAsk(id: string): Promise<Ask> {
    return (await this.asks()).get(id);
  }

  async createAsk(input: AskInput): Promise<Ask> {
    return (await this.asks()).create(input);
  }

  // --- digest (digest.ts) -------------------------------------------------------------------------

  async listDigest(query: DigestQuery = {}): Promise<Page<DigestEntry>> {
    return (await this.digest()).list(query);
  }

  async markDigestRead(id: string): Promise<void> {
    return (await this.digest()).markRead(id);
  }

  async markAllDigestRead(): Promise<number> {
    return (await this.digest()).markAllRead();
  }

  // --- helpers ------------------------------------------------------------------------------------

  /** A read-scope credential may not write (403), whatever the person may do. */
  /** @internal */
  requireScope(needed: Scope): void {
    if (!allows(this.options.scope ?? 'write', needed)) {
      throw new ForbiddenError(`this credential's scope does not allow ${needed}`);
    }
  }

  /** @internal The viewpoint of any person of the account (digest recipients), or undefined. */
  async viewerFor(personId: string): Promise<Viewer | undefined> {
    const person = await this.repo.findPerson(personId);
    if (!person) return undefined;
    return this.viewerOf(person);
  }

  /** @internal */
  viewer(): Promise<Viewer> {
    this.viewerCache ??= (async () => {
      const person = await this.repo.findPerson(this.actorId);
      if (!person) throw new UnauthenticatedError(`no person with id ${this.actorId} in this store`);
      return this.viewerOf(person);
    })();
    return this.viewerCache;
  }

  private async viewerOf(person: PersonRow): Promise<Viewer> {
    const [teamIds, reportingTeamIds] = await Promise.all([
      this.repo.teamIdsOfPeople([person.id]).then((byPerson) => byPerson.get(person.id) ?? []),
      this.repo.reportingTeamIdsOf(person.id),
    ]);
    return { person, teamIds, reportingTeamIds };
  }

  private account(): Promise<Account> {
    this.accountCache ??= this.repo.account().then((account) => {
      if (!account) throw new Error('the store holds no account; run pulse init');
      return account;
    });
    return this.accountCache;
  }

  /** @internal Every person of the account, by name. */
  async allPeople(): Promise<PersonRow[]> {
    const people: PersonRow[] = [];
    for (let offset = 0; ; offset += 500) {
      const rows = await this.repo.listPeople({ offset, limit: 500 });
      people.push(...rows);
      if (rows.length < 500) return people;
    }
  }

  /** @internal Teams a viewer can see (private ones only as a member or administrator). */
  async visibleTeams(viewer: Viewer): Promise<TeamRow[]> {
    const visibleTo = viewer.person.administrator ? undefined : viewer.person.id;
    return this.repo.listTeams({ offset: 0, limit: 10_000 }, visibleTo);
  }

  /** @internal */
  canSeeGoal(viewer: Viewer, goal: GoalRow): boolean {
    return canSeeGoal(viewer, goal);
  }

  /** @internal Whose activities a viewer may see; undefined means everyone's (administrators). */
  async activityPeople(viewer: Viewer): Promise<Set<string> | undefined> {
    return (await this.activities()).visiblePeople(viewer);
  }

  /** @internal */
  visibilityOf(viewer: Viewer): Visibility {
    return this.visibility(viewer);
  }

  private visibility(viewer: Viewer): Visibility {
    return viewer.person.administrator
      ? { all: true }
      : { all: false, personId: viewer.person.id, teamIds: viewer.teamIds };
  }

  /** Private teams reach only their members and administrators. */
  /** @internal */
  canSeeTeam(viewer: Viewer, team: TeamRow): boolean {
    return !team.private || viewer.person.administrator || viewer.teamIds.includes(team.id);
  }

  /** @internal */
  canSeeCheckIn(viewer: Viewer, row: CheckInRow): boolean {
    return (
      viewer.person.administrator ||
      row.person_id === viewer.person.id ||
      row.team_ids.some((id) => viewer.teamIds.includes(id))
    );
  }

  /** A check-in by id (visible to the viewer) or by date (the viewer's own, if scheduled). */
  private async resolveCheckIn(viewer: Viewer, key: string): Promise<CheckInRow> {
    if (isCalendarDate(key)) return this.ownCheckInOn(viewer, key);
    const row = isUuid(key) ? await this.repo.findCheckIn(key.toLowerCase()) : undefined;
    if (!row || !this.canSeeCheckIn(viewer, row)) throw new NotFoundError(`no check-in ${key}`);
    return row;
  }

  /** The viewer's check-in on a date: stored, or created now if the date is scheduled. */
  private async ownCheckInOn(viewer: Viewer, date: string): Promise<CheckInRow> {
    const id = await checkInId(viewer.person.id, date);
    const stored = await this.repo.findCheckIn(id);
    if (stored) return stored;

    const teams = await this.repo.teamsByIds(viewer.reportingTeamIds);
    const [memberAbsences, teamAbsences] = await Promise.all([
      this.repo.memberAbsences([viewer.person.id], [date]),
      this.repo.teamAbsences(viewer.reportingTeamIds, [date]),
    ]);
    const verdict = scheduleFor(date, teams, {
      member: memberAbsences.size > 0,
      teams: new Set([...teamAbsences].map((key) => key.split('|')[0] as string)),
    });
    if (!verdict.scheduled) throw new NothingScheduledError(date, verdict.reason);

    const now = timestamp(this.options.clock.now());
    const row: CheckInRow = {
      id,
      person_id: viewer.person.id,
      date,
      previous: null,
      intentions: null,
      blockers: null,
      mood: null,
      previous_completed: null,
      blocked: false,
      completed_at: null,
      created_at: now,
      updated_at: now,
      team_ids: [...viewer.reportingTeamIds],
    };
    // Another writer may have created it meanwhile; never overwrite theirs.
    await this.repo.insertCheckInIfAbsent(row);
    return (await this.repo.findCheckIn(id)) ?? row;
  }

  /** The viewer's "today": the current date in their time zone. */
  today(): Promise<string> {
    return this.viewer().then((viewer) => dateIn(viewer.person.time_zone, this.options.clock.now()));
  }

  private async people(rows: PersonRow[]): Promise<Person[]> {
    if (rows.length === 0) return [];
    const [viewer, account] = await Promise.all([this.viewer(), this.account()]);
    const teamIdsByPerson = await this.repo.teamIdsOfPeople(rows.map((row) => row.id));
    const teams = await this.teamRows([...teamIdsByPerson.values()].flat());
    return rows.map((row) => {
      const visible = (teamIdsByPerson.get(row.id) ?? [])
        .map((id) => teams.get(id))
        .filter((team): team is TeamRow => team !== undefined && this.canSeeTeam(viewer, team));
      return serializePerson(row, account, visible, this.urls);
    });
  }

  private async teams(rows: TeamRow[]): Promise<Team[]> {
    if (rows.length === 0) return [];
    const membersByTeam = await this.repo.memberRefsOfTeams(rows.map((row) => row.id));
    return rows.map((row) => serializeTeam(row, membersByTeam.get(row.id) ?? [], this.urls));
  }

  /** @internal */
  async checkIns(viewer: Viewer, rows: CheckInRow[]): Promise<CheckIn[]> {
    if (rows.length === 0) return [];
    const dates = [...new Set(rows.map((row) => row.date))];
    const teamIds = [...new Set(rows.flatMap((row) => row.team_ids))];
    const [people, teams, memberAbsences, teamAbsences] = await Promise.all([
      this.personRows(rows.map((row) => row.person_id)),
      this.teamRows(teamIds),
      this.repo.memberAbsences([...new Set(rows.map((row) => row.person_id))], dates),
      this.repo.teamAbsences(teamIds, dates),
    ]);
    return rows.map((row) => {
      const person = people.get(row.person_id);
      const absent = isAbsent(row.team_ids, {
        member: memberAbsences.has(`${row.person_id}|${row.date}`),
        teams: new Set(row.team_ids.filter((id) => teamAbsences.has(`${id}|${row.date}`))),
      });
      const visibleTeams = row.team_ids
        .map((id) => teams.get(id))
        .filter((team): team is TeamRow => team !== undefined && this.canSeeTeam(viewer, team))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(teamRef);
      return serializeCheckIn(
        row,
        personRef(person ?? { id: row.person_id, name: '' }),
        visibleTeams,
        absent,
        this.urls,
      );
    });
  }

  /** @internal */
  async personRows(ids: string[]): Promise<Map<string, PersonRow>> {
    const rows = await this.repo.peopleByIds([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** @internal */
  async teamRows(ids: string[]): Promise<Map<string, TeamRow>> {
    const rows = await this.repo.teamsByIds([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row]));
  }
}
