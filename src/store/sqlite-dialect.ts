/**
 * SQLite's side of the Repository (repository/dialect.ts): the hand-written reads run on the connection's
 * cached statements (RowReader) rather than through Kysely, a transaction is BEGIN IMMEDIATE, and
 * search is the FTS5 index.
 */
import { sql } from 'kysely';
import type { Dialect } from './repository/dialect.js';
import { searchSqlite } from './search/sqlite-fts.js';
import { sqliteTextMatch } from './search/text-match.js';
import type { RowReader } from './sql/row-reader.js';

/**
 * `afterFailure` runs once a failed transaction has rolled back (the statement cache's: a full disk's
 * WAL emptied).
 */
export function sqliteDialect(reader: RowReader, afterFailure: (error: unknown) => void): Dialect {
  return {
    listAggregate: 'group_concat',
    // The statement cache serves the store's one connection, inside a transaction or not.
    rows: (_, query) => reader.rows(query),

    // The reader's hold first, then Kysely's: reads through either wait for the transaction to end.
    transaction: (db, fn) =>
      reader.exclusive(() =>
        db.connection().execute(async (connection) => {
          // IMMEDIATE takes the write lock up front, so concurrent writers queue on the busy timeout
          // instead of failing when a read transaction tries to upgrade.
          await sql`begin immediate`.execute(connection);
          try {
            const result = await fn(connection);
            await sql`commit`.execute(connection);
            return result;
          } catch (error) {
            // After a full disk or an I/O error SQLite has already rolled the transaction back, and
            // ROLLBACK then fails with "no transaction is active": the first error is the one to report.
            await sql`rollback`.execute(connection).catch(() => undefined);
            afterFailure(error);
            throw error;
          }
        }),
      ),

    search: (db, query, window) => searchSqlite(db, query, window),
    textMatch: sqliteTextMatch,

    // One writer at a time: the plain subquery is already exclusive.
    claimLock: sql``,
  };
}
