/**
 * The reduced run of the ask evaluation (bench/ask-eval, README.md there): about 40 questions, spread over
 * the intents and themes, asked in process of a small generated history whose facts are known. It gates
 * quality: no answer may say "nobody" when the facts hold someone, and at least 90% must be fully right.
 */
import { describe, expect, it } from 'vitest';
import {
  type Question,
  type Result,
  readingLine,
  runEvaluation,
  scoreAnswer,
} from '../../bench/ask-eval/evaluate.mjs';
import {
  datesOf,
  type Facts,
  makeOracle,
  mondayOf,
  type Subject,
  type Time,
} from '../../bench/ask-eval/oracle.mjs';
import type { AnswerFacts } from '../../src/core/answers/question.js';

const describeFailure = ({ question, got, reading }: Result) =>
  [
    `#${question.id} ${question.prompt} (asked by ${question.asker})`,
    `  expected ${JSON.stringify(question.expected)}`,
    `  got ${JSON.stringify({ people: got.people, goals: got.goals, count: got.count, yes: got.yes, none: got.none })}`,
    `  reading ${readingLine(reading)}`,
  ].join('\n');

it('answers the reduced evaluation without a false "nobody" and at least 90% fully right', async () => {
  const { questions, results, summary } = await runEvaluation({ quick: true });
  expect(questions.length).toBeGreaterThanOrEqual(36);
  expect(new Set(questions.map((q) => q.intent)).size).toBe(6);

  const falseNobody = results.filter((r) => r.score.falseNobody).map(describeFailure);
  expect(falseNobody, `false "nobody" answers:\n${falseNobody.join('\n')}`).toEqual([]);
  const wrong = results.filter((r) => !r.score.fullyRight).map(describeFailure);
  expect(
    summary.fullyRight,
    `${(summary.fullyRight * 100).toFixed(1)}% fully right; not fully right:\n${wrong.join('\n')}`,
  ).toBeGreaterThanOrEqual(0.9);
});

describe("the evaluation's oracle", () => {
  const today = '2026-11-19'; // a Thursday
  const checkIn = (
    person: string,
    date: string,
    blocked: boolean,
    extra: Partial<Facts['checkIns'][0]> = {},
  ) => ({
    person,
    date,
    blocked,
    mentions: [],
    mood: 'calm',
    ...extra,
  });
  const facts: Facts = {
    today,
    admin: { key: 'admin' },
    people: [
      { key: 'ana', team: 'atlas' },
      { key: 'ben', team: 'atlas' },
      { key: 'cy', team: 'core' },
    ],
    checkIns: [
      // Ana was blocked, then answered "none": not blocked now. Ben's latest report is blocked.
      checkIn('ana', '2026-11-10', true, { blockerTopic: 'staging-db' }),
      checkIn('ana', '2026-11-18', false),
      checkIn('ben', '2026-11-12', true, { mentions: ['cy'] }),
      checkIn('cy', '2026-11-19', true, { mood: 'stressed' }),
    ],
    absences: [{ person: 'ben', date: today }],
    holidays: [{ team: 'core', date: '2026-11-09' }],
    missing: [{ person: 'ana', date: today }],
    comments: [],
    activities: [{ person: 'cy', kind: 'jira', date: '2026-10-30' }],
    goals: [
      {
        key: 'g1',
        team: 'atlas',
        updates: [
          { date: '2026-10-05', confidence: 30 },
          { date: '2026-11-16', confidence: 90 },
        ],
      },
      { key: 'g2', team: 'core', updates: [{ date: '2026-11-17', confidence: 60 }] },
    ],
  };
  const oracle = makeOracle(facts);
  const all: Subject = { kind: 'all' };
  const who = (theme: string, time: Time, extra: Record<string, unknown> = {}) =>
    oracle.expectedPeople({ asker: 'admin', subject: all, theme, time, ...extra });

  it('reads weeks from Monday to Sunday, months whole up to today, and "since" a weekday', () => {
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(datesOf({ kind: 'this-week' }, today)).toEqual({ from: '2026-11-16', to: today });
    expect(datesOf({ kind: 'last-week' }, today)).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(datesOf({ kind: 'last-month' }, today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(datesOf({ kind: 'month', month: 'november' }, today)).toEqual({ from: '2026-11-01', to: today });
    expect(datesOf({ kind: 'since', weekday: 'tuesday' }, today)).toEqual({ from: '2026-11-17', to: today });
    expect(datesOf({ kind: 'last-n', n: 10 }, today)).toEqual({ from: '2026-11-10', to: today });
    expect(datesOf({ kind: 'now' }, today)).toBeUndefined();
  });

  it("reads the present tense as each person's latest report, and past tense without dates as any time", () => {
    expect(who('blocked', { kind: 'now' })).toEqual(['ben', 'cy']);
    expect(who('blocked', { kind: 'any' })).toEqual(['ana', 'ben', 'cy']);
    expect(who('blocked', { kind: 'last-week' })).toEqual(['ana', 'ben']);
    expect(who('blocked', { kind: 'any' }, { topic: 'staging-db' })).toEqual(['ana']);
    expect(who('mentioned', { kind: 'any' }, { person: 'cy' })).toEqual(['ben']);
    expect(who('mood', { kind: 'today' }, { mood: 'stressed' })).toEqual(['cy']);
  });

  it('counts a team holiday for each member, reads "now" as today for absences and missing check-ins', () => {
    expect(who('absent', { kind: 'now' })).toEqual(['ben']);
    expect(who('absent', { kind: 'last-week' })).toEqual(['cy']);
    expect(who('missing', { kind: 'today' })).toEqual(['ana']);
    expect(who('activities', { kind: 'last-month' }, { kinds: ['jira'] })).toEqual(['cy']);
  });

  it('names only the people the asker sees: a member sees their own teams', () => {
    expect(
      oracle.expectedPeople({ asker: 'ana', subject: all, theme: 'blocked', time: { kind: 'any' } }),
    ).toEqual(['ana', 'ben']);
    const core: Subject = { kind: 'team', team: 'core' };
    expect(
      oracle.expectedPeople({ asker: 'ana', subject: core, theme: 'blocked', time: { kind: 'any' } }),
    ).toEqual([]);
    expect(
      oracle.expectedPeople({
        asker: 'ana',
        subject: { kind: 'me' },
        theme: 'missing',
        time: { kind: 'today' },
      }),
    ).toEqual(['ana']);
  });

  it('reads goals now by their latest confidence, and in a window by any update in it', () => {
    expect(oracle.expectedGoals({ time: { kind: 'now' }, atMost: 60 })).toEqual(['g2']);
    expect(oracle.expectedGoals({ time: { kind: 'now' }, atMost: 30 })).toEqual([]);
    expect(oracle.expectedGoals({ time: { kind: 'last-month' }, atMost: 30 })).toEqual(['g1']);
    expect(oracle.expectedGoals({ time: { kind: 'this-week' } })).toEqual(['g1', 'g2']);
    expect(oracle.expectedGoals({ time: { kind: 'this-week' }, team: 'core' })).toEqual(['g2']);
  });
});

describe("the evaluation's scoring", () => {
  const question = (intent: Question['intent'], expected: Question['expected']): Question => ({
    id: 1,
    asker: 'admin',
    prompt: 'Who was blocked?',
    intent,
    theme: 'blocked',
    expected,
  });
  const facts = (extra: Partial<AnswerFacts>): AnswerFacts => ({
    people: [],
    goals: [],
    none: false,
    ...extra,
  });

  it('calls "nobody" false only when the facts hold someone', () => {
    expect(scoreAnswer(question('who', { people: ['ana'] }), facts({ none: true })).falseNobody).toBe(true);
    expect(scoreAnswer(question('who', { people: [] }), facts({ none: true }))).toMatchObject({
      falseNobody: false,
      fullyRight: true,
    });
    expect(
      scoreAnswer(question('yes-no', { yes: true }), facts({ yes: false, none: true })).falseNobody,
    ).toBe(true);
    expect(scoreAnswer(question('count', { count: 0 }), facts({ count: 0, none: true })).fullyRight).toBe(
      true,
    );
  });

  it('needs the same set for a list, and the count (with any people named right) for a count', () => {
    const who = question('who', { people: ['ana', 'ben'] });
    expect(scoreAnswer(who, facts({ people: ['ben', 'ana'] }))).toMatchObject({ fullyRight: true, hits: 2 });
    expect(scoreAnswer(who, facts({ people: ['ana', 'cy'] }))).toMatchObject({
      fullyRight: false,
      hits: 1,
      named: 2,
    });
    const count = question('count', { people: ['ana', 'ben'], count: 2 });
    expect(scoreAnswer(count, facts({ count: 2 })).fullyRight).toBe(true);
    expect(scoreAnswer(count, facts({ count: 2, people: ['ana', 'cy'] })).fullyRight).toBe(false);
  });
});
