/**
 * Opens (creating if needed) a SQLite store: WAL mode, foreign keys on, a busy timeout so concurrent
 * writers wait instead of failing, and migrations brought up to date.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type MigrationProvider, Migrator, SqliteDialect } from 'kysely';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations/index.js';
import type { Database } from './schema.js';
import { SqliteRepository } from './sqlite-repository.js';

const BUSY_TIMEOUT_MS = 10_000;

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function openSqliteRepository(path: string): Promise<SqliteRepository> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const native = new SqliteDatabase(path);
  native.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  native.pragma('journal_mode = WAL');
  native.pragma('synchronous = NORMAL');
  native.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: native }) });
  try {
    if ((native.pragma('user_version', { simple: true }) as number) < SCHEMA_VERSION) {
      await migrate(db);
      native.pragma(`user_version = ${SCHEMA_VERSION}`);
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return new SqliteRepository(db);
}

async function migrate(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`migrating the store failed${failed ? ` at ${failed}` : ''}: ${String(error)}`);
  }
}
