/**
 * Opens (creating if needed) a SQLite store: WAL mode, foreign keys on, a busy timeout so concurrent
 * writers wait instead of failing, and migrations brought up to date.
 */
import { statSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { loadedOnFirstCall } from '../core/loaded-on-first-call.js';
import type { Repository } from '../core/repository.js';
import { type PrivateStoreOptions, prepareStoreFiles } from './private-files.js';
import { listReads } from './repository/list-reads.js';
import type { Database } from './schema.js';
import { SCHEMA_VERSION } from './schema-version.js';
import { sqliteTextMatch } from './search/text-match.js';
import { type QueryObserver, RowReader } from './sql/row-reader.js';
import { openSqlite, type SqliteConnection, sqliteDriver } from './sqlite-driver.js';
import { StatementCache } from './statement-cache.js';
import { onStore, storageError } from './storage-errors.js';

export type { QueryObserver };

const BUSY_TIMEOUT_MS = 10_000;

/**
 * The WAL's bound, in 4 KiB pages: SQLite checkpoints once the WAL holds this many (its default, 1000
 * pages, lets the WAL reach 4 MB, more than a nearly full disk may have to give), and journal_size_limit
 * truncates it back to this size when it restarts, so a WAL that once grew does not keep its space.
 */
const WAL_PAGES = 256;
const WAL_BYTES = WAL_PAGES * 4096;

function schemaVersion(native: SqliteConnection): number {
  return native.pragma('user_version', { simple: true }) as number;
}

/**
 * Migrates under the write lock, checking the version again once it is held: two processes opening a
 * fresh store at once must not both create its tables.
 */
async function migrateExclusively(native: SqliteConnection, db: Kysely<Database>): Promise<void> {
  native.exec('BEGIN IMMEDIATE');
  try {
    if (schemaVersion(native) < SCHEMA_VERSION) {
      const { migrate } = await import('./migrate.js');
      await migrate(db);
      native.pragma(`user_version = ${SCHEMA_VERSION}`);
    }
    native.exec('COMMIT');
  } catch (error) {
    if (native.inTransaction) native.exec('ROLLBACK');
    throw error;
  }
}

export interface SqliteOpenOptions extends PrivateStoreOptions {
  /** Observes the SQL the store runs (tests of query plans); nothing is logged or timed without it. */
  onQuery?: QueryObserver | undefined;
  /**
   * Read SQLite's data_version (commits by other connections and processes) at most once an event-loop
   * turn, for `pulse serve`: the statement takes the WAL read lock and was the largest cost of a cached
   * answer (11-16% of its CPU). The requests served in one turn arrived together and share one reading;
   * this connection's own writes still count at once.
   */
  versionReadsPerTurn?: boolean | undefined;
}

/** The size of the store's WAL file; 0 when it has none (in memory, or no connection has it open). */
function walBytes(path: string): number {
  if (path === ':memory:') return 0;
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
}

/**
 * Checkpoints the WAL into the file and truncates it to nothing, without waiting: while another
 * connection reads or writes it cannot, and then its own checkpoints will. Its failure (the disk still
 * full, a read-only file) is no error of the caller's: the statement that follows meets the same cause
 * and reports it.
 */
function truncateWal(native: SqliteConnection): void {
  if (native.inTransaction || native.memory || native.readonly) return;
  try {
    native.pragma('busy_timeout = 0');
    native.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // As above: nothing to do until space returns.
  } finally {
    native.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

/** `read`, called at most once an event-loop turn: later calls in the turn get its value. */
function oncePerTurn<T>(read: () => T): () => T {
  let value: T;
  let held = false;
  const release = () => {
    held = false;
  };
  return () => {
    if (!held) {
      value = read();
      held = true;
      setImmediate(release);
    }
    return value;
  };
}

/**
 * The store's Repository. It answers the list commands' reads (repository/list-reads.ts) at once and loads the rest,
 * with Kysely, on the first call of anything else: the lists never load Kysely.
 */
export async function openSqliteRepository(
  path: string,
  options: SqliteOpenOptions = {},
): Promise<Repository> {
  try {
    return await open(path, options);
  } catch (error) {
    throw storageError(path, error);
  }
}

async function open(path: string, options: SqliteOpenOptions): Promise<Repository> {
  // The driver first: a PULSE_SQLITE_DRIVER this Node cannot honour fails before any file is made.
  sqliteDriver();
  if (path !== ':memory:') prepareStoreFiles(path, options);
  const native = openSqlite(path);
  native.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  native.pragma('journal_mode = WAL');
  native.pragma('synchronous = NORMAL');
  native.pragma('foreign_keys = ON');
  native.pragma(`wal_autocheckpoint = ${WAL_PAGES}`);
  native.pragma(`journal_size_limit = ${WAL_BYTES}`);
  // A WAL left full by a run that met a full disk (its last checkpoint failed for want of space) is
  // moved into the file and emptied now, if space has returned: else it would hold that space for good.
  // (The last connection to close deletes the WAL, so a store at rest has none and this costs nothing.)
  if (walBytes(path) > 0) truncateWal(native);
  let localWrites = 0;
  const statements = new StatementCache(native, path, () => localWrites++, truncateWal);
  const reader = new RowReader(statements, options.onQuery);
  // Changes whenever anything in the file may have changed: a commit by another connection or process,
  // or a write through this one.
  const dataVersionStatement = native.prepare('PRAGMA data_version').pluck();
  const readOthers = () => onStore(path, () => dataVersionStatement.get() as number);
  const othersVersion = options.versionReadsPerTurn ? oncePerTurn(readOthers) : readOthers;
  const dataVersion = () => `${othersVersion()}:${localWrites}`;

  let kysely: Promise<Kysely<Database>> | undefined;
  const loadKysely = () => {
    kysely ??= import('./kysely-connection.js').then(({ kyselyOver }) =>
      kyselyOver(statements, options.onQuery),
    );
    return kysely;
  };
  // Kysely's destroy() closes the connection (through the statement cache) once it holds it.
  const close = async () => (kysely ? (await kysely).destroy() : statements.close());
  try {
    if (schemaVersion(native) < SCHEMA_VERSION) await migrateExclusively(native, await loadKysely());
  } catch (error) {
    await close();
    throw error;
  }
  const reads = {
    ...listReads((query) => reader.rows(query), 'group_concat', sqliteTextMatch),
    dataVersion,
    close,
  };
  return loadedOnFirstCall<Repository>(async () => {
    const [{ kyselyRepository }, { sqliteDialect }, db] = await Promise.all([
      import('./repository/index.js'),
      import('./sqlite-dialect.js'),
      loadKysely(),
    ]);
    return kyselyRepository(
      db,
      sqliteDialect(reader, (error) => statements.afterFailure(error)),
      dataVersion,
    );
  }, reads);
}
