/**
 * A PostgreSQL store's health for `pulse doctor` (the SQLite one is health.ts): whether the server
 * answers and which schema the database is at, read-only (nothing is created or migrated). The schema
 * version is the number of migrations Kysely has recorded, as SQLite's user_version counts them.
 */
import pg from 'pg';
import { withoutPasswordIn } from '../database-url.js';
import type { StoreHealth } from '../health.js';
import { SCHEMA_VERSION } from '../schema-version.js';

/** PostgreSQL's "undefined_table": an empty database, which the first command migrates. */
const UNDEFINED_TABLE = '42P01';

export async function checkPostgresHealth(url: string): Promise<StoreHealth> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  // A connection the server drops after the check is an 'error' event, which unheard would end the process.
  client.on('error', () => {});
  try {
    await client.connect();
    const result = await client.query<{ count: string }>('SELECT count(*) AS count FROM kysely_migration');
    const version = Number(result.rows[0]?.count ?? 0);
    const state = version < SCHEMA_VERSION ? 'behind' : version > SCHEMA_VERSION ? 'ahead' : 'current';
    return { state, version, expected: SCHEMA_VERSION };
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return { state: 'missing' };
    const message = error instanceof Error ? error.message : String(error);
    return { state: 'unreadable', reason: withoutPasswordIn(message, url) };
  } finally {
    await client.end().catch(() => undefined);
  }
}
