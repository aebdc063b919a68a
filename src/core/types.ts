/**
 * The documented shapes of the v2 interface (../shared/spec/v2-interface.md). Serialised objects carry
 * exactly these properties, no more.
 */
import type { Mood } from './moods.js';
import type { Weekday } from './weekdays.js';

export interface Account {
  id: string;
  name: string;
}

export interface TeamRef {
  id: string;
  name: string;
}

export interface PersonRef {
  id: string;
  name: string;
}

export type PersonKind = 'human' | 'agent';

export interface Person extends PersonRef {
  username: string;
  email: string;
  time_zone: string;
  location: string | null;
  title: string | null;
  bio: string | null;
  administrator: boolean;
  kind: PersonKind;
  created_at: string;
  updated_at: string;
  url: string;
  account: Account;
  teams: TeamRef[];
}

export interface Team extends TeamRef {
  description: string | null;
  private: boolean;
  completion_tracking: boolean;
  mood_tracking: boolean;
  report_days: Weekday[];
  people: PersonRef[];
  url: string;
}

export interface CheckIn {
  type: 'check-in';
  id: string;
  date: string;
  person: PersonRef;
  teams: TeamRef[];
  previous: string | null;
  intentions: string | null;
  blockers: string | null;
  mood: Mood | null;
  previous_completed: boolean | null;
  blocked: boolean;
  absent: boolean;
  completed_at: string | null;
  updated_at: string;
  url: string;
}

/** One page of a list: the items and whether another page follows (lists carry no totals). */
export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  hasNext: boolean;
}
