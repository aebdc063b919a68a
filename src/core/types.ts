/**
 * The documented shapes of the v2 interface (docs/reference/v2.md). Serialised objects carry
 * exactly these properties, no more.
 */
import type { Mood } from './moods.js';
import type { Weekday } from './weekdays.js';

export interface Account {
  id: string;
  name: string;
}

export interface TeamRef {
  id: string;
  name: string;
}

export interface PersonRef {
  id: string;
  name: string;
}

export type PersonKind = 'human' | 'agent';

export interface Person extends PersonRef {
  username: string;
  email: string;
  time_zone: string;
  location: string | null;
  title: string | null;
  bio: string | null;
  administrator: boolean;
  kind: PersonKind;
  created_at: string;
  updated_at: string;
  url: string;
  account: Account;
  teams: TeamRef[];
}

export interface Team extends TeamRef {
  description: string | null;
  private: boolean;
  completion_tracking: boolean;
  mood_tracking: boolean;
  report_days: Weekday[];
  people: PersonRef[];
  url: string;
}

export interface CheckIn {
  type: 'check-in';
  id: string;
  date: string;
  person: PersonRef;
  teams: TeamRef[];
  previous: string | null;
  intentions: string | null;
  blockers: string | null;
  mood: Mood | null;
  previous_completed: boolean | null;
  blocked: boolean;
  absent: boolean;
  completed_at: string | null;
  updated_at: string;
  url: string;
}

/** One page of a list: the items and whether another page follows (lists carry no totals). */
export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  hasNext: boolean;
}

export interface GoalRef {
  id: string;
  title: string;
}

export type UpdateCadence = 'Weekly' | 'Biweekly' | 'Monthly';
export type ConfidenceDescription = 'Off track' | 'At risk' | 'On track';

/** Optional properties (description, dates, cadence) are left out when they are not set. */
export interface Goal {
  type: 'goal';
  id: string;
  title: string;
  description?: string;
  start_date?: string;
  end_date?: string;
  update_cadence?: UpdateCadence;
  owner: PersonRef;
  parent: GoalRef | null;
  private: boolean;
  archived: boolean;
  progress: number;
  confidence: number;
  confidence_description: ConfidenceDescription;
  contributors: PersonRef[];
  teams: TeamRef[];
  url: string;
}

export interface GoalUpdate {
  type: 'goal-update';
  id: string;
  goal: GoalRef;
  person: PersonRef;
  title?: string;
  body?: string;
  progress: number;
  confidence: number;
  confidence_description: ConfidenceDescription;
  created_at: string;
  updated_at: string;
  url: string;
}

export interface ResourceRef {
  type: 'check-in' | 'goal-update';
  id: string;
}

export interface Comment {
  type: 'comment';
  id: string;
  body: string;
  person: PersonRef;
  resource: ResourceRef;
  created_at: string;
}

export type ReactionName = 'thumbsup' | 'thumbsdown' | 'smile' | 'confused' | 'heart' | 'tada';

export interface Reaction {
  id: string;
  name: ReactionName;
  emoji: string;
  person: PersonRef;
  resource: ResourceRef;
  created_at: string;
}

export interface Activity {
  id: string;
  kind: string;
  group: string;
  title: string | null;
  description: string;
  url: string | null;
  recorded_at: string;
  person: PersonRef;
}

export interface EchoQuestionRef {
  id: string;
  title: string;
}

export interface EchoQuestion {
  id: string;
  prompt: string;
  title: string;
  answer_frequency: 'daily' | 'weekly' | 'biweekly' | 'monthly';
  /** Left out for daily questions, which ignore it. */
  answer_day?: Weekday;
  answer_time: string;
  answer_time_zone: string;
  next_answer_at: string | null;
  paused_at: string | null;
  /** An extension of `pulse serve`: a daily question answers every day, not only on report days. */
  every_day: boolean;
  /**
   * An extension of `pulse serve`: what the last catch-up left out (it publishes the last 12 due
   * occurrences at most): how many, and the first and last of them; null when nothing was.
   */
  skipped: { count: number; first: string; last: string } | null;
  created_at: string;
  updated_at: string;
  url: string;
}

export interface EchoAnswer {
  type: 'echo-answer';
  id: string;
  question: EchoQuestionRef;
  title: string;
  /** Markdown; null while it is being written. */
  body: string | null;
  published_at: string;
  url: string;
}

export interface Ask {
  id: string;
  prompt: string;
  /** Markdown; null while it is being written. */
  body: string | null;
  created_at: string;
  updated_at: string;
  url: string;
}

export type DigestCategory = 'check-in' | 'comment' | 'echo' | 'goal';

export interface DigestEntry {
  id: string;
  category: DigestCategory;
  published_at: string;
  read_at: string | null;
  /** The full object: CheckIn, Comment, EchoAnswer, Goal or GoalUpdate (told apart by its `type`). */
  resource: CheckIn | Comment | EchoAnswer | Goal | GoalUpdate;
}
