/**
 * The stores the robustness suites (test/reliability, test/server/failures.test.ts) run their servers on:
 * SQLite always, and PostgreSQL in the full tier (npm run test:all, what CI runs) on the test run's
 * server (test/postgres-global-setup.ts), a fresh database each. The everyday tier leaves PostgreSQL out,
 * as the contract suite's targets do (test/contract/targets.ts); without a PostgreSQL the full tier runs
 * them on SQLite, saying why (system-parts.ts), except under CI, where that fails.
 */
import { join } from 'node:path';
import { createDatabase, dropDatabase } from './postgres.js';
import { postgresServer } from './system-parts.js';
import { tempDir } from './temp.js';
import { testTier } from './tier.js';

export type StoreKind = 'sqlite' | 'postgres';

export interface StoreUnderTest {
  kind: StoreKind;
  /** A new, empty store's location: a SQLite file's path or a fresh PostgreSQL database's address. */
  create(): Promise<string>;
  /** Deletes what `create` made (the SQLite file's directory is the run's temporary one). */
  remove(location: string): Promise<void>;
}

export const SQLITE: StoreUnderTest = {
  kind: 'sqlite',
  create: async () => join(tempDir('pulse-store-'), 'pulse.db'),
  remove: async () => {},
};

function postgresStore(server: string): StoreUnderTest {
  return {
    kind: 'postgres',
    create: () => createDatabase(server),
    remove: (location) => dropDatabase(location),
  };
}

async function storesOfThisTier(): Promise<StoreUnderTest[]> {
  if (testTier() === 'everyday') return [SQLITE];
  const server = await postgresServer();
  return server ? [SQLITE, postgresStore(server)] : [SQLITE];
}

/** The stores this tier runs the robustness suites on. */
export const STORES: StoreUnderTest[] = await storesOfThisTier();
