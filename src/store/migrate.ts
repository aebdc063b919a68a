/**
 * Brings a store's schema up to date. The migrations load only when a store is behind, so normal runs
 * skip them (Kysely's Migrator loads with Kysely anyway: its dialects name its tables). The caller holds
 * the write transaction, so the migrator must not open its own.
 */
import { type Kysely, type MigrationProvider, Migrator } from 'kysely';

const provider: MigrationProvider = {
  getMigrations: async () => (await import('./migrations/index.js')).MIGRATIONS,
};

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
