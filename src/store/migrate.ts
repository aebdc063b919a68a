/**
 * Brings a store's schema up to date. Loaded only when a store is behind, so normal runs skip it. The
 * caller holds the write transaction, so the migrator must not open its own.
 */
import { type Kysely, type MigrationProvider, Migrator } from 'kysely';
import { MIGRATIONS } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrate<DB>(db: Kysely<DB>): Promise<void> {
  const { error, results } = await new Migrator({
    db,
    provider,
    disableTransactions: true,
  }).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`migrating the store failed${failed ? ` at ${failed}` : ''}: ${String(error)}`);
  }
}
