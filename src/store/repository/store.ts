/**
 * The connection the aggregates' queries run on, shared by all of them: inside transaction() every query
 * must use the transaction's connection, which a TransactionContext carries to them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { TransactionContext } from '../sql/transaction-context.js';
import type { Dialect } from './dialect.js';
import type { Rows } from './list-reads.js';

export interface Store {
  /** The transaction's connection inside transaction(), the database's otherwise. */
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** Runs fn in one transaction; inside one already, as part of it. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /** Runs a hand-written read (sql/) as the dialect does, on db; a function of its own, not a method. */
  readonly rows: Rows;
}

export function scopedStore(database: Kysely<Database>, dialect: Dialect): Store {
  const scope = new TransactionContext<Kysely<Database>>();
  const current = () => scope.get() ?? database;
  return {
    get db() {
      return current();
    },
    dialect,
    transaction(fn) {
      if (scope.get()) return fn();
      return dialect.transaction(database, (connection) => scope.run(connection, fn));
    },
    rows: (query) => dialect.rows(current(), query),
  };
}
