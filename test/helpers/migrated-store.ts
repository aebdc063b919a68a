import { join } from 'node:path';
import { Kysely, type Migration, Migrator, SqliteDialect } from 'kysely';
import { expect } from 'vitest';
import type { Repository } from '../../src/core/repository.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { openSqliteRepository } from '../../src/store/open.js';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { tempDir } from './temp.js';

/**
 * A store at schema `version` (its first `version` migrations) holding what `seed` writes, then opened,
 * which runs the later migrations on it.
 */
export async function storeMigratedFrom(
  version: number,
  seed: string,
): Promise<{ repo: Repository; path: string }> {
  const path = join(tempDir('pulse-migrated-'), 'pulse.db');
  const native = openSqlite(path);
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: native }) });
  const before: Record<string, Migration> = Object.fromEntries(Object.entries(MIGRATIONS).slice(0, version));
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => before },
  }).migrateToLatest();
  expect(error).toBeUndefined();
  native.exec(seed);
  native.pragma(`user_version = ${version}`);
  await db.destroy();
  return { repo: await openSqliteRepository(path), path };
}
