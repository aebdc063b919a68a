/**
 * PostgreSQL's side of the Repository (repository/dialect.ts): the hand-written reads run through
 * Kysely's connection with `$n` parameters, a transaction bumps the shared data version first
 * (data-version.ts), search is the tsvector index, and a job claim skips rows another claim is taking.
 */
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Dialect } from '../repository/dialect.js';
import type { Database } from '../schema.js';
import { searchPostgres } from '../search/postgres-tsvector.js';
import { postgresTextMatch } from '../search/text-match.js';
import type { Sql } from '../sql/sql.js';
import { BUMP } from './data-version.js';

/** SQLite's `?` placeholders as PostgreSQL's `$1, $2, ...` (the hand-written SQL has no `?` elsewhere). */
function numbered(text: string): string {
  let index = 0;
  return text.replace(/\?/g, () => `$${++index}`);
}

export function postgresDialect(
  /** Moves this instance's version once a transaction committed: what it cached meanwhile is stale. */
  committed: () => void,
): Dialect {
  return {
    listAggregate: 'string_agg',

    async rows<Row>(db: Kysely<Database>, query: Sql) {
      const result = await db.executeQuery<Row>(
        CompiledQuery.raw(numbered(query.text), [...query.parameters]),
      );
      return result.rows;
    },

    /**
     * One transaction per unit of work, on one connection of the pool that every query inside it uses.
     * Its first statement bumps the data version, which also makes the store's transactions take turns,
     * across instances, as BEGIN IMMEDIATE does on SQLite.
     */
    transaction: (db, fn) =>
      db.connection().execute(async (connection) => {
        await sql`begin`.execute(connection);
        try {
          await BUMP.execute(connection);
          const result = await fn(connection);
          await sql`commit`.execute(connection);
          committed();
          return result;
        } catch (error) {
          await sql`rollback`.execute(connection).catch(() => undefined);
          throw error;
        }
      }),

    search: (db, query, window) => searchPostgres(db, query, window),
    textMatch: postgresTextMatch,

    // Instances never wait on each other nor take the same job.
    claimLock: sql`FOR UPDATE SKIP LOCKED`,
  };
}
