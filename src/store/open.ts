/**
 * Opens (creating if needed) a SQLite store: WAL mode, foreign keys on, a busy timeout so concurrent
 * writers wait instead of failing, and migrations brought up to date.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type SqliteDatabase as KyselySqliteDatabase,
  type LogEvent,
  SqliteDialect,
  type SqliteStatement,
} from 'kysely';
import { migrate } from './migrate.js';
import type { Database } from './schema.js';
import { SCHEMA_VERSION } from './schema-version.js';
import { SqliteRepository } from './sqlite-repository.js';
import { onStore, storageError } from './storage-errors.js';

const BUSY_TIMEOUT_MS = 10_000;
// Distinct statements the store keeps prepared; IN lists of different lengths are different statements.
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh; preparing costs as much as running a small indexed query, so the
 * dialect gets a database whose prepare() reuses statements by their SQL text (least recently used out).
 */
function withStatementCache(
  native: SqliteDatabase.Database,
  path: string,
  onWrite: () => void,
): KyselySqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => native.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = storeStatement(
          onStore(path, () => native.prepare(sql)),
          path,
          onWrite,
        );
        if (statements.size >= STATEMENT_CACHE_SIZE)
          statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/** A statement whose file errors name the store (storage-errors.ts) and whose writes are counted. */
function storeStatement(
  statement: SqliteDatabase.Statement,
  path: string,
  onWrite: () => void,
): SqliteStatement {
  // Writes bump this connection's write counter (SQLite's data_version counts other connections only),
  // those that return rows (INSERT ... RETURNING) too.
  const ran = statement.readonly
    ? <T>(result: T) => result
    : <T>(result: T) => {
        onWrite();
        return result;
      };
  return {
    reader: statement.reader,
    all: (parameters: readonly unknown[]) => ran(onStore(path, () => statement.all(parameters))),
    iterate: (parameters: readonly unknown[]) => ran(onStore(path, () => statement.iterate(parameters))),
    run: (parameters: readonly unknown[]) => ran(onStore(path, () => statement.run(parameters))),
  };
}

/**
 * The SQLite addon's file, given to better-sqlite3 so that it skips the `bindings` package's search of a
 * dozen places for it (start-up time); undefined, and so that search, if it is not where the package's
 * install builds it.
 */
function addonFile(): string | undefined {
  try {
    const main = createRequire(import.meta.url).resolve('better-sqlite3');
    const file = join(dirname(main), '..', 'build', 'Release', 'better_sqlite3.node');
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

function schemaVersion(native: SqliteDatabase.Database): number {
  return native.pragma('user_version', { simple: true }) as number;
}

/**
 * Migrates under the write lock, checking the version again once it is held: two processes opening a
 * fresh store at once must not both create its tables.
 */
async function migrateExclusively(native: SqliteDatabase.Database, db: Kysely<Database>): Promise<void> {
  native.exec('BEGIN IMMEDIATE');
  try {
    if (schemaVersion(native) < SCHEMA_VERSION) {
      await migrate(db);
      native.pragma(`user_version = ${SCHEMA_VERSION}`);
    }
    native.exec('COMMIT');
  } catch (error) {
    if (native.inTransaction) native.exec('ROLLBACK');
    throw error;
  }
}

/** Called with every statement the store runs through Kysely, after it ran (or failed). */
export type QueryObserver = (sql: string, parameters: readonly unknown[]) => void;

export interface SqliteOpenOptions {
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

export async function openSqliteRepository(
  path: string,
  options: SqliteOpenOptions = {},
): Promise<SqliteRepository> {
  try {
    return await open(path, options);
  } catch (error) {
    throw storageError(path, error);
  }
}

async function open(path: string, options: SqliteOpenOptions): Promise<SqliteRepository> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const native = new SqliteDatabase(path, { nativeBinding: addonFile() });
  native.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  native.pragma('journal_mode = WAL');
  native.pragma('synchronous = NORMAL');
  native.pragma('foreign_keys = ON');
  let localWrites = 0;
  const { onQuery } = options;
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(native, path, () => localWrites++) }),
    // Without an observer Kysely gets no log, so it neither times nor reports any query.
    ...(onQuery && { log: (event: LogEvent) => onQuery(event.query.sql, event.query.parameters) }),
  });
  // Changes whenever anything in the file may have changed: a commit by another connection or process,
  // or a write through this one.
  const dataVersionStatement = native.prepare('PRAGMA data_version').pluck();
  const readOthers = () => onStore(path, () => dataVersionStatement.get() as number);
  const othersVersion = options.versionReadsPerTurn ? oncePerTurn(readOthers) : readOthers;
  const dataVersion = () => `${othersVersion()}:${localWrites}`;
  try {
    if (schemaVersion(native) < SCHEMA_VERSION) await migrateExclusively(native, db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return new SqliteRepository(db, dataVersion);
}
