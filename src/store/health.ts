/**
 * A store's health for `pulse doctor`: the file opened read-only (a check must neither create a missing
 * store nor migrate one that is behind), SQLite's integrity check, the schema version against this
 * pulse's, and the values that are not text every store accepts (bad-text.ts). Opening the store through openRepository would do both, and so hide what it found.
 */
import { existsSync } from 'node:fs';
import { type BadTextCell, findBadText } from './bad-text.js';
import { SCHEMA_VERSION } from './schema-version.js';
import { openSqlite, type SqliteConnection, SqliteDriverError, sqliteDriver } from './sqlite-driver.js';

export type StoreHealth =
  /** No SQLite driver this process may use (better-sqlite3 missing on Node 20, say): `fix` says what to do. */
  | { state: 'no-driver'; problem: string; fix: string }
  | { state: 'missing' }
  | { state: 'unreadable'; reason: string }
  | { state: 'corrupt'; problems: string[] }
  | {
      state: 'behind' | 'ahead' | 'current';
      version: number;
      expected: number;
      /** SQLite: values that are not text every store accepts (NUL, invalid UTF-8); PostgreSQL holds none. */
      badText?: BadTextCell[];
    };

/** At most this many of integrity_check's lines: a wrecked file yields thousands. */
const MAX_PROBLEMS = 5;

export function checkStoreHealth(path: string): StoreHealth {
  // First: without a driver, even a store the first command would create cannot be.
  try {
    sqliteDriver();
  } catch (error) {
    if (error instanceof SqliteDriverError)
      return { state: 'no-driver', problem: error.problem, fix: error.fix };
    throw error;
  }
  if (!existsSync(path)) return { state: 'missing' };
  let native: SqliteConnection | undefined;
  try {
    native = openSqlite(path, { readonly: true, fileMustExist: true });
    const lines = native.pragma(`integrity_check(${MAX_PROBLEMS})`, { simple: false }) as {
      integrity_check: string;
    }[];
    const problems = lines.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length > 0) return { state: 'corrupt', problems };
    const version = native.pragma('user_version', { simple: true }) as number;
    const state = version < SCHEMA_VERSION ? 'behind' : version > SCHEMA_VERSION ? 'ahead' : 'current';
    return { state, version, expected: SCHEMA_VERSION, badText: findBadText(native) };
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    // "file is not a database" (SQLITE_NOTADB) and a malformed image (SQLITE_CORRUPT) are damage, not access.
    if (code === 'SQLITE_NOTADB' || code?.startsWith('SQLITE_CORRUPT')) {
      return { state: 'corrupt', problems: [message ?? code] };
    }
    return { state: 'unreadable', reason: message ?? String(error) };
  } finally {
    native?.close();
  }
}
