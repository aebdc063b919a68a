/** The status page's 90 days of history, derived from notices (docs/decisions.md, "The HTML status page"). */
import { describe, expect, it } from 'vitest';
import { historyOf } from '../../src/core/status/page/history.js';
import type { StatusNotice } from '../../src/core/status/types.js';

const NOW = new Date('2026-11-23T10:00:00Z');

function notice(id: number, fields: Partial<StatusNotice>): StatusNotice {
  const update = { id, state: fields.state ?? 'investigating', content: '', created_at: '', updated_at: '' };
  return {
    id,
    type: 'unplanned',
    timeline_state: 'present',
    state: 'investigating',
    subject: `Notice ${id}`,
    began_at: null,
    ended_at: null,
    url: '',
    created_at: '',
    updated_at: '',
    latest_update: update,
    links: { self: '' },
    ...fields,
  };
}

/** The days that are not operational, or that list notices, as [date, state, notice ids]. */
function notable(notices: StatusNotice[]) {
  return historyOf(notices, NOW)
    .filter((day) => day.state !== 'operational' || day.notices.length > 0)
    .map((day) => [day.date, day.state, day.notices.map((each) => each.id)]);
}

describe('the status page history', () => {
  it('has 90 UTC days ending today, all operational without notices', () => {
    const days = historyOf([], NOW);
    expect([days.length, days[0]?.date, days[89]?.date]).toEqual([90, '2026-08-26', '2026-11-23']);
    expect(new Set(days.map((day) => day.state))).toEqual(new Set(['operational']));
  });

  it('marks the days an incident ran degraded, and an open one up to today', () => {
    const overnight = notice(1, {
      state: 'resolved',
      began_at: '2026-11-10T23:00:00Z',
      ended_at: '2026-11-11T01:00:00Z',
    });
    const open = notice(2, { began_at: '2026-11-22T08:00:00Z' });
    expect(notable([open, overnight])).toEqual([
      ['2026-11-10', 'degraded', [1]],
      ['2026-11-11', 'degraded', [1]],
      ['2026-11-22', 'degraded', [2]],
      ['2026-11-23', 'degraded', [2]],
    ]);
  });

  it('marks maintenance days under maintenance, an incident outranking it; false alarms list but do not degrade', () => {
    const maintenance = notice(1, {
      type: 'planned',
      state: 'complete',
      began_at: '2026-11-15T02:00:00Z',
      ended_at: '2026-11-16T01:00:00Z',
    });
    const incident = notice(2, {
      state: 'resolved',
      began_at: '2026-11-16T00:30:00Z',
      ended_at: '2026-11-16T00:45:00Z',
    });
    const falseAlarm = notice(3, {
      state: 'false_alarm',
      began_at: '2026-11-18T09:00:00Z',
      ended_at: '2026-11-18T09:05:00Z',
    });
    const scheduled = notice(4, { type: 'planned', state: 'scheduled', begins_at: '2026-11-25T01:00:00Z' });
    expect(notable([scheduled, falseAlarm, incident, maintenance])).toEqual([
      ['2026-11-15', 'under_maintenance', [1]],
      ['2026-11-16', 'degraded', [2, 1]],
      ['2026-11-18', 'operational', [3]],
    ]);
  });

  it('keeps only the window’s part of a notice that began before it', () => {
    const long = notice(1, {
      state: 'resolved',
      began_at: '2026-08-01T00:00:00Z',
      ended_at: '2026-08-27T12:00:00Z',
    });
    expect(notable([long])).toEqual([
      ['2026-08-26', 'degraded', [1]],
      ['2026-08-27', 'degraded', [1]],
    ]);
  });
});
