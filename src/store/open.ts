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
      const { migrate } = await import('./migrate.js');
      await migrate(db);
      native.pragma(`user_version = ${SCHEMA_VERSION}`);
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return new SqliteRepository(db);
}
