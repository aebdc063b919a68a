/**
 * The SQLite driver module (src/store/sqlite-driver.ts): the part of better-sqlite3's API the store uses,
 * the same over either driver. These run on the driver of the Node that runs them (better-sqlite3 on
 * Node 20, node:sqlite on 22.16+ and 24, or PULSE_SQLITE_DRIVER's): run on two Nodes, they hold both to
 * the same answers (docs/development.md, "Other Node versions").
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  openSqlite,
  type SqliteConnection,
  sqliteDriver,
  statementReadsOnly,
} from '../../src/store/sqlite-driver.js';
import { execPulse, isolatedEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const nodeMajor = Number(process.versions.node.split('.')[0]);

function withStore<T>(work: (db: SqliteConnection, path: string) => T): T {
  const path = join(tempDir('pulse-driver-'), 'driver.db');
  const db = openSqlite(path);
  try {
    db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, data BLOB)');
    return work(db, path);
  } finally {
    db.close();
  }
}

describe('the SQLite driver', () => {
  it('is node:sqlite from Node 22 on and better-sqlite3 before, unless PULSE_SQLITE_DRIVER says', () => {
    const forced = process.env.PULSE_SQLITE_DRIVER;
    const expected =
      forced === 'node' || forced === 'better-sqlite3' ? forced : nodeMajor >= 22 ? 'node' : 'better-sqlite3';
    expect(sqliteDriver().name).toBe(expected);
  });

  it('binds arrays value by value and named objects by name, ignoring names the SQL lacks', () => {
    withStore((db) => {
      db.prepare('INSERT INTO items (id, name) VALUES (?, ?)').run([1, 'one']);
      db.prepare('INSERT INTO items (id, name) VALUES (?, ?)').run(2, 'two');
      const insert = db.prepare('INSERT INTO items (id, name) VALUES (@id, @name)');
      const result = insert.run({ id: 3, name: 'three', unused: true });
      expect(result).toEqual({ changes: 1, lastInsertRowid: 3 });
      const select = db.prepare('SELECT id, name FROM items WHERE id >= ? ORDER BY id');
      expect(select.all([2]).map((row) => ({ ...(row as object) }))).toEqual([
        { id: 2, name: 'two' },
        { id: 3, name: 'three' },
      ]);
      expect({ ...(select.get(3) as object) }).toEqual({ id: 3, name: 'three' });
      expect(select.get(4)).toBeUndefined();
      expect(select.raw().all(1)).toEqual([
        [1, 'one'],
        [2, 'two'],
        [3, 'three'],
      ]);
      expect(select.pluck().all(2)).toEqual([2, 3]);
      expect(select.pluck().get(3)).toBe(3);
      expect(select.pluck().get(9)).toBeUndefined();
      expect([...select.pluck().iterate(1)]).toEqual([1, 2, 3]);
      expect([...select.raw().iterate(3)]).toEqual([[3, 'three']]);
    });
  });

  it('tells statements that return rows and statements that cannot write', () => {
    withStore((db) => {
      const select = db.prepare('SELECT name FROM items');
      const insert = db.prepare(`INSERT INTO items (name) VALUES ('a')`);
      const returning = db.prepare(`INSERT INTO items (name) VALUES ('b') RETURNING id`);
      expect([select.reader, select.readonly]).toEqual([true, true]);
      expect([insert.reader, insert.readonly]).toEqual([false, false]);
      expect([returning.reader, returning.readonly]).toEqual([true, false]);
      expect(select.source).toBe('SELECT name FROM items');
    });
  });

  it('gives a blob back as bytes and hands SQL functions their arguments', () => {
    withStore((db) => {
      db.prepare('INSERT INTO items (name, data) VALUES (?, ?)').run('bytes', Buffer.from([0, 255, 7]));
      const data = db.prepare('SELECT data FROM items').pluck().get();
      expect(data).toBeInstanceOf(Uint8Array);
      expect([...(data as Uint8Array)]).toEqual([0, 255, 7]);
      db.function('byte_count', { deterministic: true }, (value) =>
        value instanceof Uint8Array ? value.length : null,
      );
      expect(db.prepare('SELECT byte_count(data) FROM items').pluck().get()).toBe(3);
    });
  });

  it('gives an integer past 2^53 as the nearest number', () => {
    withStore((db) => {
      db.prepare('INSERT INTO items (id, name) VALUES (?, ?)').run(2n ** 53n + 2n ** 37n, 'segment');
      expect(db.prepare('SELECT id FROM items').pluck().get()).toBe(2 ** 53 + 2 ** 37);
      expect(db.prepare('SELECT id, name FROM items').raw().all()).toEqual([[2 ** 53 + 2 ** 37, 'segment']]);
    });
  });

  it('runs PRAGMAs as rows or as one value', () => {
    withStore((db) => {
      expect(db.pragma('journal_mode = WAL', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      const columns = db.pragma('table_info(items)') as { name: string }[];
      expect(columns.map((column) => column.name)).toEqual(['id', 'name', 'data']);
    });
  });

  it('commits a transaction, rolls it back when its work throws, and nests as a savepoint', () => {
    withStore((db) => {
      const insert = db.prepare('INSERT INTO items (name) VALUES (?)');
      const count = () => db.prepare('SELECT count(*) FROM items').pluck().get();
      expect(db.transaction(() => insert.run('kept')).immediate()).toMatchObject({ changes: 1 });
      expect(() =>
        db.transaction(() => {
          expect(db.inTransaction).toBe(true);
          insert.run('gone');
          throw new Error('no');
        })(),
      ).toThrow('no');
      expect(db.inTransaction).toBe(false);
      db.transaction(() => {
        insert.run('outer');
        expect(() =>
          db.transaction(() => {
            insert.run('inner');
            throw new Error('inner');
          })(),
        ).toThrow('inner');
      })();
      expect(db.prepare('SELECT name FROM items ORDER BY id').pluck().all()).toEqual(['kept', 'outer']);
      expect(count()).toBe(2);
    });
  });

  it("names SQLite's errors by SQLite's codes", () => {
    withStore((db, path) => {
      db.prepare('INSERT INTO items (name) VALUES (?)').run('twice');
      expect(() => db.prepare('INSERT INTO items (name) VALUES (?)').run('twice')).toThrow(
        expect.objectContaining({ code: 'SQLITE_CONSTRAINT_UNIQUE' }),
      );
      expect(() => db.prepare('SELECT * FROM absent')).toThrow(
        expect.objectContaining({ code: 'SQLITE_ERROR', message: 'no such table: absent' }),
      );
      const missing = join(path, '..', 'missing.db');
      expect(() => openSqlite(missing, { fileMustExist: true })).toThrow(
        expect.objectContaining({ code: 'SQLITE_CANTOPEN' }),
      );
      expect(existsSync(missing)).toBe(false);
      const reader = openSqlite(path, { readonly: true });
      try {
        expect(reader.readonly).toBe(true);
        expect(() => reader.exec(`INSERT INTO items (name) VALUES ('no')`)).toThrow(
          expect.objectContaining({ code: 'SQLITE_READONLY' }),
        );
      } finally {
        reader.close();
      }
    });
  });

  it('backs a database up into another file', async () => {
    const path = join(tempDir('pulse-driver-'), 'source.db');
    const db = openSqlite(path);
    const copyPath = `${path}.copy`;
    try {
      db.exec(`CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('copied')`);
      await db.backup(copyPath, { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
    const copy = openSqlite(copyPath, { readonly: true, fileMustExist: true });
    expect(copy.prepare('SELECT v FROM t').pluck().all()).toEqual(['copied']);
    copy.close();
    // A second close is harmless, as it is in better-sqlite3 (a repository may be closed twice).
    expect(() => copy.close()).not.toThrow();
  });
});

describe('statementReadsOnly', () => {
  it.each([
    ['SELECT * FROM people', true],
    ['with x as (select 1) select * from x', true],
    ['PRAGMA data_version', true],
    ['PRAGMA user_version = 3', false],
    ['begin', true],
    ['commit', true],
    ['INSERT INTO people VALUES (1)', false],
    ['WITH x AS (SELECT 1) DELETE FROM people', false],
    ['UPDATE "pulse_jobs" SET a = 1', false],
    ['CREATE TABLE t (a)', false],
  ])('%s: %s', (sql, readsOnly) => {
    expect(statementReadsOnly(sql)).toBe(readsOnly);
  });
});

describe('PULSE_SQLITE_DRIVER', () => {
  it('refuses a driver it does not know, before any file is made', async () => {
    const store = join(tempDir('pulse-driver-'), 'pulse.db');
    const result = await execPulse(['--store', store, 'checkin', 'list'], {
      env: isolatedEnv({ PULSE_SQLITE_DRIVER: 'sqlite3' }),
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      'pulse: PULSE_SQLITE_DRIVER: "sqlite3" is not a driver (node or better-sqlite3)',
    );
    expect(existsSync(store)).toBe(false);
  });

  it.runIf(nodeMajor < 22)('says that node:sqlite needs Node 22.16 where it is missing', async () => {
    const store = join(tempDir('pulse-driver-'), 'pulse.db');
    const result = await execPulse(['--store', store, 'checkin', 'list'], {
      env: isolatedEnv({ PULSE_SQLITE_DRIVER: 'node' }),
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      `pulse: PULSE_SQLITE_DRIVER=node: Node ${process.version} has no node:sqlite with what pulse needs (Node 22.16 or later has)`,
    );
    expect(existsSync(store)).toBe(false);
  });

  it.runIf(nodeMajor >= 22)('runs the quick start on node:sqlite without a warning', async () => {
    const store = join(tempDir('pulse-driver-'), 'pulse.db');
    const env = isolatedEnv({ PULSE_SQLITE_DRIVER: 'node' });
    const saved = await execPulse(
      [
        '--store',
        store,
        'checkin',
        '--previous',
        'Set up pulse',
        '--intentions',
        'First',
        '--blockers',
        'none',
      ],
      { env },
    );
    expect(saved.exitCode, saved.stderr).toBe(0);
    const listed = await execPulse(['--store', store, 'checkin', 'list', '--json'], { env });
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(listed.stderr).toBe('');
    expect(JSON.parse(listed.stdout)).toMatchObject([{ intentions: 'First' }]);
  });
});
