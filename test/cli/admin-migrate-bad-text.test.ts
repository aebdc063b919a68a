/**
 * `pulse admin migrate` from a SQLite store holding text PostgreSQL cannot store (NUL, invalid UTF-8,
 * written with raw SQL as stores from before the text rule may hold it) to a real PostgreSQL: it used to
 * fail half-way with only "invalid byte sequence for encoding UTF8: 0x00", leaving a partial target. Now
 * it names each value's table, id and column, copies nothing, and goes through after repair-text.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storeWithBadText } from '../helpers/bad-text-store.js';
import { execPulse, isolatedEnv } from '../helpers/cli.js';
import { createDatabase, dropDatabase, queryRows } from '../helpers/postgres.js';
import { postgresServer } from '../helpers/system-parts.js';
import { tempDir } from '../helpers/temp.js';

const server = await postgresServer();

describe.skipIf(!server)('pulse admin migrate from a store holding bad text', () => {
  const databases: string[] = [];
  afterAll(async () => {
    for (const url of databases) await dropDatabase(url);
  });

  /** The target's tables: none while migrate has not touched it. */
  const tablesIn = (url: string) =>
    queryRows<{ name: string }>(
      url,
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`,
    );

  it('names the table, id and column of each value, leaves the target untouched, and copies all after repair-text', async () => {
    const env = isolatedEnv();
    const file = join(tempDir(), 'team.db');
    const ids = await storeWithBadText(file, env);
    const target = await createDatabase(server as string);
    databases.push(target);

    const refused = await execPulse(['admin', 'migrate', '--from', file, '--to', target], { env });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toBe(
      `pulse: ${file} holds 3 values that PostgreSQL cannot store (table, id, column); nothing was copied:\n` +
        `  check_ins ${ids.checkIn} previous: invalid UTF-8\n` +
        `  goals ${ids.goal} title: NUL\n` +
        `  people ${ids.person} name: NUL and invalid UTF-8\n` +
        `replace them with U+FFFD with: pulse --store ${file} admin repair-text (see --dry-run), then migrate again`,
    );
    // Refused before the target is touched: not even the schema is made.
    expect(await tablesIn(target)).toEqual([]);

    const repaired = await execPulse(['--store', file, 'admin', 'repair-text'], { env });
    expect(repaired.exitCode, repaired.stderr).toBe(0);
    const migrated = await execPulse(['admin', 'migrate', '--from', file, '--to', target, '--json'], {
      env,
      timeoutMs: 60_000,
    });
    expect(migrated.exitCode, migrated.stderr).toBe(0);
    expect((JSON.parse(migrated.stdout) as { matches: boolean }[]).every((table) => table.matches)).toBe(
      true,
    );
    const [goal] = await queryRows<{ title: string }>(
      target,
      `SELECT title FROM goals WHERE id = '${ids.goal}'`,
    );
    expect(goal?.title).toBe('Ship\ufffdit');
  }, 120_000);
});
