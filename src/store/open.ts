/**
 * Opens (creating if needed) a SQLite store: WAL mode, foreign keys on, a busy timeout so concurrent
 * writers wait instead of failing, and migrations brought up to date.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';
import { SCHEMA_VERSION } from './schema-version.js';
import { SqliteRepository } from './sqlite-repository.js';

const BUSY_TIMEOUT_MS = 10_000;

function schemaVersion(native: SqliteDatabase.Database): number {
  return native.pragma('user_version', { simple: true }) as number;
}

/**
 * Migrates under the write lock, checking the version again once it is held: two processes opening a
 * fresh store at once must not both create its tables.
 */
async function migrateExclusively(native: SqliteDatabase.Database, db: Kysely<Database>): Promise<void> {
  const { migrate } = await import('./migrate.js');
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

export async function openSqliteRepository(path: string): Promise<SqliteRepository> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const native = new SqliteDatabase(path);
  native.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  native.pragma('journal_mode = WAL');
  native.pragma('synchronous = NORMAL');
  native.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: native }) });
  try {
    if (schemaVersion(native) < SCHEMA_VERSION) await migrateExclusively(native, db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return new SqliteRepository(db);
}
