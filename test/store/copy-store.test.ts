/**
 * copyStoreToPostgres (`pulse admin migrate`): a seeded SQLite store copied into a database of the test
 * run's PostgreSQL, verified table by table; a re-run that adds nothing; a target holding other data,
 * refused before anything is written; a source at another schema, refused.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.js';
import { CopyConflictError, CopySourceError, copyStoreToPostgres } from '../../src/store/copy-store.js';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { isolatedEnv, runInProcess } from '../helpers/cli.js';
import { createDatabase, dropDatabase } from '../helpers/postgres.js';
import { openInstance } from '../helpers/store.js';
import { postgresServer } from '../helpers/system-parts.js';
import { tempDir } from '../helpers/temp.js';

// The run's PostgreSQL when it answers; without it these tests skip, saying why (CI requires it).
const server = await postgresServer();

/** Every table's rows, as a test reads them back, to prove a refused copy changed nothing. */
async function snapshot(url: string): Promise<Record<string, unknown[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_name NOT LIKE 'kysely%' ORDER BY 1`,
    );
    const result: Record<string, unknown[]> = {};
    for (const { name } of tables.rows) {
      result[name] = (await client.query(`SELECT * FROM ${name} ORDER BY 1`)).rows;
    }
    return result;
  } finally {
    await client.end();
  }
}

describe.skipIf(!server)('copyStoreToPostgres', () => {
  const file = join(tempDir(), 'team.db');
  const databases: string[] = [];
  const database = async () => {
    const url = await createDatabase(server as string);
    databases.push(url);
    return url;
  };

  beforeAll(async () => {
    const env = isolatedEnv();
    const seeded = await runInProcess(
      ['--store', file, 'admin', 'seed', '--people', '12', '--days', '20', '--teams', '2'],
      { env },
    );
    expect(seeded.exitCode, seeded.stderr).toBe(0);
    // Rows the seed does not write: a status component under another (a table referring to itself).
    const api = await runInProcess(
      ['--store', file, 'admin', 'status', 'component', 'add', '--name', 'API'],
      { env },
    );
    expect(api.exitCode, api.stderr).toBe(0);
    const search = await runInProcess(
      [
        '--store',
        file,
        'admin',
        'status',
        'component',
        'add',
        '--name',
        'Search',
        '--parent',
        api.stdout.trim(),
      ],
      { env },
    );
    expect(search.exitCode, search.stderr).toBe(0);
  });
  afterAll(async () => {
    for (const url of databases) await dropDatabase(url);
  });

  it('copies every table, parents first, and verifies counts and checksums, search index included', async () => {
    const target = await database();
    let batches = 0;
    let ticks = 0;
    const result = await copyStoreToPostgres(file, target, {
      batchRows: 50,
      onStart: (total) => {
        batches = total;
      },
      onBatch: () => ticks++,
    });
    expect(result.verified).toBe(true);
    const byName = new Map(result.tables.map((table) => [table.table, table]));
    for (const name of ['people', 'teams', 'check_ins', 'check_in_teams', 'goals', 'status_components']) {
      const table = byName.get(name);
      expect(table?.source, name).toBeGreaterThan(0);
      expect(table?.copied).toBe(table?.source);
      expect(table?.target).toBe(table?.source);
    }
    // Derived by the target's triggers from the rows copied, and equal to the source's index.
    expect(byName.get('search_items')?.source).toBeGreaterThan(0);
    expect(byName.get('search_items')?.matches).toBe(true);
    const order = result.tables.map((table) => table.table);
    expect(order.indexOf('people')).toBeLessThan(order.indexOf('check_ins'));
    expect(order.indexOf('check_ins')).toBeLessThan(order.indexOf('check_in_teams'));
    expect(order).not.toContain('pulse_data_version');
    expect(order.some((name) => name.startsWith('kysely_migration'))).toBe(false);
    expect(ticks).toBe(batches);
    const copiedTables = result.tables.filter((table) => table.table !== 'search_items');
    expect(batches).toBe(copiedTables.reduce((sum, table) => sum + Math.ceil(table.source / 50), 0));

    // The copy is a working store: a new status component gets the next id after the copied ones (the
    // serial's sequence was reset).
    const store = await openInstance(target, { clock: systemClock, publicUrl: 'https://pulse.test' });
    try {
      const components = await store.statusAdmin.addComponent({ name: 'Web' });
      expect(components.id).toBe((byName.get('status_components')?.source ?? 0) + 1);
    } finally {
      await store.close();
    }
  });

  it('re-running adds nothing, and completes an interrupted copy', async () => {
    const target = await database();
    await copyStoreToPostgres(file, target);
    const again = await copyStoreToPostgres(file, target);
    expect(again.verified).toBe(true);
    expect(again.tables.every((table) => table.copied === 0)).toBe(true);

    // An interrupted copy (rows missing, with what cascades from them) is completed, and only that.
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    const deleted = await client.query(
      `DELETE FROM check_ins WHERE id IN (SELECT id FROM check_ins ORDER BY id DESC LIMIT 7)`,
    );
    await client.end();
    expect(deleted.rowCount).toBe(7);
    const completed = await copyStoreToPostgres(file, target);
    expect(completed.verified).toBe(true);
    expect(completed.tables.find((table) => table.table === 'check_ins')?.copied).toBe(7);
    expect(completed.tables.find((table) => table.table === 'people')?.copied).toBe(0);
  });

  it('refuses a target holding other values under a key, or rows the source lacks, and writes nothing', async () => {
    const target = await database();
    const store = await openInstance(target, { clock: systemClock, publicUrl: 'https://pulse.test' });
    await store.admin.initialise({ name: 'Zed Other', email: 'zed@example.com', timeZone: 'UTC' });
    await store.close();
    const before = await snapshot(target);
    const error = await copyStoreToPostgres(file, target).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CopyConflictError);
    expect((error as CopyConflictError).problems.join('\n')).toMatch(
      /^people: 1 rows are not in the source/m,
    );
    expect(await snapshot(target)).toEqual(before);

    // A half copy whose row was changed since: the same key, other values.
    const half = await database();
    await copyStoreToPostgres(file, half);
    const client = new pg.Client({ connectionString: half });
    await client.connect();
    await client.query(`UPDATE teams SET name = 'Renamed' WHERE id = (SELECT min(id) FROM teams)`);
    await client.end();
    const changed = await snapshot(half);
    const refused = await copyStoreToPostgres(file, half).catch((caught: unknown) => caught);
    expect((refused as CopyConflictError).problems.join('\n')).toMatch(
      /^teams: 1 rows differ from the source's under the same key/m,
    );
    expect(await snapshot(half)).toEqual(changed);
  });

  it('reports a copy that does not match the source (verification), and the command exits 1 naming the table', async () => {
    // A target that alters what it is given: a trigger renaming every team on its way in.
    const altering = async () => {
      const url = await database();
      await (await openInstance(url, { clock: systemClock, publicUrl: 'https://pulse.test' })).close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`CREATE FUNCTION rename_team() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN NEW.name := NEW.name || ' (renamed)'; RETURN NEW; END $$`);
      await client.query(
        `CREATE TRIGGER rename_team BEFORE INSERT ON teams FOR EACH ROW EXECUTE FUNCTION rename_team()`,
      );
      await client.end();
      return url;
    };
    const result = await copyStoreToPostgres(file, await altering());
    expect(result.verified).toBe(false);
    expect(result.tables.filter((table) => !table.matches).map((table) => table.table)).toEqual(['teams']);
    const teams = result.tables.find((table) => table.table === 'teams');
    expect(teams?.target).toBe(teams?.source);
    expect(teams?.targetChecksum).not.toBe(teams?.sourceChecksum);

    const command = await runInProcess(['admin', 'migrate', '--from', file, '--to', await altering()]);
    expect(command.exitCode).toBe(1);
    expect(command.stdout).toMatch(/^teams\t\d+\t\d+\t\d+\tMISMATCH$/m);
    expect(command.stderr).toMatch(/differs from .* in teams: its row counts or checksums do not match/);
  });

  it('refuses a source that is missing, not a store, or at another schema', async () => {
    const target = await database();
    const dir = tempDir();
    await expect(copyStoreToPostgres(join(dir, 'none.db'), target)).rejects.toThrow(CopySourceError);
    const behind = join(dir, 'behind.db');
    const db = openSqlite(behind);
    db.pragma('user_version = 3');
    db.close();
    await expect(copyStoreToPostgres(behind, target)).rejects.toThrow(/at schema 3, older than this pulse's/);

    // A fraction SQLite kept in an integer column: named, and refused before anything is written.
    const fraction = join(dir, 'fraction.db');
    copyFileSync(file, fraction);
    const writable = openSqlite(fraction);
    writable
      .prepare('UPDATE goal_updates SET confidence = 0.6 WHERE rowid = (SELECT min(rowid) FROM goal_updates)')
      .run();
    writable.close();
    await expect(copyStoreToPostgres(fraction, target)).rejects.toThrow(
      /1 rows of the source's goal_updates.confidence hold a value that is not a whole number/,
    );
    expect((await snapshot(target)).people).toEqual([]);
  });
});
