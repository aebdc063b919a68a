/** The SQLite store: file settings, migrations, and concurrent first use. */
import { copyFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { SCHEMA_VERSION } from '../../src/store/schema-version.js';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { execPulse, isolatedEnv } from '../helpers/cli.js';
import { openInstance } from '../helpers/store.js';
import { tempDir } from '../helpers/temp.js';

const options = { clock: fixedClock('2026-11-23T10:00:00Z'), publicUrl: 'https://pulse.test' };

describe('the SQLite store', () => {
  it('records the schema version as the number of migrations', () => {
    expect(SCHEMA_VERSION).toBe(Object.keys(MIGRATIONS).length);
  });

  it('creates its directory, uses WAL and foreign keys, and migrates once', async () => {
    const path = join(tempDir(), 'nested', 'dir', 'pulse.db');
    const store = await openInstance(path, options);
    await store.admin.initialise({ name: 'Ana', email: 'ana@example.com', timeZone: 'UTC' });
    await store.close();
    const again = await openInstance(path, options);
    expect(await again.admin.isInitialised()).toBe(true);
    await again.close();

    const raw = openSqlite(path, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(raw.prepare('select count(*) as n from kysely_migration').get()).toEqual({ n: SCHEMA_VERSION });
    raw.close();
  });

  it('empties a WAL left behind when it opens', async () => {
    const dir = tempDir();
    const path = join(dir, 'pulse.db');
    const store = await openInstance(path, options);
    await store.admin.initialise({ name: 'Ana', email: 'ana@example.com', timeZone: 'UTC' });
    await store.close();
    // A writer that never closed (killed, or whose last checkpoint failed on a full disk): the copy of
    // its files is a store with a WAL full of committed pages not yet in the file.
    const writer = openSqlite(path);
    writer.pragma('wal_autocheckpoint = 0');
    writer.exec('CREATE TABLE filler (body BLOB)');
    const insert = writer.prepare('INSERT INTO filler VALUES (randomblob(4000))');
    for (let row = 0; row < 200; row++) insert.run();
    const left = join(dir, 'left.db');
    copyFileSync(path, left);
    copyFileSync(`${path}-wal`, `${left}-wal`);
    writer.close();
    expect(statSync(`${left}-wal`).size).toBeGreaterThan(800_000);

    const opened = await openInstance(left, options);
    expect(statSync(`${left}-wal`).size).toBe(0);
    expect(await opened.admin.isInitialised()).toBe(true);
    await opened.close();
    const raw = openSqlite(left, { readonly: true });
    expect(raw.prepare('select count(*) as n from filler').get()).toEqual({ n: 200 });
    raw.close();
  });

  it('refuses a check-in of an unknown person (foreign keys are on)', async () => {
    const path = join(tempDir(), 'pulse.db');
    const store = await openInstance(path, options);
    await store.close();
    const raw = openSqlite(path);
    raw.pragma('foreign_keys = ON');
    expect(() =>
      raw
        .prepare(
          "insert into check_ins (id, person_id, date, blocked, created_at, updated_at) values ('x', 'nobody', '2026-11-23', 0, 'n', 'n')",
        )
        .run(),
    ).toThrow(/FOREIGN KEY constraint failed/);
    raw.close();
  });

  it('survives several processes using a fresh store at once: one account, one administrator', async () => {
    const env = isolatedEnv();
    const path = join(tempDir(), 'pulse.db');
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => execPulse(['--store', path, 'people', 'list', '--json'], { env })),
    );
    expect(runs.map((run) => [run.exitCode, run.stderr.replace(/Created a local store.*\n?/, '')])).toEqual(
      runs.map(() => [0, '']),
    );
    expect(runs.filter((run) => run.stderr.includes('Created a local store'))).toHaveLength(1);
    for (const run of runs) expect(JSON.parse(run.stdout)).toHaveLength(1);
  });

  it('reports the statements it runs, with their parameters, to an observer', async () => {
    const seen: { sql: string; parameters: readonly unknown[] }[] = [];
    const path = join(tempDir(), 'pulse.db');
    const store = await openInstance(path, {
      ...options,
      onQuery: (sql, parameters) => seen.push({ sql, parameters }),
    });
    await store.admin.initialise({ name: 'Ana', email: 'ana@example.com', timeZone: 'UTC' });
    seen.length = 0;
    await store.admin.findPerson('ana@example.com');
    expect(seen).toEqual([
      { sql: 'select * from "people" where "email" = ?', parameters: ['ana@example.com'] },
    ]);
    await store.close();
  });
});

describe('the data version', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  const otherWrite = (path: string, name: string) => {
    const other = openSqlite(path);
    other.prepare("INSERT INTO settings (key, value) VALUES (?, 'x')").run(name);
    other.close();
  };

  it('changes at once on a write by another connection, by default', async () => {
    const path = join(tempDir(), 'pulse.db');
    const store = await openInstance(path, options);
    const before = store.dataVersion();
    otherWrite(path, 'a');
    expect(store.dataVersion()).not.toBe(before);
    await store.close();
  });

  it('read once a turn for pulse serve: others’ writes show from the next turn, its own at once', async () => {
    const path = join(tempDir(), 'pulse.db');
    const store = await openInstance(path, { ...options, versionReadsPerTurn: true });
    const before = store.dataVersion();
    otherWrite(path, 'a');
    expect(store.dataVersion()).toBe(before);
    await nextTurn();
    const afterOther = store.dataVersion();
    expect(afterOther).not.toBe(before);
    // Its own write, in the same turn as the reading.
    await store.admin.initialise({ name: 'Ana', email: 'ana@example.com', timeZone: 'UTC' });
    expect(store.dataVersion()).not.toBe(afterOther);
    await store.close();
  });
});
