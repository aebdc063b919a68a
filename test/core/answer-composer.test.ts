/**
 * The answer composer over a real SQLite store with known rows, fed Readings built by hand (so that it
 * is tested apart from the question reader): each theme's first sentence and facts, the "now" and "any"
 * senses, counts and yes/no, and the rule that no answer says "nobody" unless the theme was read whole.
 * "Today" is Mon 2026-11-23; "last week" is Nov 16-22. Core is Ana, Ben and Cy, reporting Mon-Fri.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Composer, dateRuns, excerpt } from '../../src/core/answers/compose.js';
import { answerQuestion } from '../../src/core/answers/engine.js';
import { EvidenceGatherer } from '../../src/core/answers/evidence.js';
import type { Answer, AnswerFacts, Reading } from '../../src/core/answers/question.js';
import type { CheckInRow, PersonRow, TeamRow } from '../../src/core/repository.js';
import type { ServiceContext } from '../../src/core/service-context.js';
import { createFixture, type Fixture } from '../helpers/store.js';

const TODAY = '2026-11-23';
const ASKED_AT = new Date('2026-11-23T10:00:00Z');

let fixture: Fixture;
let context: ServiceContext;
let people: Record<'ana' | 'ben' | 'cy' | 'eve', PersonRow>;
let core: TeamRow;

async function checkIn(
  person: string,
  date: string,
  answers: Partial<Pick<CheckInRow, 'previous' | 'intentions' | 'blockers' | 'mood'>> & {
    completed?: boolean;
  },
): Promise<void> {
  const blockers = answers.blockers ?? 'none';
  const at = `${date}T09:00:00.000Z`;
  await context.repo.saveCheckIn({
    id: randomUUID(),
    person_id: person,
    date,
    previous: answers.previous ?? 'Routine work',
    intentions: answers.intentions ?? 'More routine work',
    blockers,
    mood: answers.mood ?? null,
    previous_completed: true,
    blocked: blockers !== 'none',
    completed_at: answers.completed === false ? null : at,
    created_at: at,
    updated_at: at,
    team_ids: [core.id],
  });
}

beforeAll(async () => {
  fixture = await createFixture();
  const { ids, store } = fixture;
  context = store.serviceFor(ids.ben).context;
  const rows = await context.personRows([ids.ana, ids.ben, ids.cy, ids.eve]);
  const row = (id: string) => rows.get(id) as PersonRow;
  people = { ana: row(ids.ana), ben: row(ids.ben), cy: row(ids.cy), eve: row(ids.eve) };
  core = (await context.teamRows([ids.core])).get(ids.core) as TeamRow;

  const { ana, ben, cy } = ids;
  for (const date of ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']) {
    await checkIn(ana, date, { previous: `Hiring work on ${date}` });
  }
  await checkIn(ben, '2026-11-12', { previous: 'Rotated the vendor API keys', blockers: 'none' });
  await checkIn(ben, '2026-11-19', {
    previous: '- Fixed the importer\n- Reviewed the parser\n- Wrote the docs',
    blockers: '- Waiting on Eve for the staging keys\n- CI is flaky',
  });
  await checkIn(ben, '2026-11-20', { previous: 'Shipped the importer', blockers: 'none' });
  await checkIn(cy, '2026-11-17', { blockers: 'Design review pending with legal' });
  await checkIn(cy, '2026-11-18', { blockers: 'Still waiting on legal' });
  await checkIn(cy, '2026-11-19', { blockers: 'Legal again' });
  await checkIn(cy, '2026-11-20', { blockers: 'Legal, still' });
  await checkIn(cy, '2026-11-16', { blockers: 'Legal from the start', completed: false });
  for (let day = 1; day <= 11; day++)
    await checkIn(cy, `2026-10-${String(day).padStart(2, '0')}`, { blockers: `October blocker ${day}` });
  // Ben away Mon-Wed last week, Cy away today; Core's holiday last Friday... is after Ana's check-in.
  for (const date of ['2026-11-16', '2026-11-17', '2026-11-18'])
    await context.repo.addMemberAbsence(ben, date);
  await context.repo.addMemberAbsence(cy, TODAY);
  await context.repo.addTeamAbsence(core.id, '2026-11-13');
  await checkIn(ana, TODAY, { previous: 'Planning' });
});

afterAll(async () => {
  await fixture.store.close();
});

const LAST_WEEK = {
  from: '2026-11-16',
  to: '2026-11-22',
  phrase: 'last week (Nov 16-22, 2026)',
  sense: 'window',
  explicit: true,
} as const;
const NOW = { from: TODAY, to: TODAY, phrase: 'now', sense: 'now', explicit: false } as const;
const ANY_TIME = {
  from: '2000-01-01',
  to: TODAY,
  phrase: 'at any time',
  sense: 'any',
  explicit: false,
} as const;

function reading(partial: Partial<Reading>): Reading {
  return {
    intent: 'who',
    themes: [],
    window: LAST_WEEK,
    people: [],
    mentioned: [],
    teams: [],
    moods: [],
    activityKinds: [],
    terms: [],
    ...partial,
  };
}

async function compose(
  partial: Partial<Reading>,
): Promise<{ first: string; markdown: string; facts: AnswerFacts }> {
  const viewer = await context.viewer();
  const read = reading(partial);
  const evidence = await new EvidenceGatherer(context, viewer).gather(read, 'UTC', TODAY);
  const { markdown, facts } = new Composer(context.urls, read, evidence).compose();
  return { first: markdown.split('\n', 1)[0] as string, markdown, facts };
}

const idsOf = (...names: (keyof typeof people)[]) => names.map((name) => people[name].id);

describe('blockers', () => {
  it('in a window: who reported them, named, most blocked first', async () => {
    const { first, facts } = await compose({ themes: ['blocked'] });
    expect(first).toBe(
      '2 of 3 people on Core reported blockers last week (Nov 16-22, 2026): Cy Park and Ben Okafor.',
    );
    expect(facts).toEqual({ people: idsOf('cy', 'ben'), goals: [], none: false });
  });

  it('now: only people whose latest check-in has a blocker', async () => {
    const { first, facts } = await compose({ themes: ['blocked'], window: NOW });
    expect(first).toBe(
      '1 person on Core is blocked in their latest check-in (of 3 people who checked in in the last 14 days): Cy Park.',
    );
    expect(facts.people).toEqual(idsOf('cy'));
  });

  it('counts: the number of distinct people first', async () => {
    const { first, facts } = await compose({ intent: 'count', themes: ['blocked'] });
    expect(first).toBe(
      '2 people on Core reported blockers last week (Nov 16-22, 2026): Cy Park and Ben Okafor.',
    );
    expect(facts.count).toBe(2);
  });

  it('yes/no: yes first, then the evidence; no only when every blocker was read', async () => {
    const yes = await compose({ intent: 'yes-no', themes: ['blocked'] });
    expect(yes.first).toBe('Yes — Cy Park and Ben Okafor reported blockers last week (Nov 16-22, 2026).');
    expect(yes.facts.yes).toBe(true);
    const no = await compose({ intent: 'yes-no', themes: ['blocked'], people: [people.ana] });
    expect(no.first).toBe('No — Ana Diaz reported no blockers last week (Nov 16-22, 2026) (5 check-ins).');
    expect(no.facts).toMatchObject({ yes: false, none: true, people: [] });
  });

  it('any time: the blocked check-ins only, the most recent first', async () => {
    const { first, facts } = await compose({ themes: ['blocked'], window: ANY_TIME });
    expect(first).toBe(
      '2 people on Core reported blockers at any time, the most recent first: Cy Park and Ben Okafor.',
    );
    expect(facts.none).toBe(false);
  });

  it('a cut list says how many it left out and how to see them', async () => {
    const { markdown } = await compose({ themes: ['blocked'], window: ANY_TIME });
    expect(markdown).toContain('- Fri Nov 20: "Legal, still"');
    expect(markdown).toContain('- Tue Oct 6: "October blocker 6" ([10](https://pulse.test/api/v2/check-ins/');
    expect(markdown).toContain(
      '- …and 5 more, not shown (ask with a window, e.g. "last month", to see them)',
    );
    expect(markdown).not.toContain('October blocker 5"');
  });

  it('quotes multi-bullet answers whole, and every check-in of a person', async () => {
    const { markdown } = await compose({ themes: ['blocked'] });
    expect(markdown).toContain('- Thu Nov 19: "Waiting on Eve for the staging keys; CI is flaky" ([');
    expect(markdown).toContain('### Cy Park\n\n- Fri Nov 20: "Legal, still"');
    for (const quote of ['Still waiting on legal', 'Legal again', 'Design review pending with legal'])
      expect(markdown).toContain(quote);
    expect(markdown).not.toContain('more');
  });
});

describe('no false "nobody"', () => {
  it('search words that match nothing: says what it looked for and how it read the question', async () => {
    const { markdown, facts } = await compose({ themes: ['blocked'], terms: ['kubernetes'] });
    expect(markdown).toBe(
      [
        'I found no check-ins mentioning "kubernetes" on Core last week (Nov 16-22, 2026) that you can see.',
        'I read this as: blockers · words "kubernetes" · last week (Nov 16-22, 2026). Try a wider window, for example "last month" or "since 2026-08-24".',
      ].join('\n\n'),
    );
    expect(facts).toEqual({ people: [], goals: [], none: false });
  });

  it('words are ranked, not all required: an ordinary verb does not empty the answer', async () => {
    const { facts } = await compose({ themes: ['blocked'], terms: ['reported', 'legal'] });
    expect(facts.people).toEqual(idsOf('cy'));
    expect(facts.none).toBe(false);
  });

  it('counts and yes/no over what search words found: no zero count, no plain "no"', async () => {
    // Ana's check-ins mention hiring; none of them is blocked, but not every blocker field was read.
    const count = await compose({ intent: 'count', themes: ['blocked'], terms: ['hiring'] });
    expect(count.first).toBe(
      'I found none among what I read, so this is no count. No one I found on Core reported blockers last week (Nov 16-22, 2026) (5 check-ins from 1 person).',
    );
    expect(count.facts).toMatchObject({ count: 0, none: false });
    expect(count.markdown).toContain(
      'I read this as: count of people · blockers · words "hiring" · last week (Nov 16-22, 2026).',
    );
    const yesNo = await compose({ intent: 'yes-no', themes: ['blocked'], terms: ['hiring'] });
    expect(yesNo.first).toMatch(/^No — not among what I found\. /);
    expect(yesNo.facts).toMatchObject({ yes: false, none: false });
  });

  it('a wider window answers, marked as wider, when the question fixed none', async () => {
    const viewer = await context.viewer();
    // Present tense reads now (today's items); nothing there, so any time answers, marked as wider.
    const answer: Answer = await answerQuestion(context, viewer, 'Is anyone talking about the vendor?', {
      askedAt: ASKED_AT,
    });
    expect(answer.facts.widened).toMatchObject({ sense: 'any', phrase: 'at any time' });
    expect(answer.markdown).toContain('**Wider: at any time.**');
    expect(answer.markdown).toContain('"Rotated the vendor API keys"');
    expect(answer.facts.none).toBe(false);
  });

  it('a search over the whole window that finds nothing answers a yes/no with no, never nobody', async () => {
    const { first, facts } = await compose({ intent: 'yes-no', terms: ['kubernetes'] });
    expect(first).toBe(
      'No — I found no check-ins, goal updates, comments or activities mentioning "kubernetes" on Core last week (Nov 16-22, 2026) that you can see.',
    );
    expect(facts).toEqual({ people: [], goals: [], none: false, yes: false });
  });

  it('a count of a theme read whole that finds nothing is zero', async () => {
    const { first, facts } = await compose({ intent: 'count', themes: ['activities'] });
    expect(first).toBe('None — I found no activities on Core last week (Nov 16-22, 2026) that you can see.');
    expect(facts).toEqual({ people: [], goals: [], none: false, count: 0 });
  });

  it('an Echo’s fixed period is never widened', async () => {
    const viewer = await context.viewer();
    const answer = await answerQuestion(context, viewer, 'vendor API keys', {
      askedAt: ASKED_AT,
      period: { start: '2026-11-16', end: '2026-11-22' },
    });
    expect(answer.facts.widened).toBeUndefined();
    expect(answer.markdown).not.toContain('Wider');
  });
});

describe('absences', () => {
  it('people with their dates; a team holiday counts each member as out and is named as the team', async () => {
    const week = await compose({ themes: ['absent'] });
    expect(week.first).toBe('1 person on Core was out last week (Nov 16-22, 2026): Ben Okafor (Nov 16-18).');
    expect(week.facts).toEqual({ people: idsOf('ben'), goals: [], none: false });
    const earlier = await compose({
      themes: ['absent'],
      window: { ...LAST_WEEK, from: '2026-11-09', to: '2026-11-15', phrase: 'the week before' },
    });
    expect(earlier.first).toBe(
      '3 people on Core were out the week before: Ana Diaz (Nov 13), Ben Okafor (Nov 13) and Cy Park (Nov 13). Team holiday: Core (Nov 13).',
    );
    expect(earlier.facts).toEqual({ people: idsOf('ana', 'ben', 'cy'), goals: [], none: false });
  });

  it('for named people, the holidays of their own teams', async () => {
    const window = { ...LAST_WEEK, from: '2026-11-09', to: '2026-11-15', phrase: 'the week before' };
    const ben = await compose({ themes: ['absent'], people: [people.ben], window });
    expect(ben.first).toBe(
      '1 person was out the week before: Ben Okafor (Nov 13). Team holiday: Core (Nov 13).',
    );
    expect(ben.facts.people).toEqual(idsOf('ben'));
    const eve = await compose({ themes: ['absent'], people: [people.eve], window });
    expect(eve.first).toBe('Eve Lund was not out the week before (no member absences or team holidays).');
    expect(eve.facts.none).toBe(true);
  });

  it('now is today; nobody only when no absence and no holiday was found', async () => {
    const today = await compose({ themes: ['absent'], window: NOW });
    expect(today.first).toBe('1 person on Core is out now: Cy Park (Nov 23).');
    const none = await compose({
      intent: 'yes-no',
      themes: ['absent'],
      window: { ...LAST_WEEK, from: '2026-11-02', to: '2026-11-08', phrase: 'in early November' },
    });
    expect(none.first).toBe(
      'No — Nobody on Core was out in early November (no member absences or team holidays).',
    );
    expect(none.facts).toMatchObject({ none: true, yes: false });
  });
});

describe('missing check-ins', () => {
  it('today: scheduled, not completed, not absent', async () => {
    const { first, facts } = await compose({ themes: ['missing'], window: NOW });
    expect(first).toBe('1 of 3 people on Core has not checked in today (Nov 23, 2026): Ben Okafor.');
    expect(facts).toEqual({ people: idsOf('ben'), goals: [], none: false });
  });

  it('in a window: each person with the days missed (an uncompleted one counts as missed)', async () => {
    const { first, markdown, facts } = await compose({ themes: ['missing'] });
    expect(first).toBe(
      '1 of 3 people on Core missed scheduled check-ins last week (Nov 16-22, 2026): Cy Park.',
    );
    expect(markdown).toContain('- Cy Park: Mon Nov 16');
    expect(facts.people).toEqual(idsOf('cy'));
  });
});

describe('completion', () => {
  it('"did everyone do what they intended?" is yes when nobody said they did not', async () => {
    const { first, facts } = await compose({ intent: 'yes-no', themes: ['completion'] });
    expect(first).toBe(
      'Yes — 11 of 11 check-ins on Core last week (Nov 16-22, 2026) did what they intended; 0 did not.',
    );
    expect(facts).toMatchObject({ people: [], yes: true });
  });
});

describe('mentioned people', () => {
  it('are searched for in the text, not taken as authors', async () => {
    const { facts, markdown } = await compose({ mentioned: [people.eve] });
    expect(facts.people).toEqual(idsOf('ben'));
    expect(markdown).toContain('Waiting on Eve for the staging keys');
  });
});

describe('quoting', () => {
  it('quotes a text whole, lines joined; a cut is marked with an ellipsis', () => {
    expect(excerpt('- Fixed the login\n- Waiting on "CI" for the importer')).toBe(
      "Fixed the login; Waiting on 'CI' for the importer",
    );
    const long = `${'intro '.repeat(80)}\nthe importer broke`;
    expect(excerpt(long, ['importer'])).toBe('…the importer broke');
    expect(excerpt('x'.repeat(500))).toBe(`${'x'.repeat(399)}…`);
    expect(excerpt(null)).toBe('');
  });

  it('names runs of dates', () => {
    expect(dateRuns(['2026-11-18', '2026-11-16', '2026-11-17', '2026-11-20'])).toBe('Nov 16-18, Nov 20');
    expect(dateRuns(['2026-11-30', '2026-12-01'])).toBe('Nov 30-Dec 1');
  });
});

describe('goals', () => {
  const goalIds: Record<'slipping' | 'recovered', string> = {
    slipping: randomUUID(),
    recovered: randomUUID(),
  };

  beforeAll(async () => {
    const goal = (id: string, title: string) =>
      context.repo.saveGoal({
        id,
        title,
        description: null,
        start_date: null,
        end_date: null,
        update_cadence: null,
        owner_id: people.ana.id,
        parent_id: null,
        private: false,
        archived: false,
        created_at: '2026-10-01T09:00:00.000Z',
        updated_at: '2026-10-01T09:00:00.000Z',
        contributor_ids: [],
        team_ids: [core.id],
      });
    const update = (goalId: string, date: string, confidence: number) =>
      context.repo.saveGoalUpdate({
        id: randomUUID(),
        goal_id: goalId,
        person_id: people.ana.id,
        title: `Update of ${date}`,
        body: null,
        progress: 40,
        confidence,
        created_at: `${date}T09:00:00.000Z`,
        updated_at: `${date}T09:00:00.000Z`,
      });
    await goal(goalIds.slipping, 'Slipping goal');
    await goal(goalIds.recovered, 'Recovered goal');
    // The slipping goal was last updated three weeks ago, off track; the other was at risk, then on track.
    await update(goalIds.slipping, '2026-11-02', 30);
    await update(goalIds.recovered, '2026-10-20', 60);
    await update(goalIds.recovered, '2026-11-10', 90);
  });

  it('now: each goal’s latest update decides, however old', async () => {
    const { first, facts } = await compose({
      intent: 'which-goals',
      themes: ['goals'],
      window: NOW,
      confidenceAtMost: 60,
    });
    expect(facts.goals).toEqual([goalIds.slipping]);
    expect(first).toBe('1 goal on Core is at risk or off track now: "Slipping goal".');
  });

  it('in a window: a goal any of whose updates there was in trouble', async () => {
    const { facts } = await compose({
      intent: 'count',
      themes: ['goals'],
      window: { ...LAST_WEEK, from: '2026-10-15', to: '2026-11-15', phrase: 'from Oct 15 to Nov 15' },
      confidenceAtMost: 60,
    });
    expect(facts.count).toBe(2);
    expect(new Set(facts.goals)).toEqual(new Set([goalIds.slipping, goalIds.recovered]));
  });
});
