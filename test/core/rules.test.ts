/** Pure rules of the core: blockers, scheduling, absence, dates, ids. */

import { hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { directCheckInFilter, isAbsent, isBlocked, scheduleFor } from '../../src/core/check-in-rules.js';
import { checkInId, checkInIdWith, isUuid, reportId } from '../../src/core/ids.js';
import { addDays, dateIn, isCalendarDate, isTimeZone, mostRecentWeekday } from '../../src/core/time.js';
import { canSeeCheckIn, checkInFilter, type Viewer } from '../../src/core/visibility.js';
import { weekdayOf } from '../../src/core/weekdays.js';

const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;

describe('blockers', () => {
  it('treats the "nothing" answers as not blocked, case and space aside', () => {
    for (const answer of [
      'none',
      'No',
      ' nope ',
      'NOTHING',
      'n/a',
      'na',
      '-',
      'no blockers',
      '',
      '   ',
      null,
      undefined,
    ]) {
      expect([answer, isBlocked(answer)]).toEqual([answer, false]);
    }
    for (const answer of ['blocked on review', 'no access', 'none.', 'n/a yet? no: waiting']) {
      expect([answer, isBlocked(answer)]).toEqual([answer, true]);
    }
  });
});

describe('scheduling', () => {
  const core = { id: 'core', report_days: [...WEEK] };
  const mondays = { id: 'mon', report_days: ['monday' as const] };
  const none = { member: false, teams: new Set<string>() };

  it('schedules report days of any team and nothing else', () => {
    expect(scheduleFor('2026-11-23', [core], none)).toEqual({ scheduled: true });
    expect(scheduleFor('2026-11-22', [core], none)).toEqual({ scheduled: false, reason: 'not-a-report-day' });
    expect(scheduleFor('2026-11-24', [mondays], none)).toEqual({
      scheduled: false,
      reason: 'not-a-report-day',
    });
    expect(scheduleFor('2026-11-23', [], none)).toEqual({ scheduled: false, reason: 'not-a-report-day' });
  });

  it('drops a day for a member absence or a holiday of every team reporting that day', () => {
    expect(scheduleFor('2026-11-23', [core], { member: true, teams: new Set() })).toEqual({
      scheduled: false,
      reason: 'absent',
    });
    expect(scheduleFor('2026-11-23', [core, mondays], { member: false, teams: new Set(['core']) })).toEqual({
      scheduled: true,
    });
    expect(
      scheduleFor('2026-11-23', [core, mondays], { member: false, teams: new Set(['core', 'mon']) }),
    ).toEqual({
      scheduled: false,
      reason: 'absent',
    });
    // A holiday of a team that does not report that day changes nothing.
    expect(scheduleFor('2026-11-24', [core, mondays], { member: false, teams: new Set(['mon']) })).toEqual({
      scheduled: true,
    });
  });

  it('marks a check-in absent on a member absence or holidays of all its teams', () => {
    expect(isAbsent(['a', 'b'], { member: true, teams: new Set() })).toBe(true);
    expect(isAbsent(['a', 'b'], { member: false, teams: new Set(['a']) })).toBe(false);
    expect(isAbsent(['a', 'b'], { member: false, teams: new Set(['a', 'b']) })).toBe(true);
    expect(isAbsent([], { member: false, teams: new Set(['a']) })).toBe(false);
  });
});

describe('dates and zones', () => {
  it('knows real calendar dates', () => {
    for (const date of ['2026-02-28', '2024-02-29', '2026-12-31']) expect(isCalendarDate(date)).toBe(true);
    for (const date of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-1-01',
      '26-01-01',
      '2026-01-01T00:00',
      '',
    ]) {
      expect([date, isCalendarDate(date)]).toEqual([date, false]);
    }
  });

  it('knows IANA zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('finds the date of an instant in a zone, across midnight and daylight-saving changes', () => {
    const instant = new Date('2026-11-23T02:30:00Z');
    expect(dateIn('UTC', instant)).toBe('2026-11-23');
    expect(dateIn('America/New_York', instant)).toBe('2026-11-22');
    expect(dateIn('Pacific/Kiritimati', new Date('2026-11-23T11:00:00Z'))).toBe('2026-11-24');
    // 2026-03-29 01:00 UTC Berlin springs forward: 00:30 UTC is still the 29th there.
    expect(dateIn('Europe/Berlin', new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(dateIn('Europe/Berlin', new Date('2026-10-24T22:30:00Z'))).toBe('2026-10-25');
  });

  it('counts days and finds the most recent weekday, today included', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekdayOf('2026-11-23')).toBe('monday');
    expect(mostRecentWeekday('2026-11-23', 'monday')).toBe('2026-11-23');
    expect(mostRecentWeekday('2026-11-23', 'friday')).toBe('2026-11-20');
    expect(mostRecentWeekday('2026-11-23', 'tuesday')).toBe('2026-11-17');
  });
});

describe('check-in ids', () => {
  it('gives one stable version-5 UUID per person and date', async () => {
    const person = '31683e06-266e-4b5d-8f5d-467d039ec2f6';
    const id = await checkInId(person, '2026-11-23');
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('5');
    expect(await checkInId(person.toUpperCase(), '2026-11-23')).toBe(id);
    expect(await checkInId(person, '2026-11-24')).not.toBe(id);
  });

  it('keeps the ids stored check-ins and reports already have, whichever derivation runs first', async () => {
    const person = '31683e06-266e-4b5d-8f5d-467d039ec2f6';
    // Values from the first implementation (createHash over the namespace's bytes, then the name).
    const checkIn = '5e816e7f-03f8-512f-8b84-58a4ca7cfc40';
    const report = '1a2cb79a-2a20-530e-b4b2-c642a524012a';
    expect(await checkInId(person, '2026-11-23')).toBe(checkIn);
    expect(await reportId(person, '2026-11-23')).toBe(report);
    expect(checkInIdWith(hash, person, '2026-11-23')).toBe(checkIn);
    expect(await reportId(person, '2026-11-23')).toBe(report);
    // A name too long for the reused buffer takes the other path to the same kind of id.
    expect(await checkInId('x'.repeat(400), '2026-11-23')).toBe('e8a930dc-15d0-5607-a2cc-5a126313b074');
  });
});

describe('goal rules', async () => {
  const { normaliseConfidence, describeConfidence, confidenceFromWords, mentionsIn } = await import(
    '../../src/core/goal-rules.js'
  );
  it('normalises confidence to 30, 60 or 90, ties going up', () => {
    const cases = [
      [0, 30],
      [44, 30],
      [45, 60],
      [60, 60],
      [74, 60],
      [75, 90],
      [100, 90],
    ] as const;
    for (const [value, expected] of cases)
      expect([value, normaliseConfidence(value)]).toEqual([value, expected]);
    expect([
      describeConfidence(30),
      describeConfidence(60),
      describeConfidence(90),
      describeConfidence(100),
    ]).toEqual(['Off track', 'At risk', 'On track', 'On track']);
    expect([
      confidenceFromWords('Off Track'),
      confidenceFromWords('at-risk'),
      confidenceFromWords('on_track'),
    ]).toEqual([30, 60, 90]);
    expect(confidenceFromWords('great')).toBeUndefined();
  });
  it('finds @mentions, not e-mail addresses', () => {
    expect(mentionsIn('Thanks @Ben and @cy.park! cc ana@example.com, @ben again')).toEqual([
      'ben',
      'cy.park',
    ]);
    expect(mentionsIn('no mentions here')).toEqual([]);
  });
});

describe('check-in filters asked directly', () => {
  const member = { all: false as const, personId: 'me', teamIds: ['mine', 'also-mine'], teamsFrom: [] };

  it('leaves other filters, and administrators, as they are', () => {
    const filter = { visibility: member, blocked: true };
    expect(directCheckInFilter(filter)).toBe(filter);
    const admin = { visibility: { all: true as const }, teamIds: ['any'] };
    expect(directCheckInFilter(admin)).toBe(admin);
  });

  it("needs no visibility test when only the viewer's teams or the viewer are named", () => {
    expect(directCheckInFilter({ visibility: member, teamIds: ['mine'], since: '2026-11-02' })).toEqual({
      visibility: { all: true },
      teamIds: ['mine'],
      since: '2026-11-02',
    });
    expect(directCheckInFilter({ visibility: member, personIds: ['me'], teamIds: ['theirs'] })).toEqual({
      visibility: { all: true },
      personIds: ['me'],
      teamIds: ['theirs'],
    });
  });

  it('keeps the visibility test for a team whose check-ins the viewer sees from a date on', () => {
    const newcomer = { ...member, teamIds: ['mine'], teamsFrom: [{ teamId: 'joined', from: '2026-11-25' }] };
    const filter = { visibility: newcomer, teamIds: ['joined'] };
    expect(directCheckInFilter(filter)).toBe(filter);
  });

  it("keeps the visibility test when a team or person named may not be the viewer's", () => {
    // A check-in of another team may also be included in one of the viewer's teams.
    for (const filter of [
      { visibility: member, teamIds: ['mine', 'theirs'] },
      { visibility: member, teamIds: ['theirs'] },
      { visibility: member, personIds: ['me', 'you'] },
    ])
      expect(directCheckInFilter(filter)).toBe(filter);
  });
});

describe('a check-in of a team joined without its history', () => {
  const person = {
    id: 'eve',
    administrator: false,
  } as Viewer['person'];
  const viewer: Viewer = {
    person,
    teamIds: ['core', 'design'],
    reportingTeamIds: ['core', 'design'],
    teamsFrom: [{ teamId: 'core', from: '2026-11-25' }],
  };
  const checkIn = (date: string, teamIds: string[], personId = 'ben') =>
    ({ id: 'x', person_id: personId, date, team_ids: teamIds }) as Parameters<typeof canSeeCheckIn>[1];

  it('is seen from the day they joined on, or when also in a team whose history they see, or their own', () => {
    expect(canSeeCheckIn(viewer, checkIn('2026-11-24', ['core']))).toBe(false);
    expect(canSeeCheckIn(viewer, checkIn('2026-11-25', ['core']))).toBe(true);
    expect(canSeeCheckIn(viewer, checkIn('2026-11-24', ['core', 'design']))).toBe(true);
    expect(canSeeCheckIn(viewer, checkIn('2020-01-01', ['core'], 'eve'))).toBe(true);
    expect(
      canSeeCheckIn(
        { ...viewer, person: { ...person, administrator: true } },
        checkIn('2026-11-24', ['core']),
      ),
    ).toBe(true);
  });

  it("is filtered in the store's lists by the same dates", () => {
    expect(checkInFilter(viewer)).toEqual({
      all: false,
      personId: 'eve',
      teamIds: ['design'],
      teamsFrom: [{ teamId: 'core', from: '2026-11-25' }],
    });
  });
});
