/** The pure parts of the answer engine and of Echo answers: reading prompts, date ranges, periods. */
import { describe, expect, it } from 'vitest';
import { type ReadingContext, readPrompt } from '../../src/core/answers/reading.js';
import { formatDateRange, formatDay } from '../../src/core/date-ranges.js';
import { periodOf } from '../../src/core/echo-period.js';
import { dueOccurrences, type EchoSchedule } from '../../src/core/echo-schedule.js';
import type { TeamRow } from '../../src/core/repository.js';
import { personRow } from '../helpers/rows.js';

const person = (id: string, name: string, username: string) => personRow(id, name, { username });
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

const ana = person('a', 'Ana Diaz', 'ana');
const ben = person('b', 'Ben Okafor', 'ben');
const will = person('w', 'Will Stone', 'wstone');
const context: ReadingContext = {
  today: '2026-11-23', // a Monday
  asker: ana,
  people: [ana, ben, will],
  teams: [team('c', 'Core'), team('d', 'Design Ops')],
};
const read = (prompt: string) => readPrompt(prompt, context);
const window = (prompt: string) => {
  const { from, to, phrase } = read(prompt).window;
  return [from, to, phrase];
};

describe('reading the time window of a prompt', () => {
  it('knows days, weeks, months and years relative to the asker’s today', () => {
    expect(window('what happened today')).toEqual(['2026-11-23', '2026-11-23', 'today (Nov 23, 2026)']);
    expect(window('Yesterday?')).toEqual(['2026-11-22', '2026-11-22', 'yesterday (Nov 22, 2026)']);
    expect(window('this week')).toEqual(['2026-11-23', '2026-11-23', 'this week (Nov 23, 2026)']);
    expect(window('What blocked us last week?')).toEqual([
      '2026-11-16',
      '2026-11-22',
      'last week (Nov 16-22, 2026)',
    ]);
    expect(window('this month')).toEqual(['2026-11-01', '2026-11-23', 'this month (Nov 1-23, 2026)']);
    expect(window('last month')).toEqual(['2026-10-01', '2026-10-31', 'last month (October 2026)']);
    expect(window('in the past 3 days')).toEqual([
      '2026-11-21',
      '2026-11-23',
      'in the last 3 days (Nov 21-23, 2026)',
    ]);
    expect(window('over the last two weeks')).toEqual([
      '2026-11-10',
      '2026-11-23',
      'in the last 2 weeks (Nov 10-23, 2026)',
    ]);
    expect(window('this year')[0]).toBe('2026-01-01');
    expect(window('last year').slice(0, 2)).toEqual(['2025-01-01', '2025-12-31']);
  });

  it('reads since, month names, dates and weekdays', () => {
    expect(window('since 2026-11-01')).toEqual(['2026-11-01', '2026-11-23', 'since Nov 1, 2026']);
    expect(window('since friday')).toEqual(['2026-11-20', '2026-11-23', 'since Nov 20, 2026']);
    expect(window('since October')).toEqual(['2026-10-01', '2026-11-23', 'since Oct 1, 2026']);
    expect(window('What did we do in October?')).toEqual(['2026-10-01', '2026-10-31', 'in October 2026']);
    // A month not yet begun this year is last year's; the current month stops at today.
    expect(window('December')).toEqual(['2025-12-01', '2025-12-31', 'in December 2025']);
    expect(window('in November')).toEqual(['2026-11-01', '2026-11-23', 'in November 2026 (Nov 1-23, 2026)']);
    expect(window('March 2025').slice(0, 2)).toEqual(['2025-03-01', '2025-03-31']);
    expect(window('on 2026-11-18')).toEqual(['2026-11-18', '2026-11-18', 'on Nov 18, 2026']);
    expect(window('from 2026-11-20 to 2026-11-02').slice(0, 2)).toEqual(['2026-11-02', '2026-11-20']);
    expect(window('on wednesday')).toEqual(['2026-11-18', '2026-11-18', 'on Wednesday (Nov 18, 2026)']);
  });

  it('reads no time words as any time, and treats "may" as a month only when it reads as one', () => {
    expect(read('what may block us').window).toMatchObject({
      from: '2000-01-01',
      to: '2026-11-23',
      sense: 'any',
      explicit: false,
    });
    expect(read('what may block us').terms).not.toContain('may');
    expect(window('in May')).toEqual(['2026-05-01', '2026-05-31', 'in May 2026']);
  });

  it('reads days ago, weeks ago, the day before yesterday, last Friday, ranges of weekdays and days', () => {
    const on = (prompt: string, today: string) => {
      const { from, to, phrase } = readPrompt(prompt, { ...context, today }).window;
      return [from, to, phrase];
    };
    expect(on('who was out 3 days ago', '2026-11-23')).toEqual([
      '2026-11-20',
      '2026-11-20',
      '3 days ago (Nov 20, 2026)',
    ]);
    expect(on('the day before yesterday', '2026-03-01')).toEqual([
      '2026-02-27',
      '2026-02-27',
      'the day before yesterday (Feb 27, 2026)',
    ]);
    // On a Friday, last Friday is a week ago; "on Friday" is today.
    expect(on('last friday', '2026-11-27')).toEqual([
      '2026-11-20',
      '2026-11-20',
      'last Friday (Nov 20, 2026)',
    ]);
    expect(on('on friday', '2026-11-27').slice(0, 2)).toEqual(['2026-11-27', '2026-11-27']);
    expect(on('3 weeks ago', '2026-11-23')).toEqual([
      '2026-11-02',
      '2026-11-08',
      '3 weeks ago (Nov 2-8, 2026)',
    ]);
    // A range of weekdays ends on the most recent end day and starts on the start day before it.
    expect(on('between Friday and Tuesday', '2026-11-25').slice(0, 2)).toEqual(['2026-11-20', '2026-11-24']);
    // Across the new year, with the year left out.
    expect(on('from Dec 28 to Jan 3', '2027-01-05').slice(0, 2)).toEqual(['2026-12-28', '2027-01-03']);
    // "The 30th" before it comes this month is last month's.
    expect(on('since the 30th', '2026-11-23')).toEqual(['2026-10-30', '2026-11-23', 'since Oct 30, 2026']);
    expect(on('on the 2nd', '2026-11-23').slice(0, 2)).toEqual(['2026-11-02', '2026-11-02']);
    expect(on('this quarter', '2026-01-15').slice(0, 2)).toEqual(['2026-01-01', '2026-01-15']);
    expect(on('last quarter', '2026-01-15').slice(0, 2)).toEqual(['2025-10-01', '2025-12-31']);
    expect(on('in Q4', '2026-03-10').slice(0, 2)).toEqual(['2025-10-01', '2025-12-31']);
  });

  it('reads the present tense as now and other questions without time words as any time', () => {
    const sense = (prompt: string) => read(prompt).window;
    expect(sense('Who is blocked?')).toEqual({
      from: '2026-11-23',
      to: '2026-11-23',
      phrase: 'now',
      sense: 'now',
      explicit: false,
    });
    expect(sense('Who is blocked right now?')).toMatchObject({ sense: 'now', explicit: true });
    expect(sense('Who mentioned the vendor API keys?')).toEqual({
      from: '2000-01-01',
      to: '2026-11-23',
      phrase: 'at any time',
      sense: 'any',
      explicit: false,
    });
    expect(sense('Who was blocked?').sense).toBe('any');
    expect(sense('Has anyone mentioned the audit?').sense).toBe('any');
    expect(sense('Who has blockers?').sense).toBe('now');
    expect(sense('Who needs help?').sense).toBe('now');
    expect(sense("What's Ben doing?").sense).toBe('now');
  });

  it('ignores impossible dates rather than inventing a window', () => {
    expect(read('since 2026-02-30').window.explicit).toBe(false);
  });

  it('keeps an Echo period whatever the prompt says', () => {
    const reading = readPrompt('What blocked us yesterday?', {
      ...context,
      period: { start: '2026-11-16', end: '2026-11-22' },
    });
    expect(reading.window).toMatchObject({
      from: '2026-11-16',
      to: '2026-11-22',
      phrase: 'during Nov 16-22, 2026',
      fixed: true,
    });
  });
});

describe('reading people, teams, themes and search words', () => {
  it('finds @handles, full names, unique capitalised first names and the asker', () => {
    expect(read('What did @ben do?').people.map((p) => p.name)).toEqual(['Ben Okafor']);
    expect(read("ben okafor's blockers").people.map((p) => p.name)).toEqual(['Ben Okafor']);
    expect(read('What is Ben planning?').people.map((p) => p.name)).toEqual(['Ben Okafor']);
    // "will" in lower case is a word, not Will Stone.
    expect(read('what will ship next?').people).toEqual([]);
    expect(read('What did I do last week?').people.map((p) => p.name)).toEqual(['Ana Diaz']);
    expect(read('what blocked my team?').people).toEqual([]);
    // An unknown handle is searched for as a word.
    expect(read('what about @zed').terms).toContain('zed');
  });

  it('finds teams it can see, longest names first', () => {
    expect(read('What did design ops ship?').teams.map((t) => t.name)).toEqual(['Design Ops']);
    expect(read('how is Core feeling').teams.map((t) => t.name)).toEqual(['Core']);
    expect(read('what about Secret').teams).toEqual([]);
  });

  it('orders themes so that the most specific one decides', () => {
    expect(read('What blocked the team last week?').themes).toEqual(['blocked']);
    expect(read('Did everyone do what they intended?').themes[0]).toBe('completion');
    expect(read('How is the team feeling?').themes).toEqual(['mood']);
    expect(read('Who was stressed or anxious?')).toMatchObject({
      themes: ['mood'],
      moods: ['stressed', 'worried'],
    });
    expect(read('Which goals are off track?')).toMatchObject({ themes: ['goals'], confidenceAtMost: 30 });
    expect(read('Which goals are at risk?').confidenceAtMost).toBe(60);
    expect(read('Which pull requests were merged?').activityKinds).toEqual([
      'github_pr',
      'gitlab_mr',
      'bitbucket_pr',
    ]);
    expect(read('Any comments on the launch?').themes).toEqual(['comments']);
    expect(read('What is Ben working on?').themes).toEqual(['plans']);
    expect(read('What did Ben work on?').themes).toEqual(['done']);
  });

  it('leaves only meaningful words for full-text search', () => {
    expect(read('What happened with the importer since 2026-11-01?').terms).toEqual(['importer']);
    expect(read('What blocked the team last week?').terms).toEqual([]);
    expect(read('Is the #release-2 CSV parser done?').terms).toEqual(['release-2', 'csv', 'parser']);
    expect(read('Who mentioned the İstanbul office or the café?').terms).toEqual([
      'İstanbul'.toLowerCase(),
      'office',
      'café',
    ]);
  });
});

describe('reading names loosely but never guessing', () => {
  const gina = person('g', 'Gina Rossi', 'gina');
  const celine = person('c', 'Céline Marchand', 'cmarchand');
  const marco = person('m1', 'Marco Bianchi', 'marco');
  const marcus = person('m2', 'Marcus Lee', 'mlee');
  const loose: ReadingContext = { ...context, people: [ana, ben, will, gina, celine, marco, marcus] };
  const names = (prompt: string) => {
    const reading = readPrompt(prompt, loose);
    return { people: reading.people.map((p) => p.id), mentioned: reading.mentioned.map((p) => p.id) };
  };

  it('reads names in any case and without accents', () => {
    expect(names('what did gina ship')).toEqual({ people: ['g'], mentioned: [] });
    expect(names('how is celine feeling')).toEqual({ people: ['c'], mentioned: [] });
    expect(names('What did MARCHAND do?')).toEqual({ people: ['c'], mentioned: [] });
  });

  it('takes one typo in a name of five letters or more, only when it fits one person', () => {
    expect(names('What did Celnie ship?').people).toEqual(['c']); // two letters swapped
    expect(names('What did Bianchii ship?').people).toEqual(['m1']);
    // "Marci" is one edit from Marco only (Marcus is two away); "Marc" is too short to guess.
    expect(names('What did Marci ship?').people).toEqual(['m1']);
    expect(names('What did Marc ship?').people).toEqual([]);
    // "Ginna" would be one edit from Gina, but Gina has four letters: too short to guess.
    expect(names('What did Ginna ship?').people).toEqual([]);
    expect(readPrompt('What did Ginna ship?', loose).terms).toEqual(['ship', 'ginna']);
  });

  it('tells the people asked about from the people mentioned', () => {
    expect(names('Who is waiting on Gina?')).toEqual({ people: [], mentioned: ['g'] });
    expect(names('What is Gina waiting on?')).toEqual({ people: ['g'], mentioned: [] });
    expect(names('Is Ben blocked by Gina?')).toEqual({ people: ['b'], mentioned: ['g'] });
    expect(names('Any news on Gina?')).toEqual({ people: ['g'], mentioned: [] });
    expect(names('Who wrote about Gina?')).toEqual({ people: [], mentioned: ['g'] });
    expect(names('Did I thank Gina?')).toEqual({ people: ['a'], mentioned: ['g'] });
  });

  it('does not read "out" and "off" in ordinary phrases as absences', () => {
    expect(read('Who figured out the parser?').themes).toEqual([]);
    expect(read('Which goals are off track?').themes).toEqual(['goals']);
    expect(read('Who signed off the release?').themes).toEqual([]);
    expect(read('Who was out?').themes).toEqual(['absent']);
  });

  it('keeps an Echo period even for a question in the present tense', () => {
    const reading = readPrompt('Who is blocked?', {
      ...context,
      period: { start: '2026-11-16', end: '2026-11-22' },
    });
    expect(reading.window).toMatchObject({ sense: 'window', fixed: true, from: '2026-11-16' });
  });
});

describe('date ranges and Echo periods', () => {
  it('formats ranges in their shortest form', () => {
    expect(formatDateRange('2026-11-22', '2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDateRange('2026-11-16', '2026-11-22')).toBe('Nov 16-22, 2026');
    expect(formatDateRange('2026-11-30', '2026-12-06')).toBe('Nov 30 - Dec 6, 2026');
    expect(formatDateRange('2026-12-28', '2027-01-03')).toBe('Dec 28, 2026 - Jan 3, 2027');
    expect(formatDateRange('2026-02-01', '2026-02-28')).toBe('February 2026');
    expect(formatDay('2026-11-18')).toBe('Wed Nov 18');
  });

  it('covers the whole days before the occurrence in the question’s zone', () => {
    // Monday Nov 23 09:00 in Berlin.
    const monday = new Date('2026-11-23T08:00:00Z');
    expect(periodOf('daily', monday, 'Europe/Berlin')).toEqual({ start: '2026-11-22', end: '2026-11-22' });
    expect(periodOf('weekly', monday, 'Europe/Berlin')).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(periodOf('biweekly', monday, 'Europe/Berlin')).toEqual({ start: '2026-11-09', end: '2026-11-22' });
    expect(periodOf('monthly', new Date('2026-12-07T08:00:00Z'), 'Europe/Berlin')).toEqual({
      start: '2026-11-01',
      end: '2026-11-30',
    });
    expect(periodOf('monthly', new Date('2027-01-04T08:00:00Z'), 'UTC')).toEqual({
      start: '2026-12-01',
      end: '2026-12-31',
    });
    // 23:30 on Sunday in New York is already Monday in UTC: the zone decides the date.
    expect(periodOf('daily', new Date('2026-11-23T04:30:00Z'), 'America/New_York')).toEqual({
      start: '2026-11-21',
      end: '2026-11-21',
    });
  });

  it('catches up at most the last 12 occurrences, skips long gaps, and counts what it skipped', () => {
    const daily: EchoSchedule = { frequency: 'daily', day: null, time: '09:00', zone: 'UTC', anchor: null };
    const { due, next, skipped } = dueOccurrences(
      daily,
      new Date('2020-01-01T09:00:00Z'),
      new Date('2026-11-23T10:00:00Z'),
    );
    expect(skipped).toEqual({
      count: 2507,
      first: new Date('2020-01-01T09:00:00Z'),
      last: new Date('2026-11-11T09:00:00Z'),
    });
    expect(due).toHaveLength(12);
    expect(due[0]?.toISOString()).toBe('2026-11-12T09:00:00.000Z');
    expect(due.at(-1)?.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(next.toISOString()).toBe('2026-11-24T09:00:00.000Z');
    const none = dueOccurrences(daily, new Date('2026-11-24T09:00:00Z'), new Date('2026-11-23T10:00:00Z'));
    expect(none).toEqual({ due: [], next: new Date('2026-11-24T09:00:00Z'), skipped: null });
    // Biweekly keeps its parity across a skipped gap.
    const biweekly: EchoSchedule = {
      frequency: 'biweekly',
      day: 'monday',
      time: '09:00',
      zone: 'UTC',
      anchor: new Date('2025-01-06T09:00:00Z'),
    };
    const caught = dueOccurrences(
      biweekly,
      new Date('2025-01-06T09:00:00Z'),
      new Date('2026-11-23T10:00:00Z'),
    );
    expect(caught.due).toHaveLength(12);
    for (const at of caught.due) {
      expect(((at.getTime() - Date.parse('2025-01-06T09:00:00Z')) / 86_400_000) % 14).toBe(0);
    }
  });
});
