/**
 * What the core needs from storage, as plain rows: one interface per aggregate, and Repository, their
 * composition. The store implements them on SQLite and PostgreSQL (store/repository/); the core decides
 * every rule (visibility, scheduling, validation) and passes the repository only filters to apply. The
 * rows are declared here once: the store's table types derive from them (store/schema.ts).
 */
import type { Mood } from './moods.js';
import type { NotificationSettingsRepository } from './notifications/repository.js';
import type { NotificationScheduleRepository } from './notifications/schedule-repository.js';
import type { OAuthRepository } from './oauth/repository.js';
import type { StatusRepository } from './status/repository.js';
import type { TokenRow } from './tokens.js';
import type { Account, CheckIn, Person, PersonRef, Team } from './types.js';
import type { WebhookRepository } from './webhooks/repository.js';

/**
 * A stored person: the documented Person without what is derived from other rows, plus the parts of the
 * name the v1 interface shows (name stays the full name) and a slug unique in the account.
 */
export type PersonRow = Omit<Person, 'url' | 'account' | 'teams'> & {
  first_name: string;
  last_name: string;
  slug: string;
};

/** The stored fields of a person that may change (the slug, kind and creation time never do). */
export type PersonUpdate = Partial<
  Pick<PersonRow, 'name' | 'first_name' | 'last_name' | 'email' | 'username' | 'time_zone' | 'administrator'>
>;

/** Question texts a team may set for its reports; unset ones take the defaults of the core. */
export interface TeamQuestionTexts {
  previous?: string;
  next?: string;
  blockers?: string;
  previous_completed?: string;
}

/** A stored team: the documented Team without derived fields, plus its timestamps and question texts. */
export type TeamRow = Omit<Team, 'url' | 'people'> & {
  created_at: string;
  updated_at: string;
  questions: TeamQuestionTexts | null;
};

/** `active` members report; `observer` ones read along and are never counted or listed in v1. */
export type MemberRole = 'active' | 'observer';

export interface MembershipRow {
  team_id: string;
  person_id: string;
  role: MemberRole;
  manager: boolean;
  created_at: string;
  /**
   * The first date of the team's check-ins the member sees (the day they joined, when they joined
   * without the team's history); null: the whole history.
   */
  visible_from: string | null;
}

/** A team's v1 API key: only its SHA-256 hash is kept; rotating replaces the row. */
export interface TeamKeyRow {
  team_id: string;
  hash: string;
  created_at: string;
}

/** A stored check-in: the documented CheckIn's own fields, its author and teams by id, and its creation. */
export type CheckInRow = Pick<
  CheckIn,
  | 'id'
  | 'date'
  | 'previous'
  | 'intentions'
  | 'blockers'
  | 'mood'
  | 'previous_completed'
  | 'blocked'
  | 'completed_at'
  | 'updated_at'
> & {
  person_id: string;
  created_at: string;
  team_ids: string[];
};

/** What a v1 report reads of a check-in of its day: no text, no team list. */
export type ReportCheckInRow = Pick<
  CheckInRow,
  'id' | 'date' | 'completed_at' | 'updated_at' | 'blocked' | 'previous_completed'
>;

/**
 * What a v1 report counts of a team's day: its completed check-ins (ids in order of completion, then
 * id; how many of them are blocked, and how many did what was planned) and the latest change to any of
 * the day's check-ins, completed or not.
 */
export interface TeamDay {
  date: string;
  completedIds: string[];
  blockedCount: number;
  previousCompletedCount: number;
  latestUpdate: string;
}

/** A team whose check-ins a member sees from a date on (they joined without its history). */
export interface TeamFrom {
  teamId: string;
  /** The first date (YYYY-MM-DD) of the team's check-ins they see. */
  from: string;
}

/**
 * Who may be seen: everything (administrators) or what involves a person and their teams: every
 * check-in of `teamIds`, and those of `teamsFrom` dated on or after their date.
 */
export type Visibility =
  | { all: true }
  | { all: false; personId: string; teamIds: string[]; teamsFrom: TeamFrom[] };

export interface CheckInFilter {
  visibility: Visibility;
  since?: string | undefined;
  until?: string | undefined;
  blocked?: boolean | undefined;
  personIds?: string[] | undefined;
  teamIds?: string[] | undefined;
  /** Words the answers all hold (the full-text index's matching). */
  search?: string | undefined;
  mood?: Mood | undefined;
  /** Only check-ins whose author was absent that day (isAbsent), or only those they were not. */
  absent?: boolean | undefined;
  /** Only ids starting with these characters (lowercase), listed in id order. */
  idPrefix?: string | undefined;
}

export interface GoalRow {
  id: string;
  title: string;
  description: string | null;
  start_date: string | null;
  end_date: string | null;
  update_cadence: string | null;
  owner_id: string;
  parent_id: string | null;
  private: boolean;
  archived: boolean;
  created_at: string;
  /** Moves when the goal changes or gets an update (the `since` filter reads it). */
  updated_at: string;
  contributor_ids: string[];
  team_ids: string[];
}

export interface GoalUpdateRow {
  id: string;
  goal_id: string;
  person_id: string;
  title: string | null;
  body: string | null;
  progress: number;
  confidence: number;
  created_at: string;
  updated_at: string;
}

export type ResourceType = 'check-in' | 'goal-update';

export interface CommentRow {
  id: string;
  resource_type: ResourceType;
  resource_id: string;
  person_id: string;
  body: string;
  created_at: string;
}

export interface ReactionRow {
  id: string;
  resource_type: ResourceType;
  resource_id: string;
  person_id: string;
  name: string;
  created_at: string;
}

/** Goals a person may see: all (administrators), or public ones plus private ones they own or help with. */
export type GoalVisibility = { all: true } | { all: false; personId: string };

export interface GoalFilter {
  visibility: GoalVisibility;
  includeArchived: boolean;
  goalIds?: string[] | undefined;
  personIds?: string[] | undefined;
  teamIds?: string[] | undefined;
  since?: string | undefined;
  /** Words the title and description all hold (the full-text index's matching). */
  search?: string | undefined;
  /** Only ids starting with these characters (lowercase), listed in id order. */
  idPrefix?: string | undefined;
}

export interface ActivityRow {
  id: string;
  person_id: string;
  kind: string;
  group_name: string;
  title: string | null;
  /** Plain text (for status activities: the HTML with its markup stripped). */
  description: string;
  url: string | null;
  recorded_at: string;
  /** Status activities (v1): the check-in they are attached to; null for every other activity. */
  check_in_id: string | null;
  /** Status activities (v1): the sanitised HTML description; null for every other activity. */
  html_description: string | null;
}

export interface ActivityFilter {
  /** Only activities of these people (the visible ones, narrowed by the filters); undefined means all. */
  personIds?: string[] | undefined;
  since?: string | undefined;
  until?: string | undefined;
  kinds?: string[] | undefined;
  /** Words the group, title and description all hold (the full-text index's matching). */
  search?: string | undefined;
  /** Only ids starting with these characters (lowercase), listed in id order. */
  idPrefix?: string | undefined;
}

export interface EchoQuestionRow {
  id: string;
  person_id: string;
  prompt: string;
  title: string;
  frequency: string;
  day: string | null;
  time: string;
  time_zone: string;
  /** Biweekly: the first occurrence, from which every second week counts. */
  anchor_at: string | null;
  paused_at: string | null;
  created_at: string;
  updated_at: string;
  /** The next occurrence not yet published (it may be past, until someone catches up); null while paused. */
  next_due_at: string | null;
  /** A daily question answers every day, not only on its owner's report days. */
  every_day: boolean;
  /** What the last catch-up that left occurrences out left out: how many, the first and the last. */
  skipped_count: number | null;
  skipped_from: string | null;
  skipped_until: string | null;
}

export interface EchoAnswerRow {
  id: string;
  question_id: string;
  /** The question's owner, the only person who may read the answer. */
  person_id: string;
  title: string;
  /** Markdown; null while it is being written. */
  body: string | null;
  /** The dates the answer covers, in the question's zone, inclusive. */
  period_start: string;
  period_end: string;
  /** The scheduled time of the occurrence. */
  published_at: string;
  updated_at: string;
}

export interface AskRow {
  id: string;
  person_id: string;
  prompt: string;
  /** Markdown; null while it is being written. */
  body: string | null;
  created_at: string;
  updated_at: string;
}

/** Whose body a job writes: an Ask's answer or an Echo answer's. */
export type JobKind = 'ask' | 'echo-answer';

/**
 * Writing one answer's body, as a job any instance may claim (pulse_jobs, bookkeeping): claimed with a
 * lease, deleted once written; a lease that ran out (the instance stopped or crashed) makes it
 * claimable again.
 */
export interface JobRow {
  id: string;
  kind: JobKind;
  /** The ask's or the Echo answer's id. */
  target_id: string;
  /** Claimed until then: claimable once past, or while never claimed (attempts 0). */
  leased_until: string;
  /** How many times it was claimed. */
  attempts: number;
  created_at: string;
}

/** What the answer engine's full-text index holds. */
export type SearchKind = 'check-in' | 'goal' | 'goal-update' | 'comment' | 'activity';

export interface SearchQuery {
  /** Words, any of which makes a match; ranked by BM25. */
  terms: string[];
  kinds: SearchKind[];
  /** Check-ins fall in the window by their date (inclusive). */
  fromDate: string;
  toDate: string;
  /** Everything else by its time: from inclusive, to exclusive. */
  from: string;
  to: string;
  /** Only items by these people; undefined means anyone's. */
  personIds?: string[] | undefined;
}

export interface SearchHit {
  kind: SearchKind;
  id: string;
  /** BM25: lower is a better match. */
  rank: number;
}

export type DigestResourceType = 'check-in' | 'comment' | 'echo-answer' | 'goal' | 'goal-update';

export interface DigestRow {
  id: string;
  recipient_id: string;
  category: string;
  resource_type: DigestResourceType;
  resource_id: string;
  published_at: string;
  read_at: string | null;
}

export interface DigestFilter {
  recipientId: string;
  category?: string | undefined;
  unreadOnly?: boolean | undefined;
  since?: string | undefined;
}

export interface Window {
  offset: number;
  limit: number;
}

/**
 * Where a walk of the check-in list stands: the last row read, by the list's order (date, completed_at,
 * id, all descending). The next rows are those after it, found through the index rather than by skipping.
 */
export interface CheckInListKey {
  date: string;
  completed_at: string;
  id: string;
}

/** The account, people, teams and their memberships, and what the v1 interface keeps of them. */
export interface PeopleRepository {
  account(): Promise<Account | undefined>;
  createAccount(account: Account, createdAt: string): Promise<void>;
  /** The person local commands act as when no other is named. */
  defaultPersonId(): Promise<string | undefined>;
  setDefaultPersonId(id: string): Promise<void>;

  findPerson(id: string): Promise<PersonRow | undefined>;
  findPersonByEmail(email: string): Promise<PersonRow | undefined>;
  findPersonByUsername(username: string): Promise<PersonRow | undefined>;
  usernameTaken(username: string): Promise<boolean>;
  listPeople(window: Window): Promise<PersonRow[]>;
  peopleByIds(ids: readonly string[]): Promise<PersonRow[]>;
  insertPerson(person: PersonRow): Promise<void>;
  updatePerson(id: string, update: PersonUpdate, updatedAt: string): Promise<void>;
  /** How many people are administrators (an account always keeps one). */
  administratorCount(): Promise<number>;
  findPersonBySlug(slug: string): Promise<PersonRow | undefined>;
  slugTaken(slug: string): Promise<boolean>;

  findTeam(id: string): Promise<TeamRow | undefined>;
  findTeamByName(name: string): Promise<TeamRow | undefined>;
  /** Teams in name order; with `visibleTo`, private teams only where that person is a member. */
  listTeams(window: Window, visibleTo?: string): Promise<TeamRow[]>;
  teamsByIds(ids: readonly string[]): Promise<TeamRow[]>;
  insertTeam(team: TeamRow): Promise<void>;
  setTeamQuestions(teamId: string, questions: TeamQuestionTexts | null, updatedAt: string): Promise<void>;
  findTeamKey(teamId: string): Promise<TeamKeyRow | undefined>;
  /** Inserts or replaces the team's key (rotation). */
  saveTeamKey(key: TeamKeyRow): Promise<void>;

  /** Team ids per person, for the given people. */
  teamIdsOfPeople(personIds: readonly string[]): Promise<Map<string, string[]>>;
  /** Teams a person reports to: memberships other than observer ones. */
  reportingTeamIdsOf(personId: string): Promise<string[]>;
  /** Teams each of the given people reports to; a person who reports to none is absent from the map. */
  reportingTeamIdsOfPeople(personIds: readonly string[]): Promise<Map<string, string[]>>;
  /** The person's teams whose check-ins they see from a date on (visible_from set), with that date. */
  teamsFromOf(personId: string): Promise<TeamFrom[]>;
  /** Whether any check-in included in the team is dated before `date`. */
  teamHasCheckInsBefore(teamId: string, date: string): Promise<boolean>;
  /** Member person ids per team, in name order. */
  memberIdsOfTeams(teamIds: readonly string[]): Promise<Map<string, string[]>>;
  /** Members (id and name) per team, in name order. */
  memberRefsOfTeams(teamIds: readonly string[]): Promise<Map<string, PersonRef[]>>;
  /** Every membership of a team (any role), in no particular order. */
  membershipsOfTeam(teamId: string): Promise<MembershipRow[]>;
  /**
   * Adds a membership (role active, not a manager unless given, the whole history unless `visibleFrom`);
   * false when it existed (unchanged).
   */
  addMembership(
    teamId: string,
    personId: string,
    createdAt: string,
    options?: { role?: MemberRole; manager?: boolean; visibleFrom?: string | null },
  ): Promise<boolean>;
  /** Shows a member the team's whole history (visible_from null); false when they are not a member. */
  shareTeamHistory(teamId: string, personId: string): Promise<boolean>;
  removeMembership(teamId: string, personId: string): Promise<boolean>;
}

/** Check-ins, their team inclusions and tags, and what a team's v1 reads count of them. */
export interface CheckInRepository {
  findCheckIn(id: string): Promise<CheckInRow | undefined>;
  checkInsByIds(ids: readonly string[]): Promise<CheckInRow[]>;
  /**
   * Completed check-ins matching the filter, newest date first, then completed_at and id descending;
   * with `after`, only those that come after that row in this order (the window's offset then counts
   * from there).
   */
  listCompletedCheckIns(filter: CheckInFilter, window: Window, after?: CheckInListKey): Promise<CheckInRow[]>;
  /** Inserts or replaces a check-in and its team inclusions atomically. */
  saveCheckIn(row: CheckInRow): Promise<void>;
  /** Inserts a check-in with its team inclusions unless one with that id exists. */
  insertCheckInIfAbsent(row: CheckInRow): Promise<void>;
  /** The earliest date of any check-in included in the team, if there is one. */
  firstCheckInDateOfTeam(teamId: string): Promise<string | undefined>;
  /**
   * The team's days in [from, to], inclusive, that have a check-in (completed or not) included in the
   * team, by date: what a v1 report counts of each (TeamDay). Counted where the rows are, because a page
   * of reports spans about 3,000 check-ins, and reading each into the core cost more than the report.
   */
  teamDaysBetween(teamId: string, from: string, to: string): Promise<TeamDay[]>;
  /** Completed check-ins included in the team, newest completed_at first (then id descending). */
  listTeamStatuses(teamId: string, window: Window): Promise<CheckInRow[]>;
  /** Replaces the #tags (lower-case, without the hash) of a check-in. */
  setCheckInTags(checkInId: string, tags: readonly string[]): Promise<void>;
  /** Distinct tags of the team's completed check-ins, alphabetically. */
  listTeamTags(teamId: string, window: Window): Promise<string[]>;
  /** The team's completed check-ins carrying a tag, newest completed_at first. */
  listTeamStatusesTagged(teamId: string, tag: string, window: Window): Promise<CheckInRow[]>;
}

/** Dates from `from` to `to`, both inclusive; an absent end leaves that side open. */
export interface DateRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** Days people or whole teams are away. */
export interface AbsenceRepository {
  /** Keys `personId|date` of member absences among the given people and dates. */
  memberAbsences(personIds: readonly string[], dates: readonly string[]): Promise<Set<string>>;
  /** Keys `teamId|date` of team absences among the given teams and dates. */
  teamAbsences(teamIds: readonly string[], dates: readonly string[]): Promise<Set<string>>;
  addMemberAbsence(personId: string, date: string): Promise<boolean>;
  addTeamAbsence(teamId: string, date: string): Promise<boolean>;
  /** Removes an absence; false when there was none. */
  removeMemberAbsence(personId: string, date: string): Promise<boolean>;
  removeTeamAbsence(teamId: string, date: string): Promise<boolean>;
  /** A team's absence dates in [from, to] (inclusive), ascending. */
  teamAbsenceDates(teamId: string, from: string, to: string): Promise<string[]>;
  /** The people's absences in the range (ends inclusive, each optional), by date then person id. */
  listMemberAbsences(
    personIds: readonly string[],
    range: DateRange,
    window: Window,
  ): Promise<{ person_id: string; date: string }[]>;
  /** A team's absence dates in the range (ends inclusive, each optional), ascending. */
  listTeamAbsences(teamId: string, range: DateRange, window: Window): Promise<string[]>;
}

/** Goals and their updates. */
export interface GoalRepository {
  findGoal(id: string): Promise<GoalRow | undefined>;
  goalsByIds(ids: readonly string[]): Promise<GoalRow[]>;
  /** Goals matching the filter, newest first. */
  listGoals(filter: GoalFilter, window: Window): Promise<GoalRow[]>;
  /** Inserts or replaces a goal with its contributors and teams. */
  saveGoal(goal: GoalRow): Promise<void>;
  /** Deletes a goal, its updates and their comments and reactions; its children lose their parent. */
  deleteGoal(id: string): Promise<void>;
  /** The newest update of each goal that has one. */
  latestGoalUpdates(goalIds: readonly string[]): Promise<Map<string, GoalUpdateRow>>;
  findGoalUpdate(id: string): Promise<GoalUpdateRow | undefined>;
  goalUpdatesByIds(ids: readonly string[]): Promise<GoalUpdateRow[]>;
  /** A goal's updates, newest first. */
  listGoalUpdates(goalId: string, window: Window): Promise<GoalUpdateRow[]>;
  /**
   * Up to `limit` goal updates whose id starts with `prefix`, in id order, after the id `after` (a seek in
   * the primary key's index).
   */
  goalUpdatesWithIdPrefix(prefix: string, after: string | undefined, limit: number): Promise<GoalUpdateRow[]>;
  /** Goal updates created in [from, to), newest first. */
  listGoalUpdatesBetween(from: string, to: string, window: Window): Promise<GoalUpdateRow[]>;
  saveGoalUpdate(update: GoalUpdateRow): Promise<void>;
  /** Deletes an update and its comments and reactions. */
  deleteGoalUpdate(id: string): Promise<void>;
}

/** Comments on and reactions to check-ins and goal updates. */
export interface ConversationRepository {
  insertComment(comment: CommentRow): Promise<void>;
  findComment(id: string): Promise<CommentRow | undefined>;
  commentsByIds(ids: readonly string[]): Promise<CommentRow[]>;
  /** Comments on an item, oldest first. */
  listComments(type: ResourceType, id: string, window: Window): Promise<CommentRow[]>;
  /** Comments created in [from, to), newest first. */
  listCommentsBetween(from: string, to: string, window: Window): Promise<CommentRow[]>;
  /** Comments on the check-ins included in a team, newest first (then by id, descending). */
  listTeamComments(teamId: string, window: Window): Promise<CommentRow[]>;
  /** Ids of the comments on each of the given resources, oldest first. */
  commentIdsOf(type: ResourceType, resourceIds: readonly string[]): Promise<Map<string, string[]>>;
  /** Reactions to an item, oldest first. */
  listReactions(type: ResourceType, id: string, window: Window): Promise<ReactionRow[]>;
  findReaction(
    type: ResourceType,
    id: string,
    personId: string,
    name: string,
  ): Promise<ReactionRow | undefined>;
  findReactionById(id: string): Promise<ReactionRow | undefined>;
  /** Reactions to the check-ins included in a team, newest first (then by id, descending). */
  listTeamReactions(teamId: string, window: Window): Promise<ReactionRow[]>;
  /** Ids of the reactions to each of the given resources, oldest first. */
  reactionIdsOf(type: ResourceType, resourceIds: readonly string[]): Promise<Map<string, string[]>>;
  insertReaction(reaction: ReactionRow): Promise<void>;
  deleteReaction(id: string): Promise<void>;
  /** Deletes the comments and reactions on the items, and the digest entries of the items and the comments. */
  deleteConversations(type: ResourceType, ids: readonly string[]): Promise<void>;
}

/** Echo questions and answers, asks, the jobs that write their answers, and the index answers search. */
export interface AnswerRepository {
  findEchoQuestion(id: string): Promise<EchoQuestionRow | undefined>;
  /** A person's questions, newest first. */
  listEchoQuestions(personId: string, window: Window): Promise<EchoQuestionRow[]>;
  saveEchoQuestion(question: EchoQuestionRow): Promise<void>;
  /** Deletes a question, its answers and their digest entries. */
  deleteEchoQuestion(id: string): Promise<void>;
  /** Unpaused questions with an occurrence due at or before `now`, optionally of one person. */
  dueEchoQuestions(now: string, personId?: string): Promise<EchoQuestionRow[]>;
  /** Adds answers, skipping occurrences already answered; returns the ones added. */
  insertEchoAnswers(answers: EchoAnswerRow[]): Promise<EchoAnswerRow[]>;
  findEchoAnswer(id: string): Promise<EchoAnswerRow | undefined>;
  /** A question's answers, newest published first. */
  listEchoAnswers(questionId: string, window: Window): Promise<EchoAnswerRow[]>;
  /** A person's answers whose id starts with `prefix`, in id order (a seek in the primary key's index). */
  echoAnswersWithIdPrefix(personId: string, prefix: string, window: Window): Promise<EchoAnswerRow[]>;
  /** Writes the body unless one is written already (the first writer wins). */
  setEchoAnswerBody(id: string, body: string, updatedAt: string): Promise<void>;
  /** Answers whose body is still being written, oldest first. */
  pendingEchoAnswers(): Promise<EchoAnswerRow[]>;

  insertAsk(ask: AskRow): Promise<void>;
  findAsk(id: string): Promise<AskRow | undefined>;
  /** A person's asks, newest first. */
  listAsks(personId: string, window: Window): Promise<AskRow[]>;
  /** Writes the answer unless one is written already (the first writer wins). */
  setAskBody(id: string, body: string, updatedAt: string): Promise<void>;
  /** Asks whose answer is still being written, oldest first. */
  pendingAsks(): Promise<AskRow[]>;

  /** Adds jobs, skipping answers that already have one. */
  addJobs(jobs: JobRow[]): Promise<void>;
  /**
   * Leases the oldest claimable job (never claimed, or its lease past `now`) until `leaseUntil`, counting the attempt;
   * undefined when none is. Two instances never get the same job: on PostgreSQL each skips the rows the
   * other is taking (FOR UPDATE SKIP LOCKED).
   */
  claimNextJob(now: string, leaseUntil: string): Promise<JobRow | undefined>;
  /** Leases one job, if it is still claimable; undefined when another instance has it or it is done. */
  claimJob(id: string, now: string, leaseUntil: string): Promise<JobRow | undefined>;
  deleteJob(id: string): Promise<void>;
  /** Answers with no body and no job (written by a version before jobs), as jobs created at `now`. */
  addMissingJobs(now: string): Promise<number>;

  /** Full-text search of the answer engine's index, best match first. */
  search(query: SearchQuery, window: Window): Promise<SearchHit[]>;
}

/** Activities, and the digest that tells each person what happened. */
export interface ActivityRepository {
  insertActivity(activity: ActivityRow): Promise<void>;
  findActivity(id: string): Promise<ActivityRow | undefined>;
  activitiesByIds(ids: readonly string[]): Promise<ActivityRow[]>;
  /** Activities matching the filter, newest recorded first. */
  listActivities(filter: ActivityFilter, window: Window): Promise<ActivityRow[]>;
  /** Ids of the status activities attached to each of the given check-ins, oldest first. */
  statusActivityIdsOf(checkInIds: readonly string[]): Promise<Map<string, string[]>>;

  /** Adds digest entries, skipping recipients who already have one for the resource. */
  publishDigest(entries: DigestRow[]): Promise<void>;
  /** A recipient's entries, newest published first. */
  listDigest(filter: DigestFilter, window: Window): Promise<DigestRow[]>;
  findDigestEntry(id: string): Promise<DigestRow | undefined>;
  /** Marks entries read (all unread ones of the recipient when ids is undefined); returns how many. */
  markDigestRead(recipientId: string, ids: string[] | undefined, readAt: string): Promise<number>;
  /** Removes the entries of deleted resources. */
  deleteDigestEntries(type: DigestResourceType, resourceIds: readonly string[]): Promise<void>;
}

/** API tokens (personal and OAuth); the OAuth server's own rows are OAuthRepository's. */
export interface TokenRepository {
  insertToken(token: TokenRow): Promise<void>;
  findTokenByHash(hash: string): Promise<TokenRow | undefined>;
  findToken(id: string): Promise<TokenRow | undefined>;
  /** Tokens, newest first, optionally of one kind. */
  listTokens(kind?: TokenRow['kind']): Promise<TokenRow[]>;
  revokeToken(id: string, revokedAt: string): Promise<boolean>;
}

/** What a store holds besides its aggregates: the unit of work, the data version, the connection. */
export interface StoreSession {
  /** A value that changes whenever the stored data may have changed (any writer, any process). */
  dataVersion(): string;
  /** Runs fn in one transaction. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Everything the core needs from storage: one repository per aggregate, and the session they share. */
export interface Repository
  extends PeopleRepository,
    CheckInRepository,
    AbsenceRepository,
    GoalRepository,
    ConversationRepository,
    AnswerRepository,
    ActivityRepository,
    StatusRepository,
    WebhookRepository,
    NotificationSettingsRepository,
    NotificationScheduleRepository,
    TokenRepository,
    OAuthRepository,
    StoreSession {}
