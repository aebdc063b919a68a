/**
 * The Repository on PostgreSQL. Everything SqliteRepository builds with Kysely serves both dialects and
 * is inherited; what differs is here: the hand-written list reads run through Kysely's connection (with
 * `$n` parameters) instead of SQLite's statement cache, a transaction is PostgreSQL's, the data version
 * is a shared counter (data-version.ts), and search is the tsvector index.
 */
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { SearchHit, SearchQuery, Window } from '../../core/repository.js';
import type { Database } from '../schema.js';
import { searchPostgres } from '../search/postgres-tsvector.js';
import type { RowReader } from '../sql/row-reader.js';
import type { Sql } from '../sql/sql.js';
import type { ListAggregate } from '../sql/team-days.js';
import { SqliteRepository } from '../sqlite-repository.js';
import { BUMP } from './data-version.js';

/** SQLite's `?` placeholders as PostgreSQL's `$1, $2, ...` (the hand-written SQL has no `?` elsewhere). */
export function numbered(text: string): string {
  let index = 0;
  return text.replace(/\?/g, () => `$${++index}`);
}

// The hand-written reads go through read() below; SqliteReads' RowReader is never used on PostgreSQL.
const NO_ROW_READER = undefined as unknown as RowReader;

export class PostgresRepository extends SqliteRepository {
  protected override readonly listAggregate: ListAggregate = 'string_agg';

  constructor(
    private readonly pool: Kysely<Database>,
    dataVersion: () => string,
    /** Moves this instance's version once a transaction committed: what it cached meanwhile is stale. */
    private readonly committed: () => void = () => {},
  ) {
    super(NO_ROW_READER, pool, dataVersion);
  }

  protected override async read<Row>(query: Sql): Promise<Row[]> {
    const result = await this.q.executeQuery<Row>(
      CompiledQuery.raw(numbered(query.text), [...query.parameters]),
    );
    return result.rows;
  }

  /**
   * One transaction per unit of work, on one connection of the pool that every query inside it uses
   * (the scope, as on SQLite). Its first statement bumps the data version, which also makes the store's
   * transactions take turns, across instances, as BEGIN IMMEDIATE does on SQLite.
   */
  override async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.scope.getStore()) return fn();
    return this.pool.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      try {
        await BUMP.execute(connection);
        const result = await this.scope.run(connection, fn);
        await sql`commit`.execute(connection);
        this.committed();
        return result;
      } catch (error) {
        await sql`rollback`.execute(connection).catch(() => undefined);
        throw error;
      }
    });
  }

  override search(query: SearchQuery, window: Window): Promise<SearchHit[]> {
    return searchPostgres(this.q as Kysely<unknown>, query, window);
  }

  override async close(): Promise<void> {
    await this.pool.destroy();
  }
}
