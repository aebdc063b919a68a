/**
 * The Service: what pulse can do, as seen by one authenticated person. The local store (through the
 * core), the remote client (over HTTP) and the server (exposing it) all speak this interface, so a
 * command cannot tell which one it talks to.
 */
import type { ActivityInput } from './activity-input.js';
import type { AskInput } from './ask-input.js';
import type { CheckInUpdate } from './check-in-input.js';
import type { EchoQuestionInput, EchoQuestionPatch } from './echo-input.js';
import type {
  CommentInput,
  GoalInput,
  GoalPatch,
  GoalUpdateInput,
  GoalUpdatePatch,
  ReactionInput,
} from './goal-input.js';
import type { NotificationDelivery, NotificationDeliveryQuery } from './notifications/delivery-log.js';
import type {
  ChannelInput,
  ReminderPreferencesPatch,
  TeamNotificationsPatch,
} from './notifications/settings-input.js';
import type {
  Channel,
  CreatedChannel,
  ReminderPreferences,
  TeamNotificationSettings,
} from './notifications/types.js';
import type { MePatch } from './person-input.js';
import type {
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

/** Query values may be typed (from the CLI) or strings (from HTTP); the core validates both alike. */
type QueryValue<T> = T | string;

export interface PageQuery {
  page?: QueryValue<number>;
  per_page?: QueryValue<number>;
}

export interface CheckInListQuery extends PageQuery {
  since?: string;
  until?: string;
  blocked?: QueryValue<boolean>;
  people_ids?: string[] | string;
  team_ids?: string[] | string;
  /** Extensions of `pulse serve`: every word in the answers; one mood; absent (or not) that day. */
  search?: string;
  mood?: string;
  absent?: QueryValue<boolean>;
  /** An extension of `pulse serve`: only ids starting with these characters, in id order. */
  id_prefix?: string;
}

/**
 * What a walk of every check-in takes: the list's filters, and per_page as the size of a batch (by
 * default as large as the walk finds best: 500 locally, the largest page remotely).
 */
export type CheckInWalkQuery = Omit<CheckInListQuery, 'page'>;

/**
 * A list read to its end a batch at a time, in the list's order, for `--all`: the caller handles each
 * batch before the next is read, so nothing holds the whole list. Locally a cursor over the store's index;
 * remotely the interface's pages.
 */
export type Walk<T> = AsyncIterable<T[]>;

/**
 * The write methods' inputs: the input types of the core's body schemas (zod). They say what a caller
 * may send; the core still checks every value at run time, since HTTP bodies and CLI values are untrusted.
 */
export type {
  ActivityInput,
  AskInput,
  CheckInUpdate,
  CommentInput,
  EchoQuestionInput,
  EchoQuestionPatch,
  GoalInput,
  GoalPatch,
  GoalUpdateInput,
  GoalUpdatePatch,
  MePatch,
  ReactionInput,
};

export interface GoalListQuery extends PageQuery {
  since?: string;
  people_ids?: string[] | string;
  team_ids?: string[] | string;
  /** When given, archived goals are included. */
  goal_ids?: string[] | string;
  /** Extension of `pulse serve`: include archived goals. */
  archived?: boolean | string;
  /** Extension of `pulse serve`: every word in the title or description. */
  search?: string;
  /** Extension of `pulse serve`: only ids starting with these characters, in id order. */
  id_prefix?: string;
}

export interface ActivityListQuery extends PageQuery {
  /** Inclusive ISO 8601 date-times. */
  since?: string;
  until?: string;
  kinds?: string[] | string;
  people_ids?: string[] | string;
  team_ids?: string[] | string;
  /** Extension of `pulse serve`: every word in the group, title or description. */
  search?: string;
  /** Extension of `pulse serve`: only ids starting with these characters, in id order. */
  id_prefix?: string;
}

export type { NotificationDeliveryQuery };

/**
 * The query of a list that finds items by id: the characters their ids start with (required: without it
 * the list answers 400), and the page.
 */
export interface IdPrefixQuery extends PageQuery {
  id_prefix?: string;
}

export interface DigestQuery extends PageQuery {
  category?: string;
  /** Only the value true is allowed: only unread entries. */
  unread?: string | boolean;
  /** ISO 8601 date-time. */
  since?: string;
}

export interface Service {
  /** The authenticated person. */
  me(): Promise<Person>;
  /** An extension of `pulse serve`: changes the caller's own name, username or time zone. */
  updateMe(input: MePatch): Promise<Person>;
  listPeople(query?: PageQuery): Promise<Page<Person>>;
  getPerson(id: string): Promise<Person>;
  listTeams(query?: PageQuery): Promise<Page<Team>>;
  getTeam(id: string): Promise<Team>;
  /** Completed check-ins the caller can see, newest date first. */
  listCheckIns(query?: CheckInListQuery): Promise<Page<CheckIn>>;
  /** Every check-in listCheckIns lists, in its order (see Walk). */
  walkCheckIns(query?: CheckInWalkQuery): Walk<CheckIn>;
  /** A check-in by id, or by date (YYYY-MM-DD) meaning the caller's own that day. */
  getCheckIn(key: string): Promise<CheckIn>;
  /** Fills a check-in's answers, by id or by date (the caller's own). Input is validated by the core. */
  updateCheckIn(key: string, update: CheckInUpdate): Promise<CheckIn>;
  /**
   * An extension of `pulse serve`: empties a check-in (by id, or by date: the caller's own) back to
   * pending, with its comments, reactions and digest entries. Its author or an administrator.
   */
  clearCheckIn(key: string): Promise<CheckIn>;
  /** Goals the caller can see, newest first; archived ones only through goal_ids. */
  listGoals(query?: GoalListQuery): Promise<Page<Goal>>;
  getGoal(id: string): Promise<Goal>;
  createGoal(input: GoalInput): Promise<Goal>;
  updateGoal(id: string, input: GoalPatch): Promise<Goal>;
  deleteGoal(id: string): Promise<void>;
  /** A goal's updates, newest first. */
  listGoalUpdates(goalId: string, query?: PageQuery): Promise<Page<GoalUpdate>>;
  getGoalUpdate(id: string): Promise<GoalUpdate>;
  /**
   * An extension of `pulse serve`: the goal updates the caller can see whose id starts with id_prefix
   * (required), of every goal, in id order (how a short id of a goal update is expanded).
   */
  listGoalUpdatesByIdPrefix(query: IdPrefixQuery): Promise<Page<GoalUpdate>>;
  createGoalUpdate(goalId: string, input: GoalUpdateInput): Promise<GoalUpdate>;
  updateGoalUpdate(id: string, input: GoalUpdatePatch): Promise<GoalUpdate>;
  deleteGoalUpdate(id: string): Promise<void>;

  /** Comments on a check-in or goal update, oldest first. */
  listComments(resource: ResourceRef, query?: PageQuery): Promise<Page<Comment>>;
  createComment(resource: ResourceRef, input: CommentInput): Promise<Comment>;
  listReactions(resource: ResourceRef, query?: PageQuery): Promise<Page<Reaction>>;
  /** An extension of `pulse serve`: adds the caller's reaction; `created` is false when it was there. */
  addReaction(resource: ResourceRef, input: ReactionInput): Promise<{ reaction: Reaction; created: boolean }>;
  /** An extension of `pulse serve`: removes the caller's reaction of that name, if any. */
  removeReaction(resource: ResourceRef, input: ReactionInput): Promise<void>;

  /** Activities of the caller and their teammates, newest first. */
  listActivities(query?: ActivityListQuery): Promise<Page<Activity>>;
  getActivity(id: string): Promise<Activity>;
  /** A custom activity of the caller (group, description, url). */
  createActivity(input: ActivityInput): Promise<Activity>;

  /** The caller's Echo questions, newest first. */
  listEchoQuestions(query?: PageQuery): Promise<Page<EchoQuestion>>;
  getEchoQuestion(id: string): Promise<EchoQuestion>;
  createEchoQuestion(input: EchoQuestionInput): Promise<EchoQuestion>;
  updateEchoQuestion(id: string, input: EchoQuestionPatch): Promise<EchoQuestion>;
  deleteEchoQuestion(id: string): Promise<void>;
  /** Extensions of `pulse serve`: no answers while paused; resuming picks up at the next occurrence. */
  pauseEchoQuestion(id: string): Promise<EchoQuestion>;
  resumeEchoQuestion(id: string): Promise<EchoQuestion>;
  /** A question's published answers, newest first (due ones are published first). */
  listEchoAnswers(questionId: string, query?: PageQuery): Promise<Page<EchoAnswer>>;
  /** One of the caller's answers; its body is null while it is being written. */
  getEchoAnswer(id: string): Promise<EchoAnswer>;
  /**
   * An extension of `pulse serve`: the caller's answers whose id starts with id_prefix (required), of
   * every question, in id order (how a short id of an Echo answer is expanded).
   */
  listEchoAnswersByIdPrefix(query: IdPrefixQuery): Promise<Page<EchoAnswer>>;

  /** The caller's asks, newest first. */
  listAsks(query?: PageQuery): Promise<Page<Ask>>;
  /** One of the caller's asks; its body is null while the answer is being written. */
  getAsk(id: string): Promise<Ask>;
  /** Asks a question (prompt, 1 to 2000 characters); answered with body null, the answer follows. */
  createAsk(input: AskInput): Promise<Ask>;

  /** The caller's digest, newest published first. */
  listDigest(query?: DigestQuery): Promise<Page<DigestEntry>>;
  /** Extensions of `pulse serve`: mark one entry, or every unread one, read. */
  markDigestRead(id: string): Promise<void>;
  markAllDigestRead(): Promise<number>;

  /**
   * An extension of `pulse serve`, for administrators: the deliveries to people's and teams'
   * notification channels, newest first, in one page (at most `limit`).
   */
  listNotificationDeliveries(query?: NotificationDeliveryQuery): Promise<Page<NotificationDelivery>>;

  /**
   * Extensions of `pulse serve` (issue 31): a team's reminder and summary times (anyone who sees the
   * team reads them; its managers and administrators change them) and its channels (theirs alone).
   */
  getTeamNotifications(teamId: string): Promise<TeamNotificationSettings>;
  updateTeamNotifications(teamId: string, input: TeamNotificationsPatch): Promise<TeamNotificationSettings>;
  listTeamChannels(teamId: string): Promise<Page<Channel>>;
  addTeamChannel(teamId: string, input: ChannelInput): Promise<CreatedChannel>;
  removeTeamChannel(teamId: string, channelId: string): Promise<void>;
  /** The caller's own reminder choice and channels. */
  getMyReminders(): Promise<ReminderPreferences>;
  updateMyReminders(input: ReminderPreferencesPatch): Promise<ReminderPreferences>;
  listMyChannels(): Promise<Page<Channel>>;
  addMyChannel(input: ChannelInput): Promise<CreatedChannel>;
  removeMyChannel(channelId: string): Promise<void>;

  /** Releases what the implementation holds (a database handle, a connection pool). */
  close(): Promise<void>;
}
