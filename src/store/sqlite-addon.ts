/** Where every connection of the store (open.ts, health.ts, seed-writer.ts) finds SQLite's addon. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The SQLite addon's file, given to better-sqlite3 so that it skips the `bindings` package's search of a
 * dozen places for it (start-up time); undefined, and so that search, if it is not where the package's
 * install builds it.
 */
export function addonFile(): string | undefined {
  try {
    const main = createRequire(import.meta.url).resolve('better-sqlite3');
    const file = join(dirname(main), '..', 'build', 'Release', 'better_sqlite3.node');
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}
