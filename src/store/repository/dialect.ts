/**
 * What differs between SQLite and PostgreSQL behind the one Kysely implementation of the Repository: how
 * the hand-written reads run, what a transaction is, how text is aggregated, full-text search, and how a
 * job claim keeps off rows another instance is taking. sqlite-dialect.ts and postgres/dialect.ts each
 * give one; nothing else in the repository asks which database it is on.
 */
import type { Kysely, RawBuilder } from 'kysely';
import type { SearchHit, SearchQuery, Window } from '../../core/repository.js';
import type { Database } from '../schema.js';
import type { TextMatch } from '../search/text-match.js';
import type { Sql } from '../sql/sql.js';
import type { ListAggregate } from '../sql/team-days.js';

export interface Dialect {
  /** How a group's values are joined into one text (team-days.ts). */
  readonly listAggregate: ListAggregate;
  /** Runs a hand-written read (sql/) on `db`: the store's connection, or its transaction's. */
  rows<Row>(db: Kysely<Database>, query: Sql): Promise<Row[]>;
  /** Runs `fn` as one transaction on one connection of `db`, which it hands to `fn`. */
  transaction<T>(db: Kysely<Database>, fn: (connection: Kysely<Database>) => Promise<T>): Promise<T>;
  /** The answer engine's full-text search (FTS5 or tsvector). */
  search(db: Kysely<Database>, query: SearchQuery, window: Window): Promise<SearchHit[]>;
  /** The lists' `search`: the ids of items of a kind holding every word, as a subquery. */
  readonly textMatch: TextMatch;
  /** Appended to a job claim's subquery: PostgreSQL skips rows another claim is taking; SQLite needs nothing. */
  readonly claimLock: RawBuilder<unknown>;
}
