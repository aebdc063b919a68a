import { describe, expect, it } from 'vitest';
import {
  deriveState,
  initialState,
  nextStates,
  noticeImpacts,
  PAGE_STATE_TEXT,
  subtreeIds,
  timelineCondition,
  timelineState,
  transitionTimes,
} from '../../src/core/status/rules.js';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describe('notice transitions', () => {
  it('moves unplanned notices forward only, with false_alarm from any unresolved state', () => {
    expect(initialState('unplanned')).toBe('investigating');
    expect(nextStates('investigating')).toEqual(['identified', 'recovering', 'resolved', 'false_alarm']);
    expect(nextStates('identified')).toEqual(['recovering', 'resolved', 'false_alarm']);
    expect(nextStates('recovering')).toEqual(['resolved', 'false_alarm']);
    expect(nextStates('resolved')).toEqual([]);
    expect(nextStates('false_alarm')).toEqual([]);
  });

  it('moves planned notices scheduled -> underway -> complete', () => {
    expect(initialState('planned')).toBe('scheduled');
    expect(nextStates('scheduled')).toEqual(['underway']);
    expect(nextStates('underway')).toEqual(['complete']);
    expect(nextStates('complete')).toEqual([]);
  });

  it('sets began_at when maintenance gets underway and ended_at when a notice ends', () => {
    expect(transitionTimes('underway', 'T')).toEqual({ began_at: 'T' });
    for (const state of ['resolved', 'false_alarm', 'complete'] as const)
      expect(transitionTimes(state, 'T')).toEqual({ ended_at: 'T' });
    expect(transitionTimes('identified', 'T')).toEqual({});
  });
});

describe('timeline_state', () => {
  it('is future while scheduled, present while active, then past_recent for 7 days and past_distant', () => {
    expect(timelineState('scheduled', null, NOW)).toBe('future');
    expect(timelineState('underway', null, NOW)).toBe('present');
    expect(timelineState('recovering', null, NOW)).toBe('present');
    expect(timelineState('resolved', daysAgo(7), NOW)).toBe('past_recent');
    expect(timelineState('complete', new Date(NOW.getTime() - 7 * 86_400_000 - 1).toISOString(), NOW)).toBe(
      'past_distant',
    );
  });

  it('reads past filters as bounds on ended_at that agree with timelineState at the boundary', () => {
    const recent = timelineCondition('past_recent', NOW);
    const distant = timelineCondition('past_distant', NOW);
    expect(recent.endedFrom).toBe(daysAgo(7));
    expect(distant.endedBefore).toBe(daysAgo(7));
    expect(timelineCondition('present', NOW).states).toEqual([
      'investigating',
      'identified',
      'recovering',
      'underway',
    ]);
    // past: every ended notice, with no bound on when it ended (recent and distant together).
    expect(timelineCondition('past', NOW)).toEqual({ states: ['resolved', 'false_alarm', 'complete'] });
  });
});

describe('derived state', () => {
  it('puts maintenance before degradation before operational', () => {
    expect(deriveState([], [])).toBe('operational');
    expect(deriveState(['operational', 'degraded'], [])).toBe('degraded');
    expect(deriveState(['degraded', 'under_maintenance'], [])).toBe('under_maintenance');
    expect(deriveState([], [{ type: 'unplanned', state: 'identified' }])).toBe('degraded');
    expect(deriveState([], [{ type: 'unplanned', state: 'resolved' }])).toBe('operational');
    expect(deriveState([], [{ type: 'planned', state: 'scheduled' }])).toBe('operational');
    expect(deriveState(['degraded'], [{ type: 'planned', state: 'underway' }])).toBe('under_maintenance');
  });

  it('says each state as a sentence for people', () => {
    expect(PAGE_STATE_TEXT).toEqual({
      operational: 'All systems operational',
      degraded: 'Partial outage',
      under_maintenance: 'Under maintenance',
    });
  });

  it('finds a component and everything below it', () => {
    const components = [
      { id: 1, parent_id: null },
      { id: 4, parent_id: 3 },
      { id: 2, parent_id: 1 },
      { id: 3, parent_id: 2 },
      { id: 5, parent_id: null },
    ];
    expect([...subtreeIds(components, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...subtreeIds(components, 3)].sort()).toEqual([3, 4]);
    expect([...subtreeIds(components, 5)]).toEqual([5]);
  });
});

describe('notices impacting a part of the page', () => {
  it('counts a notice naming a component of the part, or naming none', () => {
    const part = new Set([2, 3]);
    expect(noticeImpacts([3], part)).toBe(true);
    expect(noticeImpacts([], part)).toBe(true);
    expect(noticeImpacts([1, 4], part)).toBe(false);
  });
});
