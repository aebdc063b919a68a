/** The date-expression parser on a fixed today: Thursday 2026-11-26 (and its month and year edges). */
import { describe, expect, it } from 'vitest';
import { parseMomentWord } from '../../src/cli/dates.js';
import { parseDateExpression } from '../../src/core/date-expressions.js';

/** The instant a flag like --since (or --until: `end`) gives for `words`, at `now`, in `zone`. */
const parseDateMoment = (words: string, zone: string, now: string, end: boolean) =>
  parseMomentWord(words, zone, new Date(now), '--since', end);

const TODAY = '2026-11-26'; // a Thursday
const day = (date: string) => ({ from: date, to: date });

describe('parseDateExpression', () => {
  it.each([
    ['2026-11-20', day('2026-11-20')],
    ['today', day('2026-11-26')],
    ['Yesterday', day('2026-11-25')],
    ['tomorrow', day('2026-11-27')],
    ['thursday', day('2026-11-26')],
    ['friday', day('2026-11-20')],
    ['last friday', day('2026-11-20')],
    ['last thursday', day('2026-11-19')],
    ['next friday', day('2026-11-27')],
    ['next thursday', day('2026-12-03')],
    ['3 days ago', day('2026-11-23')],
    ['last week', { from: '2026-11-16', to: '2026-11-22' }],
    ['this week', { from: '2026-11-23', to: '2026-11-29' }],
    ['this month', { from: '2026-11-01', to: '2026-11-30' }],
    ['next month', { from: '2026-12-01', to: '2026-12-31' }],
    ['end of next month', day('2026-12-31')],
    ['next week', { from: '2026-11-30', to: '2026-12-06' }],
    ['since friday', { from: '2026-11-20', to: '2026-11-26' }],
    ['in October', { from: '2026-10-01', to: '2026-10-31' }],
    ['last month', { from: '2026-10-01', to: '2026-10-31' }],
    ['end of last month', day('2026-10-31')],
    ['start of last week', day('2026-11-16')],
    ['the last 3 days', { from: '2026-11-24', to: '2026-11-26' }],
    ['3d', { from: '2026-11-23', to: '2026-11-26' }],
    ['2w', { from: '2026-11-12', to: '2026-11-26' }],
    ['1m', { from: '2026-10-26', to: '2026-11-26' }],
  ])('%s', (expression, expected) => {
    expect(parseDateExpression(expression, TODAY)).toEqual(expected);
  });

  it('points a bare weekday forward for flags naming an end or a future date', () => {
    expect(parseDateExpression('friday', TODAY, 'future')).toEqual(day('2026-11-27'));
    expect(parseDateExpression('thursday', TODAY, 'future')).toEqual(day('2026-11-26'));
    expect(parseDateExpression('wednesday', TODAY, 'future')).toEqual(day('2026-12-02'));
    // Words that say which way are read the same either way.
    expect(parseDateExpression('last friday', TODAY, 'future')).toEqual(day('2026-11-20'));
    expect(parseDateExpression('next friday', TODAY, 'past')).toEqual(day('2026-11-27'));
  });

  it('crosses month and year ends, and leap days', () => {
    expect(parseDateExpression('end of last month', '2027-01-10')).toEqual(day('2026-12-31'));
    expect(parseDateExpression('last week', '2027-01-01')).toEqual({ from: '2026-12-21', to: '2026-12-27' });
    expect(parseDateExpression('1m', '2028-03-31')).toEqual({ from: '2028-02-29', to: '2028-03-31' });
    expect(parseDateExpression('next monday', '2026-12-31')).toEqual(day('2027-01-04'));
    expect(parseDateExpression('next month', '2026-12-15')).toEqual({ from: '2027-01-01', to: '2027-01-31' });
  });

  it('names nothing for words that are not a date, or that say more', () => {
    for (const words of ['someday', 'last week please', 'friday-ish', '', '2026-02-30', 'next'])
      expect([words, parseDateExpression(words, TODAY)]).toEqual([words, undefined]);
  });
});

describe('a day of an expression as an instant, in the person’s zone across DST', () => {
  it('starts and ends the day at its own offset', async () => {
    // Europe/Paris moves to summer time on 2026-03-29: that day has 23 hours.
    expect(await parseDateMoment('yesterday', 'Europe/Paris', '2026-03-30T10:00:00Z', false)).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(await parseDateMoment('yesterday', 'Europe/Paris', '2026-03-30T10:00:00Z', true)).toBe(
      '2026-03-29T21:59:59.999Z',
    );
    // New York back to standard time on 2026-11-01: "last week" ends on that Sunday, 25 hours long.
    expect(await parseDateMoment('last week', 'America/New_York', '2026-11-03T15:00:00Z', true)).toBe(
      '2026-11-02T04:59:59.999Z',
    );
    // Just after midnight in Tokyo it is already the next day there.
    expect(await parseDateMoment('today', 'Asia/Tokyo', '2026-11-26T15:30:00Z', false)).toBe(
      '2026-11-26T15:00:00.000Z',
    );
  });
});
