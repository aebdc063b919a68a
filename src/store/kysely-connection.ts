/**
 * Kysely over the store's connection, made when something first needs it (a write, a read other than the
 * lists', a migration): loading Kysely is a tenth of a list command's start-up.
 */
import { Kysely, type LogEvent, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';
import type { QueryObserver } from './sql/row-reader.js';
import type { StatementCache } from './statement-cache.js';

export function kyselyOver(statements: StatementCache, onQuery: QueryObserver | undefined): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: statements }),
    // Without an observer Kysely gets no log, so it neither times nor reports any query.
    ...(onQuery && { log: (event: LogEvent) => onQuery(event.query.sql, event.query.parameters) }),
  });
}
