/**
 * What people read of the status page's states and times, the same on the HTML page, in the feeds and on
 * the badge: each state in words, and a wire time as people read it.
 */
import type { ComponentState, NoticeState } from './types.js';

export const COMPONENT_STATE_WORDS: Record<ComponentState, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  under_maintenance: 'Under maintenance',
};

export const NOTICE_STATE_WORDS: Record<NoticeState, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  recovering: 'Recovering',
  resolved: 'Resolved',
  false_alarm: 'False alarm',
  scheduled: 'Scheduled',
  underway: 'Underway',
  complete: 'Complete',
};

/** A wire time (2026-11-23T10:00:00Z) as people read it: 2026-11-23 10:00 UTC. */
export function readableTime(wire: string): string {
  return `${wire.slice(0, 10)} ${wire.slice(11, 16)} UTC`;
}
