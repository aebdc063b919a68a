/**
 * The shapes shared by the question reader (reading.ts), the retrieval (evidence.ts), the composer
 * (compose.ts) and the evaluation (bench/ask-eval): what a question was read as, and what an answer
 * states in a form a program can check. Types only.
 */
import type { Mood } from '../moods.js';
import type { PersonRow, TeamRow } from '../repository.js';

/** What kind of answer the question wants; it decides the answer's first sentence. */
export type Intent =
  /** "Who was blocked?": the people, named in the first sentence. */
  | 'who'
  /** "How many people were out?": the number first. */
  | 'count'
  /** "Was anyone blocked on Friday?": yes or no first. */
  | 'yes-no'
  /** "Which goals are at risk?": the goals, named. */
  | 'which-goals'
  /** "How is Ben feeling?": moods. */
  | 'feeling'
  /** "What did Core ship?", "Summarise last week": the items themselves. */
  | 'what';

/** What the question asks about; the first theme decides which records answer it. */
export const THEMES = [
  'completion',
  'blocked',
  'absent',
  'missing',
  'mood',
  'goals',
  'activities',
  'comments',
  'plans',
  'done',
] as const;
export type Theme = (typeof THEMES)[number];

/**
 * The time the question is about.
 * - `window`: dates it named ("last week", "since Friday", "in October", "on 2026-11-03").
 * - `now`: present tense and no time words ("Who is blocked?"): each person's latest report, and for
 *   absences and missing check-ins, today.
 * - `any`: no time words otherwise: any time within the store, most recent first.
 */
export type TimeSense = 'window' | 'now' | 'any';

export interface AnswerWindow {
  /** Dates in the asker's zone, inclusive. For `any`, the first and last dates the store can hold. */
  from: string;
  to: string;
  /** How the answer names it: "last week (Nov 16-22, 2026)", "now", "at any time". */
  phrase: string;
  sense: TimeSense;
  /** Whether the question named it (sense `window`); an Echo's period counts as named. */
  explicit: boolean;
  /** An Echo's period: no wider window can be suggested. */
  fixed?: boolean;
}

export interface Reading {
  intent: Intent;
  /** In the order they decide the answer; empty: an overview of the window. */
  themes: Theme[];
  window: AnswerWindow;
  /** Whose reports the question is about (authors): "Who on Atlas...", "What did Ben ship?", "I". */
  people: PersonRow[];
  /** People the question asks about as objects, searched for in the text: "waiting on Gina". */
  mentioned: PersonRow[];
  /** Teams the question names; none: the asker's teams (everyone the asker can see). */
  teams: TeamRow[];
  /** Moods the question names ("who was stressed"). */
  moods: Mood[];
  /** Goals: only those reported at risk (confidence 60 or less) or off track (30 or less). */
  confidenceAtMost?: number;
  /** Activity kinds the question names (github, jira, pull requests...). */
  activityKinds: string[];
  /** Content words left for full-text search, lower case, as written (the search stems them). */
  terms: string[];
}

/** What an answer states, for programs (the evaluation, `--json`) as well as for its Markdown. */
export interface AnswerFacts {
  /** The people the answer names as matching, by id, in the order named. */
  people: string[];
  /** The goals the answer names as matching, by id. */
  goals: string[];
  /** The number a count question was answered with. */
  count?: number;
  /** The yes or no a yes/no question was answered with. */
  yes?: boolean;
  /**
   * The answer states that nothing matched. Only ever true when the theme itself was read over the
   * whole window (every blocker field, every absence) and found empty: never because search words
   * matched nothing.
   */
  none: boolean;
  /** The answer found nothing in the question's window and shows what a wider one found instead. */
  widened?: AnswerWindow;
}

export interface Answer {
  markdown: string;
  reading: Reading;
  facts: AnswerFacts;
}
