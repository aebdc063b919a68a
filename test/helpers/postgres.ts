/**
 * A throwaway PostgreSQL for the tests: one server a test run (test/postgres-global-setup.ts starts it
 * and hands its address to the test processes), a database per test file or per World made from it.
 * Starting and stopping servers and making databases live in postgres-server.mjs, which the benchmarks
 * share.
 */
import { inject } from 'vitest';

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
  }
}

/** The test run's PostgreSQL server, or undefined when it is not installed (tests then skip, or fail under CI). */
export function testPostgresUrl(): string | undefined {
  return inject('postgresUrl') || undefined;
}
