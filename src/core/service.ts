/**
 * The Service: what pulse can do, as seen by one authenticated person. The local store (through the
 * core), the remote client (over HTTP) and the server (exposing it) all speak this interface, so a
 * command cannot tell which one it talks to.
 */
import type { Mood } from './moods.js';
import type { CheckIn, Page, Person, Team } from './types.js';

/** Query values may be typed (from the CLI) or strings (from HTTP); the core validates both alike. */
type QueryValue<T> = T | string;

export interface PageQuery {
  page?: QueryValue<number>;
  per_page?: QueryValue<number>;
}

export interface CheckInListQuery extends PageQuery {
  since?: string;
  until?: string;
  blocked?: QueryValue<boolean>;
  people_ids?: string[] | string;
  team_ids?: string[] | string;
}

/** Writable fields of a check-in; read-only and unknown fields are ignored. */
export interface CheckInUpdate {
  previous?: string | null;
  intentions?: string | null;
  blockers?: string | null;
  mood?: Mood | null;
  previous_completed?: boolean | null;
  team_ids?: string[];
}

export interface Service {
  /** The authenticated person. */
  me(): Promise<Person>;
  listPeople(query?: PageQuery): Promise<Page<Person>>;
  getPerson(id: string): Promise<Person>;
  listTeams(query?: PageQuery): Promise<Page<Team>>;
  getTeam(id: string): Promise<Team>;
  /** Completed check-ins the caller can see, newest date first. */
  listCheckIns(query?: CheckInListQuery): Promise<Page<CheckIn>>;
  /** A check-in by id, or by date (YYYY-MM-DD) meaning the caller's own that day. */
  getCheckIn(key: string): Promise<CheckIn>;
  /** Fills a check-in's answers, by id or by date (the caller's own). Input is validated by the core. */
  updateCheckIn(key: string, update: CheckInUpdate | unknown): Promise<CheckIn>;
  /** Releases what the implementation holds (a database handle, a connection pool). */
  close(): Promise<void>;
}
