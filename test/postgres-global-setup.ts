/**
 * Vitest's global setup: one throwaway PostgreSQL for the whole run (test/helpers/postgres.ts), stopped
 * and deleted at its end. Without PostgreSQL installed the address is empty and the PostgreSQL tests
 * skip, except under CI, where they fail (.ci/run installs it).
 */
import type { TestProject } from 'vitest/node';
import { type PostgresServer, postgresInstalled, startPostgres } from './helpers/postgres-server.mjs';

let server: PostgresServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (postgresInstalled()) server = await startPostgres();
  project.provide('postgresUrl', server?.url ?? '');
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
