// Types of evaluate.mjs for the reduced run in the test suite (test/core/ask-eval.test.ts).
import type { Answer, AnswerFacts, Intent, Reading } from '../../src/core/answers/question.js';

export type EvalTheme =
  | 'blocked'
  | 'topic'
  | 'mentioned'
  | 'absent'
  | 'missing'
  | 'mood'
  | 'plans'
  | 'done'
  | 'goals'
  | 'activities'
  | 'comments';

/** What the answer must state; people and goals are the history's keys (e.g. "gina.r", "goal-2"). */
export interface Expected {
  people?: string[];
  goals?: string[];
  count?: number;
  yes?: boolean;
}

export interface Question {
  id: number;
  /** The asker's key in the history. */
  asker: string;
  prompt: string;
  intent: Intent;
  theme: EvalTheme;
  expected: Expected;
}

export interface Score {
  fullyRight: boolean;
  scoredAsSet: boolean;
  named: number;
  wanted: number;
  hits: number;
  falseNobody: boolean;
}

export interface Result {
  question: Question;
  /** The answer's facts with ids turned into history keys. */
  got: AnswerFacts;
  ms: number;
  reading: Reading;
  markdown: Answer['markdown'];
  score: Score;
}

export interface GroupFigures {
  questions: number;
  fullyRight: number;
}

export interface Summary {
  questions: number;
  fullyRight: number;
  byIntent: Record<string, GroupFigures>;
  byTheme: Record<string, GroupFigures>;
  precision: number;
  recall: number;
  countAccuracy: number;
  yesNoAccuracy: number;
  falseNobody: number;
  p50: number;
  p95: number;
}

export function expectsSomething(question: Question): boolean;
export function scoreAnswer(question: Question, got: AnswerFacts): Score;
export function summarise(results: Result[]): Summary;
export function readingLine(reading: Reading | undefined): string;
export function percentile(values: number[], p: number): number;
export function runEvaluation(options?: {
  quick?: boolean;
  seed?: number;
  reduced?: boolean;
  onResult?: (result: Result) => void;
}): Promise<{ questions: Question[]; results: Result[]; summary: Summary }>;
export const INTENTS: Intent[];
