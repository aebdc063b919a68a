/**
 * A checksum of everything a store holds, so a test can prove that a rejected request or a refused
 * command changed nothing: every table's rows in primary-key order, hashed. Reads through its own
 * read-only connection, so it sees what another connection (a server, a CLI process) has committed.
 * storeChecksum reads a SQLite file; storeChecksumAt either store (a PostgreSQL database's address too).
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { isPostgresUrl } from '../../src/store/database-url.js';
import { openSqlite } from '../../src/store/sqlite-driver.js';

/**
 * `ignore` names tables left out, and `table.column` names columns left out (tokens.last_used_at is
 * bookkeeping a rejected but authenticated request may still touch).
 */
export function storeChecksum(path: string, options: { ignore?: string[] } = {}): string {
  const ignored = new Set(options.ignore ?? []);
  const db = openSqlite(path, { readonly: true, fileMustExist: true });
  try {
    const hash = createHash('sha256');
    const tables = db
      .prepare(
        `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .pluck()
      .all()
      .map(String)
      .filter((name) => !ignored.has(name));
    for (const table of tables) {
      hash.update(`\u0000table ${table}\u0000`);
      // ORDER BY every column: a total order that does not depend on rowids or on the table's key.
      const columns = db
        .prepare(`SELECT name FROM pragma_table_info(?)`)
        .pluck()
        .all(table)
        .map(String)
        .filter((column) => !ignored.has(`${table}.${column}`))
        .map((column) => `"${column}"`);
      const list = columns.join(', ');
      const rows = db.prepare(`SELECT ${list} FROM "${table}" ORDER BY ${list}`).raw().all();
      for (const row of rows) hash.update(JSON.stringify(row, bigintsAsText));
    }
    return hash.digest('hex');
  } finally {
    db.close();
  }
}

function bigintsAsText(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  return value;
}

/** storeChecksum for a store at either location: a SQLite file's path or a PostgreSQL database's address. */
export async function storeChecksumAt(
  location: string,
  options: { ignore?: string[] } = {},
): Promise<string> {
  return isPostgresUrl(location) ? postgresChecksum(location, options) : storeChecksum(location, options);
}

/**
 * One connection per database, kept for the test file: the bad-input suites take a checksum after every
 * request, and a connection each would cost more than the request. endChecksumConnection ends it.
 */
const connections = new Map<string, Promise<pg.Client>>();

async function connection(location: string): Promise<pg.Client> {
  let client = connections.get(location);
  if (!client) {
    client = (async () => {
      const { default: postgres } = await import('pg');
      const opened = new postgres.Client({ connectionString: location });
      // A database dropped under it ends the connection; that is no failure of the test.
      opened.on('error', () => connections.delete(location));
      await opened.connect();
      return opened;
    })();
    connections.set(location, client);
  }
  return client;
}

/** Ends the checksum connection to `location`, if there is one (before the database is dropped). */
export async function endChecksumConnection(location: string): Promise<void> {
  const client = connections.get(location);
  connections.delete(location);
  await (await client)?.end().catch(() => undefined);
}

/**
 * Every table's rows as text, sorted bytewise (COLLATE "C": no locale), hashed per table in one
 * statement, then the per-table hashes hashed in table order.
 */
async function postgresChecksum(location: string, options: { ignore?: string[] }): Promise<string> {
  const ignored = new Set(options.ignore ?? []);
  const client = await connection(location);
  const { rows: columns } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema()
        AND table_name IN (SELECT table_name FROM information_schema.tables
                            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE')
      ORDER BY table_name, ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) {
    if (ignored.has(table) || ignored.has(`${table}.${column}`)) continue;
    tables.set(table, [...(tables.get(table) ?? []), `"${column}"`]);
  }
  const perTable = [...tables].map(
    ([table, list]) =>
      `SELECT '${table}' AS name, md5(coalesce(string_agg(r, E'\\n' ORDER BY r COLLATE "C"), '')) AS digest
         FROM (SELECT ROW(${list.join(', ')})::text AS r FROM "${table}") AS each_row`,
  );
  const hash = createHash('sha256');
  if (perTable.length === 0) return hash.digest('hex');
  const { rows } = await client.query<{ name: string; digest: string }>(
    `${perTable.join('\nUNION ALL\n')} ORDER BY name`,
  );
  for (const row of rows) hash.update(`\u0000table ${row.name}\u0000${row.digest}`);
  return hash.digest('hex');
}
