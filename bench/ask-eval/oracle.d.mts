// Types of oracle.mjs for the test of its semantics (test/core/ask-eval.test.ts).

/** A time as the questions name it. */
export type Time =
  | { kind: 'today' | 'yesterday' | 'this-week' | 'last-week' | 'last-month' | 'any' | 'now' }
  | { kind: 'since'; weekday: string }
  | { kind: 'month'; month: string }
  | { kind: 'last-n'; n: number };

export type Subject =
  | { kind: 'all' | 'my-team' | 'me' }
  | { kind: 'team'; team: string }
  | { kind: 'person'; person: string };

/** The facts the oracle reads (history.mjs generates them); only the fields it uses. */
export interface Facts {
  today: string;
  admin: { key: string };
  people: { key: string; team: string }[];
  checkIns: {
    person: string;
    date: string;
    blocked: boolean;
    blockerTopic?: string;
    planTopic?: string;
    doneTopic?: string;
    mentions: string[];
    mood: string;
  }[];
  absences: { person: string; date: string }[];
  holidays: { team: string; date: string }[];
  missing: { person: string; date: string }[];
  comments: { person: string; date: string }[];
  activities: { person: string; kind: string; date: string }[];
  goals: { key: string; team: string; updates: { date: string; confidence: number }[] }[];
}

export function mondayOf(date: string): string;
export function datesOf(time: Time, today: string): { from: string; to: string } | undefined;
export function makeOracle(history: Facts): {
  expectedPeople(question: {
    asker: string;
    subject: Subject;
    theme: string;
    time: Time;
    topic?: string;
    mood?: string;
    person?: string;
    kinds?: string[];
  }): string[];
  expectedGoals(question: { time: Time; atMost?: number; team?: string; asker?: string }): string[];
};
