/**
 * The documented shapes of the public status interface (docs/reference/status.md), and the
 * enumerations it names. Serialised objects carry these properties; where the document is silent the
 * choices are in docs/decisions.md (detail notices also carry their window and actual times).
 */

export const COMPONENT_STATES = ['operational', 'degraded', 'under_maintenance'] as const;
/** A component's state, and the page's (derived from components and notices). */
export type ComponentState = (typeof COMPONENT_STATES)[number];
export type PageState = ComponentState;

export const NOTICE_TYPES = ['planned', 'unplanned'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export const TIMELINE_STATES = ['future', 'present', 'past_recent', 'past_distant'] as const;
export type TimelineState = (typeof TIMELINE_STATES)[number];

/**
 * What filter[timeline_state_eq] accepts: a timeline state, or `past` for every notice that has ended
 * (past_recent and past_distant together), which clients of the real service poll for.
 */
export const TIMELINE_FILTERS = [...TIMELINE_STATES, 'past'] as const;
export type TimelineFilter = (typeof TIMELINE_FILTERS)[number];

export const UNPLANNED_STATES = [
  'investigating',
  'identified',
  'recovering',
  'resolved',
  'false_alarm',
] as const;
export const PLANNED_STATES = ['scheduled', 'underway', 'complete'] as const;
export type UnplannedState = (typeof UNPLANNED_STATES)[number];
export type PlannedState = (typeof PLANNED_STATES)[number];
export type NoticeState = UnplannedState | PlannedState;

/** At most this many records per page of a collection. */
export const STATUS_PAGE_SIZE = 25;

export interface StatusLink {
  /** A path, e.g. /status/api/v1/components. */
  href: string;
  count: number;
}

export interface StatusPage {
  name: string;
  state: PageState;
  /** The state as a sentence for people (PAGE_STATE_TEXT), e.g. "All systems operational". */
  state_text: string;
  url: string;
  links: { components: StatusLink; notices: StatusLink };
  created_at: string;
  updated_at: string;
}

export interface StatusComponent {
  id: number;
  state: ComponentState;
  name: string;
  description: string;
  parent_id: number | null;
  /** Display order across the page, 1 to the number of components with no gaps. */
  position: number;
  created_at: string;
  updated_at: string;
}

export interface NoticeUpdate {
  /** Unique across the page and ascending with time: a later update has a greater id. */
  id: number;
  state: NoticeState;
  content: string;
  created_at: string;
  updated_at: string;
}

/** What both forms of a notice carry. begins_at and ends_at are present on planned notices only. */
export interface NoticeSummary {
  id: number;
  type: NoticeType;
  timeline_state: TimelineState;
  state: NoticeState;
  subject: string;
  begins_at?: string;
  ends_at?: string;
  began_at: string | null;
  ended_at: string | null;
  url: string;
  created_at: string;
  updated_at: string;
}

/** A notice in list form. */
export interface StatusNotice extends NoticeSummary {
  latest_update: NoticeUpdate;
  links: { self: string };
}

/** A notice in detail form: the impacted components and every update, newest first. */
export interface StatusNoticeDetail extends NoticeSummary {
  components: StatusComponent[];
  updates: NoticeUpdate[];
}
