/**
 * Vitest's global setup: one throwaway PostgreSQL for the whole run (test/helpers/postgres.ts), stopped
 * and deleted at its end. Without PostgreSQL installed, or when the server does not start, the address
 * is empty, `postgresAbsent` says why, and the PostgreSQL tests skip with that reason, except under CI,
 * where they fail (test/helpers/system-parts.ts; .ci/run installs it).
 */
import type { TestProject } from 'vitest/node';
import { type PostgresServer, postgresInstalled, startPostgres } from './helpers/postgres-server.mjs';

let server: PostgresServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  let absent = '';
  if (!postgresInstalled())
    absent =
      'PostgreSQL is not installed (no initdb and pg_ctl under /usr/lib/postgresql/N/bin or $PULSE_POSTGRES_BIN)';
  else {
    try {
      server = await startPostgres();
    } catch (error) {
      const said = String((error as { stderr?: string }).stderr || (error as Error).message).trim();
      absent = `the test run's PostgreSQL did not start: ${said.split('\n')[0]}`;
    }
  }
  project.provide('postgresUrl', server?.url ?? '');
  project.provide('postgresAbsent', absent);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
