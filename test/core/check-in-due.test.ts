/** The rule of `pulse checkin due`: whether a day's check-in is still to fill in, and why. */
import { describe, expect, it } from 'vitest';
import { checkInDue } from '../../src/core/check-in-due.js';
import type { CheckIn } from '../../src/core/types.js';
import type { Weekday } from '../../src/core/weekdays.js';

// 2026-11-24 is a Tuesday.
const DATE = '2026-11-24';
const CORE: { id: string; name: string; report_days: Weekday[] } = {
  id: 'core-id',
  name: 'Core',
  report_days: ['monday', 'tuesday'],
};
const LATER: typeof CORE = { id: 'later-id', name: 'Later', report_days: ['friday'] };

function checkIn(fields: Partial<CheckIn> = {}): CheckIn {
  return {
    type: 'check-in',
    id: 'id',
    date: DATE,
    person: { id: 'ana', name: 'Ana Diaz' },
    teams: [{ id: CORE.id, name: CORE.name }],
    previous: null,
    intentions: null,
    blockers: null,
    mood: null,
    previous_completed: null,
    blocked: false,
    absent: false,
    completed_at: null,
    updated_at: '2026-11-24T08:00:00Z',
    url: 'http://localhost/check-ins/id',
    ...fields,
  };
}

describe('checkInDue', () => {
  it('is due while the check-in is pending, and names the team asked about', () => {
    expect(checkInDue(DATE, checkIn())).toEqual({ date: DATE, due: true, reason: 'pending', team: null });
    expect(checkInDue(DATE, checkIn(), CORE)).toEqual({
      date: DATE,
      due: true,
      reason: 'pending',
      team: { id: CORE.id, name: CORE.name },
    });
  });

  it("is not due once complete, when absent, when nothing is scheduled, or on another team's day", () => {
    expect(checkInDue(DATE, checkIn({ completed_at: '2026-11-24T09:00:00Z' })).reason).toBe('complete');
    expect(checkInDue(DATE, checkIn({ absent: true })).reason).toBe('absent');
    expect(checkInDue(DATE, undefined).reason).toBe('nothing_scheduled');
    expect(checkInDue(DATE, checkIn(), LATER)).toMatchObject({ due: false, reason: 'not_a_report_day' });
    for (const answer of [
      checkInDue(DATE, checkIn({ completed_at: '2026-11-24T09:00:00Z' })),
      checkInDue(DATE, checkIn({ absent: true })),
      checkInDue(DATE, undefined),
    ])
      expect(answer.due).toBe(false);
  });
});
