/**
 * The page's history: for each of the last 90 UTC days, the worst state and the notices that ran that day.
 * Derived from notices (docs/decisions.md, "The status page's history"): an incident makes every day it
 * ran degraded (a false alarm makes none), maintenance makes the days it was underway under_maintenance,
 * and an incident outranks maintenance on a day with both.
 */
import type { ComponentState, StatusNotice } from '../types.js';

export const HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;

export interface HistoryDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  state: ComponentState;
  /** The notices that ran on this day, newest first. */
  notices: StatusNotice[];
}

const RANK: Record<ComponentState, number> = { operational: 0, under_maintenance: 1, degraded: 2 };

/** The state a notice gives the days it ran: none for one that never began or was a false alarm. */
function stateOf(notice: StatusNotice): ComponentState {
  if (notice.type === 'planned') return 'under_maintenance';
  return notice.state === 'false_alarm' ? 'operational' : 'degraded';
}

function dayIndex(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** The last HISTORY_DAYS days up to today (UTC), oldest first. */
export function historyOf(notices: readonly StatusNotice[], now: Date): HistoryDay[] {
  const today = dayIndex(now.getTime());
  const first = today - HISTORY_DAYS + 1;
  const days: HistoryDay[] = [];
  for (let index = first; index <= today; index++) {
    days.push({
      date: new Date(index * DAY_MS).toISOString().slice(0, 10),
      state: 'operational',
      notices: [],
    });
  }
  for (const notice of notices) {
    // Scheduled maintenance has not run yet: it is in the page's maintenance section, not its history.
    if (notice.began_at === null) continue;
    const from = Math.max(first, dayIndex(Date.parse(notice.began_at)));
    const to = Math.min(today, dayIndex(notice.ended_at ? Date.parse(notice.ended_at) : now.getTime()));
    const state = stateOf(notice);
    for (let index = from; index <= to; index++) {
      const day = days[index - first];
      if (!day) continue;
      day.notices.push(notice);
      if (RANK[state] > RANK[day.state]) day.state = state;
    }
  }
  return days;
}
