/**
 * Opens the store on a PostgreSQL database (`pulse serve --database postgres://...`): a pg Pool under
 * Kysely's PostgresDialect, the same migrations as SQLite's, and the shared data version. Loaded only
 * when a store's location is a PostgreSQL address (database-url.ts), so local commands never load pg.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Repository } from '../../core/repository.js';
import type { RateStateStore } from '../../core/shared-rate-limit.js';
import { migrate } from '../migrate.js';
import { kyselyRepository } from '../repository/index.js';
import type { Database } from '../schema.js';
import { installDataVersion, readDataVersion } from './data-version.js';
import { postgresDialect } from './dialect.js';
import { CountWrites } from './local-writes.js';
import { installRateLimits, postgresRateStates } from './rate-limits.js';
import { orderTextAsBytes } from './text-order.js';

/** A Repository that can also bring its data version up to date (PostgreSQL's is read, not pushed). */
export interface PostgresStoreRepository extends Repository {
  /**
   * Reads the shared data version, at most once an event-loop turn (requests that arrived together
   * share one reading). `pulse serve` awaits it before each request, so every instance answers from the
   * version of the database, whoever wrote last.
   */
  refreshDataVersion(): Promise<void>;
  /** The shared rate limits' states (pulse_rate_limits), which every instance on the database uses. */
  readonly rateStates: RateStateStore;
}

// Any fixed key: every instance migrating one database waits on the same lock.
const MIGRATION_LOCK = 0x70756c73;

/**
 * Migrations, then the data version's counter and triggers, the byte order of text and the rate limits'
 * table, in one transaction
 * under an advisory lock.
 */
async function migrateExclusively(db: Kysely<Database>): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection);
    try {
      await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK)})`.execute(connection);
      await migrate(connection);
      await installDataVersion(connection as Kysely<unknown>);
      await orderTextAsBytes(connection as Kysely<unknown>);
      await installRateLimits(connection as Kysely<unknown>);
      await sql`commit`.execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

export async function openPostgresRepository(url: string): Promise<PostgresStoreRepository> {
  const pool = new pg.Pool({ connectionString: url });
  // An idle connection the server dropped (a restart, a failover) is an 'error' event, which unheard
  // would end the process; the pool replaces the connection, and the next query reports any lasting fault.
  pool.on('error', () => {});
  // This instance's writes move its version at once; others' at the next refreshDataVersion().
  let localWrites = 0;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CountWrites(() => localWrites++)],
  });
  try {
    await migrateExclusively(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let version = await readDataVersion(db as Kysely<unknown>);
  let reading: Promise<void> | undefined;
  const repo = kyselyRepository(
    db,
    postgresDialect(() => localWrites++),
    () => `${version}:${localWrites}`,
  );
  return Object.assign(repo, {
    rateStates: postgresRateStates(db as Kysely<unknown>),
    refreshDataVersion() {
      reading ??= readDataVersion(db as Kysely<unknown>)
        .then((read) => {
          version = read;
        })
        .finally(() =>
          setImmediate(() => {
            reading = undefined;
          }),
        );
      return reading;
    },
  });
}
