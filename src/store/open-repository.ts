/**
 * Opens the repository at a store's location: a SQLite file, or a PostgreSQL database when the location
 * is a postgres:// address. All a store does for the composition (core/instance.ts makes the rest).
 */
import type { OpenedRepository } from '../core/instance.js';
import { isPostgresUrl } from './database-url.js';
import { openSqliteRepository, type SqliteOpenOptions } from './open.js';

/** How to open it; both options concern SQLite files only (open.ts). */
export type OpenRepositoryOptions = SqliteOpenOptions;

export async function openRepository(
  location: string,
  options: OpenRepositoryOptions = {},
): Promise<OpenedRepository> {
  if (isPostgresUrl(location)) {
    const { openPostgresRepository } = await import('./postgres/open.js');
    const repository = await openPostgresRepository(location);
    return { location, repository, shared: repository };
  }
  const repository = await openSqliteRepository(location, options);
  return {
    location,
    repository,
    async seed(spec, progress) {
      // A bulk load on a connection of its own (the writer's pragmas must not stay on this one), which
      // writes fastest with the file to itself (seed-writer.ts): this connection closes first.
      await repository.close();
      const { seedSqliteStore } = await import('./seed-writer.js');
      return seedSqliteStore(location, spec, progress);
    },
  };
}
