/**
 * A throwaway PostgreSQL for the tests: one server a test run (test/postgres-global-setup.ts starts it
 * and hands its address to the test processes), a database per test file or per World made from it.
 * Starting and stopping servers and making databases live in postgres-server.mjs, which the benchmarks
 * share.
 */
import { inject } from 'vitest';
import { systemClock } from '../../src/core/clock.js';
import { createDatabase } from './postgres-server.mjs';
import { openInstance } from './store.js';

export {
  createDatabase,
  dropDatabase,
  type PostgresServer,
  postgresInstalled,
  startPostgres,
} from './postgres-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test run's PostgreSQL (no database in the address); empty when PostgreSQL is not installed. */
    postgresUrl: string;
    /** Why there is no server (empty when there is one): the reason the PostgreSQL tests skip with. */
    postgresAbsent: string;
  }
}

/**
 * The test run's PostgreSQL server, or undefined when there is none. Tests ask through
 * system-parts.ts's postgresServer(), which also checks that it answers and skips them with the reason
 * (or fails them under CI).
 */
export function testPostgresUrl(): string | undefined {
  return inject('postgresUrl') || undefined;
}

/**
 * A new database on `serverUrl` holding an account (Ana Diaz, administrator of team Core) and a token of
 * hers per name, for `pulse serve --database` processes; the store that made them is closed.
 */
export async function databaseWithAccount(
  serverUrl: string,
  tokenNames: string[] = ['test'],
): Promise<{ database: string; tokens: { token: string; id: string }[] }> {
  const database = await createDatabase(serverUrl);
  const store = await openInstance(database, { clock: systemClock, publicUrl: 'https://pulse.test' });
  try {
    await store.admin.initialise({
      name: 'Ana Diaz',
      email: 'ana@example.com',
      timeZone: 'UTC',
      teamName: 'Core',
    });
    const tokens = [];
    for (const name of tokenNames) {
      const { token, id } = await store.admin.createToken({ person: 'ana@example.com', name });
      tokens.push({ token, id });
    }
    return { database, tokens };
  } finally {
    await store.close();
  }
}

/** One statement on its own connection to `url` (as psql would run it, outside pulse); its rows. */
export async function queryRows<T>(url: string, text: string): Promise<T[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}
