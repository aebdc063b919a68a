/**
 * The status page's rules, as pure functions: which notice transitions are allowed, what a transition
 * sets, a notice's timeline_state on a given clock, and the state derived from components and notices.
 * The store, the server and the CLI's --component check all decide through these.
 */
import type {
  ComponentState,
  NoticeState,
  NoticeType,
  PageState,
  TimelineFilter,
  TimelineState,
} from './types.js';

/** A notice that has ended stays past_recent this long after its end, then becomes past_distant. */
export const RECENT_MS = 7 * 86_400_000;

const TRANSITIONS: Record<NoticeState, readonly NoticeState[]> = {
  investigating: ['identified', 'recovering', 'resolved', 'false_alarm'],
  identified: ['recovering', 'resolved', 'false_alarm'],
  recovering: ['resolved', 'false_alarm'],
  resolved: [],
  false_alarm: [],
  scheduled: ['underway'],
  underway: ['complete'],
  complete: [],
};

/** The state a new notice of a type starts in. */
export function initialState(type: NoticeType): NoticeState {
  return type === 'planned' ? 'scheduled' : 'investigating';
}

/** The states a notice of this type may move to next (forward only; ended notices move nowhere). */
export function nextStates(state: NoticeState): readonly NoticeState[] {
  return TRANSITIONS[state];
}

export function isEnded(state: NoticeState): boolean {
  return state === 'resolved' || state === 'false_alarm' || state === 'complete';
}

/** Unresolved incidents and maintenance in progress: what makes a notice present. */
export function isActive(state: NoticeState): boolean {
  return state !== 'scheduled' && !isEnded(state);
}

/** States that are active: every unresolved unplanned state, and underway. */
export const ACTIVE_STATES: readonly NoticeState[] = [
  'investigating',
  'identified',
  'recovering',
  'underway',
];
export const ENDED_STATES: readonly NoticeState[] = ['resolved', 'false_alarm', 'complete'];

/**
 * What a transition sets besides the state: began_at when maintenance gets underway (an incident began
 * when it was opened), ended_at when a notice ends.
 */
export function transitionTimes(to: NoticeState, now: string): { began_at?: string; ended_at?: string } {
  if (to === 'underway') return { began_at: now };
  if (isEnded(to)) return { ended_at: now };
  return {};
}

/**
 * Where a notice sits on the timeline at `now`: future until planned maintenance gets underway (however
 * its scheduled window compares with the clock: the operator says when work begins), present while
 * underway or unresolved, past_recent for 7 days after it ended, past_distant after that.
 */
export function timelineState(state: NoticeState, endedAt: string | null, now: Date): TimelineState {
  if (state === 'scheduled') return 'future';
  if (!isEnded(state)) return 'present';
  const ended = endedAt ? Date.parse(endedAt) : now.getTime();
  return now.getTime() - ended <= RECENT_MS ? 'past_recent' : 'past_distant';
}

/**
 * The first instant (ms) at which a notice that ended at `endedAt` is past_distant: the clock alone moves
 * it there (timelineState), so whatever shows its timeline changes then.
 */
export function turnsDistantAt(endedAt: string): number {
  return Date.parse(endedAt) + RECENT_MS + 1;
}

/** How a timeline filter reads against stored notices: by state and, for the past, by ended_at. */
export interface TimelineCondition {
  states: readonly NoticeState[];
  /** ended_at at or after this instant (past_recent). */
  endedFrom?: string;
  /** ended_at before this instant (past_distant). */
  endedBefore?: string;
}

export function timelineCondition(timeline: TimelineFilter, now: Date): TimelineCondition {
  const recentFrom = new Date(now.getTime() - RECENT_MS).toISOString();
  switch (timeline) {
    case 'past':
      // Ended, however long ago: past_recent and past_distant together, so a poll misses none.
      return { states: ENDED_STATES };
    case 'future':
      return { states: ['scheduled'] };
    case 'present':
      return { states: ACTIVE_STATES };
    case 'past_recent':
      return { states: ENDED_STATES, endedFrom: recentFrom };
    case 'past_distant':
      return { states: ENDED_STATES, endedBefore: recentFrom };
  }
}

/**
 * The page's state as the sentence its `state_text` carries, the words real status pages show for each
 * state (docs/decisions.md, "The status page's state_text").
 */
export const PAGE_STATE_TEXT: Record<PageState, string> = {
  operational: 'All systems operational',
  degraded: 'Partial outage',
  under_maintenance: 'Under maintenance',
};

/**
 * The state of the page, or of a part of it: under_maintenance when any component is under maintenance
 * or planned maintenance is underway; otherwise degraded when any component is degraded or an incident
 * is unresolved; otherwise operational.
 */
export function deriveState(
  componentStates: Iterable<ComponentState>,
  notices: Iterable<{ type: NoticeType; state: NoticeState }>,
): PageState {
  let maintenance = false;
  let degraded = false;
  for (const state of componentStates) {
    if (state === 'under_maintenance') maintenance = true;
    else if (state === 'degraded') degraded = true;
  }
  for (const notice of notices) {
    if (notice.type === 'planned' && notice.state === 'underway') maintenance = true;
    else if (notice.type === 'unplanned' && isActive(notice.state)) degraded = true;
  }
  return maintenance ? 'under_maintenance' : degraded ? 'degraded' : 'operational';
}

/** A component's id and the ids of everything below it (children, their children, ...). */
export function subtreeIds(
  components: readonly { id: number; parent_id: number | null }[],
  rootId: number,
): Set<number> {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const component of components) {
      if (component.parent_id !== null && ids.has(component.parent_id) && !ids.has(component.id)) {
        ids.add(component.id);
        grew = true;
      }
    }
  }
  return ids;
}

/**
 * Whether a notice impacts a part of the page: it names a component of that part, or names none, which
 * makes it about the whole page (so a page-wide incident never leaves a component looking fine).
 */
export function noticeImpacts(noticeComponentIds: readonly number[], partIds: ReadonlySet<number>): boolean {
  return noticeComponentIds.length === 0 || noticeComponentIds.some((id) => partIds.has(id));
}
