/**
 * The question reader over a table of varied questions: intent, first theme, time, whose reports, who is
 * mentioned, teams and search words, read as of Monday 2026-11-23. Names come in every form people type
 * them: lower case, first or last name alone, without accents, with one typo, as @handles.
 */
import { describe, expect, it } from 'vitest';
import type { Intent, Theme } from '../../src/core/answers/question.js';
import { type ReadingContext, readPrompt } from '../../src/core/answers/reading.js';
import type { TeamRow } from '../../src/core/repository.js';
import { personRow } from '../helpers/rows.js';

const team = (id: string, name: string): TeamRow => ({
  id,
  name,
  description: null,
  private: false,
  completion_tracking: true,
  mood_tracking: true,
  questions: null,
  report_days: ['monday'],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const people = [
  personRow('a', 'Ana Díaz', { username: 'ana' }),
  personRow('b', 'Ben Okafor', { username: 'ben' }),
  personRow('w', 'Will Stone', { username: 'wstone' }),
  personRow('g', 'Gina Rossi', { username: 'gina' }),
  personRow('c', 'Céline Martin', { username: 'cmartin' }),
  personRow('h', 'Hiroshi Tanaka', { username: 'hiro' }),
  personRow('m', 'Marcus Oyelaran', { username: 'marcus' }),
  personRow('p1', 'Priya Raman', { username: 'praman' }),
  personRow('p2', 'Priya Shah', { username: 'pshah' }),
  personRow('j', 'Jonas Müller', { username: 'jmuller' }),
];
const context: ReadingContext = {
  today: '2026-11-23', // a Monday
  asker: people[0] as (typeof people)[number],
  people,
  teams: [
    team('t1', 'Atlas'),
    team('t2', 'Mobile'),
    team('t3', 'Borealis'),
    team('t4', 'Design Ops'),
    team('t5', 'Core'),
  ],
};

/** 'any', 'now', a date, or 'from..to'. */
type Time = string;
interface Expected {
  people?: string[];
  mentioned?: string[];
  teams?: string[];
  terms?: string[];
}
type Row = [question: string, intent: Intent, theme: Theme | null, time: Time, expected?: Expected];

const LAST_WEEK = '2026-11-16..2026-11-22';
const THIS_WEEK = '2026-11-23';
const TODAY = '2026-11-23';
const YESTERDAY = '2026-11-22';
const OCTOBER = '2026-10-01..2026-10-31';
const THIS_MONTH = '2026-11-01..2026-11-23';

const ROWS: Row[] = [
  // Blockers
  ['Who on Atlas reported blockers last week?', 'who', 'blocked', LAST_WEEK, { teams: ['Atlas'] }],
  ['Who on atlas had blockers last week?', 'who', 'blocked', LAST_WEEK, { teams: ['Atlas'] }],
  [
    'Which people on the Atlas team were blocked last week?',
    'who',
    'blocked',
    LAST_WEEK,
    { teams: ['Atlas'] },
  ],
  ['Who is blocked?', 'who', 'blocked', 'now'],
  ["Who's stuck right now?", 'who', 'blocked', 'now'],
  ['Who is waiting on Gina?', 'who', 'blocked', 'now', { mentioned: ['g'] }],
  ['Is anyone waiting for Hiroshi?', 'yes-no', 'blocked', 'now', { mentioned: ['h'] }],
  ['Who was blocked by Marcus last week?', 'who', 'blocked', LAST_WEEK, { mentioned: ['m'] }],
  ['Is Gina blocked?', 'yes-no', 'blocked', 'now', { people: ['g'] }],
  ['is gina still blocked', 'yes-no', 'blocked', 'now', { people: ['g'] }],
  ['Was Ben blocked yesterday?', 'yes-no', 'blocked', YESTERDAY, { people: ['b'] }],
  ['What is blocking Céline?', 'what', 'blocked', 'now', { people: ['c'] }],
  ["what's blocking celine", 'what', 'blocked', 'now', { people: ['c'] }],
  ['Any blockers on Mobile this week?', 'what', 'blocked', THIS_WEEK, { teams: ['Mobile'] }],
  ['How many people are blocked on Mobile?', 'count', 'blocked', 'now', { teams: ['Mobile'] }],
  ['How many of us were stuck last month?', 'count', 'blocked', OCTOBER],
  [
    'Did anybody report a blocker on Borealis since Friday?',
    'yes-no',
    'blocked',
    '2026-11-20..2026-11-23',
    { teams: ['Borealis'] },
  ],
  ['What blocked the Design Ops team in October?', 'what', 'blocked', OCTOBER, { teams: ['Design Ops'] }],
  ['Who reported blockers about the vendor API?', 'who', 'blocked', 'any', { terms: ['vendor', 'api'] }],
  ['Who has blockers?', 'who', 'blocked', 'now'],
  ['Which of my teammates are blocked?', 'who', 'blocked', 'now'],
  ['Anyone stuck on the importer?', 'yes-no', 'blocked', 'now', { terms: ['importer'] }],
  ['Who is held up by the Jira migration?', 'who', 'blocked', 'now', { terms: ['migration'] }],
  ['Who on Atlas is waiting for Ben?', 'who', 'blocked', 'now', { teams: ['Atlas'], mentioned: ['b'] }],
  ['What is Will Stone blocked by?', 'what', 'blocked', 'now', { people: ['w'] }],
  ['Is Marcsu blocked?', 'yes-no', 'blocked', 'now', { people: ['m'] }],
  ['Who was blocked on the 18th?', 'who', 'blocked', '2026-11-18'],
  ['Who reported being stuck in the last 3 days?', 'who', 'blocked', '2026-11-21..2026-11-23'],
  // Absences
  ['Who was out last week?', 'who', 'absent', LAST_WEEK],
  ['Who is out today?', 'who', 'absent', TODAY],
  ['Who was absent on Borealis last week?', 'who', 'absent', LAST_WEEK, { teams: ['Borealis'] }],
  ["Who's off tomorrow?", 'who', 'absent', '2026-11-24'],
  ['Is Hiroshi on leave?', 'yes-no', 'absent', 'now', { people: ['h'] }],
  ['Was hiroshi away on Friday?', 'yes-no', 'absent', '2026-11-20', { people: ['h'] }],
  ['Who is on vacation next week?', 'who', 'absent', '2026-11-30..2026-12-06'],
  ['How many people were out sick in October?', 'count', 'absent', OCTOBER],
  ['Who took time off this month?', 'who', 'absent', THIS_MONTH],
  ['Is anyone OOO right now?', 'yes-no', 'absent', 'now'],
  ['Which members of Mobile are away?', 'who', 'absent', 'now', { teams: ['Mobile'] }],
  ['Was Priya Shah on holiday last month?', 'yes-no', 'absent', OCTOBER, { people: ['p2'] }],
  ['Who was sick the day before yesterday?', 'who', 'absent', '2026-11-21'],
  ['Who was out between Monday and Wednesday?', 'who', 'absent', '2026-11-16..2026-11-18'],
  ['Anybody absent from Atlas today?', 'yes-no', 'absent', TODAY, { teams: ['Atlas'] }],
  ['Did Will take a day off last week?', 'yes-no', 'absent', LAST_WEEK, { people: ['w'] }],
  ['Who was out on Nov 20?', 'who', 'absent', '2026-11-20'],
  ['Who was out from 2026-11-02 to 2026-11-06?', 'who', 'absent', '2026-11-02..2026-11-06'],
  ['Who was absent on the 2nd of November?', 'who', 'absent', '2026-11-02'],
  ['Who is away on Core this week?', 'who', 'absent', THIS_WEEK, { teams: ['Core'] }],
  // Missing check-ins
  ["Who hasn't checked in today?", 'who', 'missing', TODAY],
  ['Who has not filled in their check-in yet?', 'who', 'missing', 'now'],
  ["Who didn't check in yesterday?", 'who', 'missing', YESTERDAY],
  ['Who is late with their check-in?', 'who', 'missing', 'now'],
  ['Who has not submitted a check-in this week?', 'who', 'missing', THIS_WEEK],
  ['How many people on Core are missing check-ins today?', 'count', 'missing', TODAY, { teams: ['Core'] }],
  ['Did Ben miss his check-in on Friday?', 'yes-no', 'missing', '2026-11-20', { people: ['b'] }],
  ["Which people haven't reported yet this week?", 'who', 'missing', THIS_WEEK],
  ['Who forgot to check in on Monday?', 'who', 'missing', TODAY],
  ['Has everyone on Atlas checked in today?', 'yes-no', 'missing', TODAY, { teams: ['Atlas'] }],
  ['Who still needs to check in?', 'who', 'missing', 'now'],
  ['any missing check-ins on Borealis last week?', 'what', 'missing', LAST_WEEK, { teams: ['Borealis'] }],
  ["Who on mobile hasn't sent their update?", 'who', 'missing', 'now', { teams: ['Mobile'] }],
  // Mentions and search words, at any time
  ['Who mentioned the vendor API keys?', 'who', null, 'any', { terms: ['vendor', 'api', 'keys'] }],
  ['Who mentioned Gina?', 'who', null, 'any', { mentioned: ['g'] }],
  ['Did anyone mention the budget review?', 'yes-no', null, 'any', { terms: ['budget', 'review'] }],
  ['Has anybody talked about the offsite?', 'yes-no', null, 'any', { terms: ['offsite'] }],
  ['What did Ben say about Gina?', 'what', null, 'any', { people: ['b'], mentioned: ['g'] }],
  ['Who wrote about the SSO rollout?', 'who', null, 'any', { terms: ['sso', 'rollout'] }],
  ['Who posted about Kubernetes in October?', 'who', null, OCTOBER, { terms: ['kubernetes'] }],
  ['Which check-ins mention the Stripe webhook?', 'what', null, 'any', { terms: ['stripe', 'webhook'] }],
  ['What did people say about the new pricing?', 'what', null, 'any', { terms: ['pricing'] }],
  ['Any news on the Postgres upgrade?', 'what', null, 'any', { terms: ['postgres', 'upgrade'] }],
  ['Who mentioned me last week?', 'who', null, LAST_WEEK, { mentioned: ['a'] }],
  ['Is anyone waiting on me?', 'yes-no', 'blocked', 'now', { mentioned: ['a'] }],
  ['Who talked to Will Stone yesterday?', 'who', null, YESTERDAY, { mentioned: ['w'] }],
  ['Who raised concerns about latency?', 'who', null, 'any', { terms: ['concerns', 'latency'] }],
  [
    'What did hiroshi report about the migration?',
    'what',
    null,
    'any',
    { people: ['h'], terms: ['migration'] },
  ],
  ['Anything from marcus about onboarding?', 'what', null, 'any', { people: ['m'], terms: ['onboarding'] }],
  [
    'What did Gina Rossi write about accessibility last month?',
    'what',
    null,
    OCTOBER,
    { people: ['g'], terms: ['accessibility'] },
  ],
  ['Did Céline mention Jonas?', 'yes-no', null, 'any', { people: ['c'], mentioned: ['j'] }],
  ['Who is talking about the outage?', 'who', null, 'now', { terms: ['outage'] }],
  ['Which teammates mentioned Hiroshi this week?', 'who', null, THIS_WEEK, { mentioned: ['h'] }],
  ['Has Gina mentioned the audit?', 'yes-no', null, 'any', { people: ['g'], terms: ['audit'] }],
  ['What did Ana Díaz write on Monday?', 'what', null, TODAY, { people: ['a'] }],
  ['How many check-ins mention the vendor?', 'count', null, 'any', { terms: ['vendor'] }],
  ['Who figured out the flaky tests?', 'who', null, 'any', { terms: ['figured', 'flaky', 'tests'] }],
  ['Who checked out the new dashboard?', 'who', null, 'any', { terms: ['dashboard'] }],
  ['Did Gina sign off on the design?', 'yes-no', null, 'any', { people: ['g'], terms: ['sign', 'design'] }],
  ['What did Ben find out about the bug?', 'what', null, 'any', { people: ['b'], terms: ['bug'] }],
  ['Who released the new billing page?', 'who', null, 'any', { terms: ['released', 'billing', 'page'] }],
  ['Who logged a blocker this week?', 'who', 'blocked', THIS_WEEK],
  ['What blockers came up yesterday?', 'what', 'blocked', YESTERDAY],
  ['Who left comments on Atlas check-ins last week?', 'who', 'comments', LAST_WEEK, { teams: ['Atlas'] }],
  ['Did Priya ship the export?', 'yes-no', 'done', 'any', { terms: ['ship', 'priya', 'export'] }],
  // Work done
  ['What did Gina ship?', 'what', 'done', 'any', { people: ['g'], terms: ['ship'] }],
  ['What did Ben ship last week?', 'what', 'done', LAST_WEEK, { people: ['b'], terms: ['ship'] }],
  ['Who shipped the importer?', 'who', 'done', 'any', { terms: ['ship', 'importer'] }],
  [
    'Did Will finish the onboarding flow?',
    'yes-no',
    'done',
    'any',
    { people: ['w'], terms: ['onboarding', 'flow'] },
  ],
  ['What did okafor do last Friday?', 'what', 'done', '2026-11-20', { people: ['b'] }],
  ['What did I do last week?', 'what', 'done', LAST_WEEK, { people: ['a'] }],
  ['What has the Mobile team delivered this month?', 'what', 'done', THIS_MONTH, { teams: ['Mobile'] }],
  ['What got done on Atlas yesterday?', 'what', 'done', YESTERDAY, { teams: ['Atlas'] }],
  [
    'what did jonas muller work on in September?',
    'what',
    'done',
    '2026-09-01..2026-09-30',
    { people: ['j'] },
  ],
  ['what did Müller get done this week', 'what', 'done', THIS_WEEK, { people: ['j'] }],
  ['What did hiroshii do this month?', 'what', 'done', THIS_MONTH, { people: ['h'] }],
  ['What did Celine Martn ship?', 'what', 'done', 'any', { people: ['c'], terms: ['ship'] }],
  ['What did @wstone ship this week?', 'what', 'done', THIS_WEEK, { people: ['w'], terms: ['ship'] }],
  ['What did wstone do last week?', 'what', 'done', LAST_WEEK, { people: ['w'] }],
  ['What did Raman ship?', 'what', 'done', 'any', { people: ['p1'], terms: ['ship'] }],
  [
    'What did Ben and Gina ship in October?',
    'what',
    'done',
    OCTOBER,
    { people: ['b', 'g'], terms: ['ship'] },
  ],
  [
    'What did Mobile ship over the past two weeks?',
    'what',
    'done',
    '2026-11-10..2026-11-23',
    { teams: ['Mobile'], terms: ['ship'] },
  ],
  ['What did the team do from November 2 to 6?', 'what', 'done', '2026-11-02..2026-11-06'],
  // Plans
  ['What is Ben working on?', 'what', 'plans', 'now', { people: ['b'] }],
  ['What is Priya Raman planning this week?', 'what', 'plans', THIS_WEEK, { people: ['p1'] }],
  ["What are the Atlas team's plans?", 'what', 'plans', 'now', { teams: ['Atlas'] }],
  ["What's Hiroshi going to do next?", 'what', 'plans', 'now', { people: ['h'] }],
  ['Who is working on the billing release?', 'who', 'plans', 'now', { terms: ['billing', 'release'] }],
  ['What does Marcus intend to do tomorrow?', 'what', 'plans', '2026-11-24', { people: ['m'] }],
  ['What is Okafr working on?', 'what', 'plans', 'now', { people: ['b'] }],
  ['what will ship next?', 'what', 'plans', 'any', { terms: ['ship'] }],
  // Moods
  ['How is Ana feeling?', 'feeling', 'mood', 'now', { people: ['a'] }],
  ['how is celine feeling', 'feeling', 'mood', 'now', { people: ['c'] }],
  ['How was the mood last week?', 'feeling', 'mood', LAST_WEEK],
  ["How's the Mobile team feeling today?", 'feeling', 'mood', TODAY, { teams: ['Mobile'] }],
  ['Who was stressed in October?', 'who', 'mood', OCTOBER],
  ['Was anyone frustrated yesterday?', 'yes-no', 'mood', YESTERDAY],
  ['How many people felt tired this week?', 'count', 'mood', THIS_WEEK],
  ["What's the morale on Borealis?", 'feeling', 'mood', 'now', { teams: ['Borealis'] }],
  ['Is Priya Shah happy?', 'yes-no', 'mood', 'now', { people: ['p2'] }],
  ['Who feels anxious about the launch?', 'who', 'mood', 'now', { terms: ['launch'] }],
  ['How is Jonas feeling?', 'feeling', 'mood', 'now', { people: ['j'] }],
  ['Was anyone stressed about the deadline last week?', 'yes-no', 'mood', LAST_WEEK, { terms: ['deadline'] }],
  // Goals
  ['Which goals are off track?', 'which-goals', 'goals', 'now'],
  ['Which goals are at risk?', 'which-goals', 'goals', 'now'],
  ['Are any goals at risk?', 'yes-no', 'goals', 'now'],
  ['What goals does Atlas have at risk?', 'which-goals', 'goals', 'now', { teams: ['Atlas'] }],
  ['How many goals are off track on Mobile?', 'count', 'goals', 'now', { teams: ['Mobile'] }],
  ['Which OKRs did Ben update last month?', 'which-goals', 'goals', OCTOBER, { people: ['b'] }],
  ['Show me goals with low confidence', 'which-goals', 'goals', 'any'],
  [
    'Which goals did Core report progress on this quarter?',
    'which-goals',
    'goals',
    '2026-10-01..2026-11-23',
    { teams: ['Core'] },
  ],
  ['Is Atlas off track?', 'yes-no', 'goals', 'now', { teams: ['Atlas'] }],
  ['Who completed their goals last quarter?', 'who', 'goals', '2026-07-01..2026-09-30'],
  // Activities
  ['Which pull requests did Ben merge last week?', 'what', 'activities', LAST_WEEK, { people: ['b'] }],
  ['What did Gina do on GitHub yesterday?', 'what', 'activities', YESTERDAY, { people: ['g'] }],
  [
    'How many Jira tickets did Atlas close this week?',
    'count',
    'activities',
    THIS_WEEK,
    { teams: ['Atlas'], terms: ['close'] },
  ],
  ['Who had meetings on Wednesday?', 'who', 'activities', '2026-11-18'],
  // Comments
  ['Any comments on the launch plan?', 'what', 'comments', 'any', { terms: ['launch'] }],
  ['What feedback did Marcus get last week?', 'what', 'comments', LAST_WEEK, { people: ['m'] }],
  ["Who replied to Gina's check-in?", 'who', 'comments', 'any', { mentioned: ['g'] }],
  // Completion
  ['Did everyone do what they intended last week?', 'yes-no', 'completion', LAST_WEEK],
  ['Who followed through on their plans this week?', 'who', 'completion', THIS_WEEK],
  // Overviews and windows
  ['Summarise last week', 'what', null, LAST_WEEK],
  ['What happened on Atlas since the 3rd?', 'what', null, '2026-11-03..2026-11-23', { teams: ['Atlas'] }],
  ['What happened between Nov 3 and Nov 10?', 'what', null, '2026-11-03..2026-11-10'],
  [
    'What happened 2 weeks ago on the Atlas team?',
    'what',
    null,
    '2026-11-09..2026-11-15',
    { teams: ['Atlas'] },
  ],
  ['Anything new from Ben three days ago?', 'what', null, '2026-11-20', { people: ['b'] }],
  ['What happened on Borealis a month ago?', 'what', null, OCTOBER, { teams: ['Borealis'] }],
  [
    'Give me an update on Design Ops since September',
    'what',
    null,
    '2026-09-01..2026-11-23',
    { teams: ['Design Ops'] },
  ],
  ['What happened during the week of Nov 9?', 'what', null, '2026-11-09..2026-11-15'],
  ['What did the team achieve in Q3?', 'what', 'done', '2026-07-01..2026-09-30'],
  ['Who is out of office until Friday?', 'who', 'absent', '2026-11-23..2026-11-27'],
  ['Is Ben out of the loop?', 'yes-no', null, 'now', { people: ['b'], terms: ['loop'] }],
  ['Who worked with Gina last week?', 'who', null, LAST_WEEK, { mentioned: ['g'] }],
  ['Who reviewed code yesterday?', 'who', 'activities', YESTERDAY],
  ["Who hasn't posted an update since Monday?", 'who', 'missing', '2026-11-16..2026-11-23'],
  ['Were there any blockers on Borealis yesterday?', 'yes-no', 'blocked', YESTERDAY, { teams: ['Borealis'] }],
  ['What moods did Gina report last week?', 'feeling', 'mood', LAST_WEEK, { people: ['g'] }],
  ["What are Gina's blockers?", 'what', 'blocked', 'now', { people: ['g'] }],
  ["Tell me who hasn't filled in their check-in today", 'who', 'missing', TODAY],
  ['What is blocking the I/O layer?', 'what', 'blocked', 'now', { terms: ['layer'] }],
];

function expectedWindow(time: Time) {
  if (time === 'any') return { sense: 'any', from: '2000-01-01', to: '2026-11-23' };
  if (time === 'now') return { sense: 'now', from: '2026-11-23', to: '2026-11-23' };
  const [from, to = from] = time.split('..');
  return { sense: 'window', from, to };
}

describe('reading questions', () => {
  it('has a varied table', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(120);
    expect(new Set(ROWS.map((row) => row[0])).size).toBe(ROWS.length);
  });

  it.each(ROWS)('%s', (question, intent, theme, time, expected = {}) => {
    const reading = readPrompt(question, context);
    expect({
      intent: reading.intent,
      theme: reading.themes[0] ?? null,
      window: { sense: reading.window.sense, from: reading.window.from, to: reading.window.to },
      people: reading.people.map((person) => person.id),
      mentioned: reading.mentioned.map((person) => person.id),
      teams: reading.teams.map((team) => team.name),
      terms: reading.terms,
    }).toEqual({
      intent,
      theme,
      window: expectedWindow(time),
      people: expected.people ?? [],
      mentioned: expected.mentioned ?? [],
      teams: expected.teams ?? [],
      terms: expected.terms ?? [],
    });
  });
});
