/** What the status page needs from storage, as plain rows; the rules stay in the core. */
import type { Window } from '../repository.js';
import type { ComponentState, NoticeState, NoticeType } from './types.js';

export interface StatusPageRow {
  name: string;
  /** Where people read the page; null: the deployment's own {public_url}/status. */
  url: string | null;
  created_at: string;
  updated_at: string;
}

export interface ComponentRow {
  id: number;
  name: string;
  description: string;
  parent_id: number | null;
  /** Display order, 1..n with no gaps; the repository keeps it dense. */
  position: number;
  state: ComponentState;
  created_at: string;
  updated_at: string;
}

export interface NoticeRow {
  id: number;
  type: NoticeType;
  state: NoticeState;
  subject: string;
  begins_at: string | null;
  ends_at: string | null;
  began_at: string | null;
  ended_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface NoticeUpdateRow {
  /** Numbered by the database across every notice, so a later update has a greater id. */
  id: number;
  notice_id: number;
  state: NoticeState;
  content: string;
  created_at: string;
  updated_at: string;
}

/** An update to append: the database numbers it, and it belongs to the notice it is added with. */
export type NewNoticeUpdate = Omit<NoticeUpdateRow, 'id' | 'notice_id'>;

/** A component to add: the database numbers it and the repository places it last. */
export type NewComponent = Omit<ComponentRow, 'id' | 'position'>;

/** Notices to read: of one type, in some states, and (for the past) ended within bounds. */
export interface NoticeFilter {
  type?: NoticeType;
  states?: readonly NoticeState[];
  endedFrom?: string;
  endedBefore?: string;
}

/** A transition: the new state, the times it sets, and the update it appends. */
export interface NoticeChange {
  state: NoticeState;
  began_at?: string;
  ended_at?: string;
  updated_at: string;
}

export interface StatusRepository {
  statusPage(): Promise<StatusPageRow | undefined>;
  saveStatusPage(page: StatusPageRow): Promise<void>;
  countComponents(): Promise<number>;
  /** Components by position; every one without a window. */
  listComponents(window?: Window): Promise<ComponentRow[]>;
  componentsByIds(ids: readonly number[]): Promise<ComponentRow[]>;
  /** Adds a component at the end (position n + 1), at once with reading n; resolves to its id. */
  insertComponent(component: NewComponent): Promise<number>;
  /**
   * Moves a component to `position` (1..n, checked by the caller) and shifts the ones between by one, at
   * once; every component whose position changes gets `updatedAt`.
   */
  moveComponent(id: number, position: number, updatedAt: string): Promise<void>;
  setComponentState(id: number, state: ComponentState, updatedAt: string): Promise<void>;
  /** The distinct states components are in (for the page's derived state). */
  componentStates(): Promise<ComponentState[]>;
  countNotices(filter: NoticeFilter): Promise<number>;
  /** Notices newest first (by id). */
  listNotices(filter: NoticeFilter, window?: Window): Promise<NoticeRow[]>;
  findNotice(id: number): Promise<NoticeRow | undefined>;
  /** A notice, its impacted components and its first update, at once; resolves to its id. */
  insertNotice(
    notice: Omit<NoticeRow, 'id'>,
    componentIds: readonly number[],
    update: NewNoticeUpdate,
  ): Promise<number>;
  /** A transition (or a same-state update) and its update row, at once. */
  changeNotice(id: number, change: NoticeChange, update: NewNoticeUpdate): Promise<void>;
  /** The newest update of each notice. */
  latestNoticeUpdates(noticeIds: readonly number[]): Promise<NoticeUpdateRow[]>;
  /** A notice's updates, newest first. */
  noticeUpdates(noticeId: number): Promise<NoticeUpdateRow[]>;
  noticeComponentIds(noticeId: number): Promise<number[]>;
  /** The newest updated_at of any component or notice: when the derived page state last could change. */
  lastStatusChange(): Promise<string | undefined>;
}
