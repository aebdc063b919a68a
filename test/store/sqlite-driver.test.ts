/**
 * The SQLite driver module (src/store/sqlite-driver.ts): the part of better-sqlite3's API the store uses,
 * the same over either driver. These run on the driver of the Node that runs them (better-sqlite3 on
 * Node 20, node:sqlite on 22.16+ and 24, or PULSE_SQLITE_DRIVER's): run on two Nodes, they hold both to
 * the same answers (docs/development.md, "Other Node versions").
 */
import { cpSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import {
  BETTER_SQLITE3_INSTALL,
  openSqlite,
  type SqliteConnection,
  sqliteDriver,
  statementReadsOnly,
} from '../../src/store/sqlite-driver.js';
import { execPulse, isolatedEnv, type Result } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const nodeMajor = Number(process.versions.node.split('.')[0]);
const [, nodeMinor = 0] = process.versions.node.split('.').map(Number);
/** Whether this Node's node:sqlite is the default driver (22.16 and later). */
const nodeHasSqlite = nodeMajor > 22 || (nodeMajor === 22 && nodeMinor >= 16);
const root = fileURLToPath(new URL('../..', import.meta.url));

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

/**
 * better-sqlite3 is an optional peer dependency: a global install of pulse leaves it out. The built
 * program is laid out as `npm install --global` lays it out (PREFIX/lib/node_modules/pulse, with its own
 * dependencies linked from the project's), without better-sqlite3, and with it installed beside pulse
 * (PREFIX/lib/node_modules/better-sqlite3, as `npm install --global better-sqlite3@12` puts it).
 * test/packed-install.test.ts does the same from the registry.
 */
describe('a global install without better-sqlite3', () => {
  function globalInstall(): {
    modules: string;
    run: (args: string[], env?: Record<string, string>) => Promise<Result>;
  } {
    const modules = join(tempDir('pulse-peer-'), 'lib', 'node_modules');
    const installed = join(modules, 'pulse');
    mkdirSync(join(installed, 'node_modules', '@napi-rs'), { recursive: true });
    for (const part of ['bin', 'dist', 'package.json'])
      cpSync(join(root, part), join(installed, part), { recursive: true });
    for (const dependency of ['jq-web', '@napi-rs/keyring'])
      symlinkSync(join(root, 'node_modules', dependency), join(installed, 'node_modules', dependency));
    const store = join(modules, 'pulse.db');
    const run = async (args: string[], env: Record<string, string> = {}) => {
      const result = await execa(
        process.execPath,
        [join(installed, 'bin', 'pulse.js'), '--store', store, ...args],
        {
          env: isolatedEnv(env),
          extendEnv: false,
          reject: false,
        },
      );
      return { exitCode: result.exitCode ?? -1, stdout: result.stdout, stderr: result.stderr };
    };
    return { modules, run };
  }
  const quickStart = ['checkin', '--previous', 'Set up pulse', '--intentions', 'First', '--blockers', 'none'];

  it.runIf(!nodeHasSqlite)(
    'fails every store command saying what to install, before any file is made',
    async () => {
      const { modules, run } = globalInstall();
      for (const args of [quickStart, ['checkin', 'list'], ['goal', 'list']]) {
        const result = await run(args);
        expect(result.exitCode, args.join(' ')).toBe(1);
        expect(result.stderr).toBe(
          `pulse: Node ${process.version} has no node:sqlite with what pulse needs (Node 22.16 or later has), and better-sqlite3, the SQLite module pulse then uses, is not installed: install it beside pulse with \`npm install --global --allow-scripts=better-sqlite3 better-sqlite3@12\`, or use Node 22.16 or later`,
        );
        expect(existsSync(join(modules, 'pulse.db'))).toBe(false);
      }
    },
  );

  it.runIf(!nodeHasSqlite)('is a problem pulse doctor names, with the command that fixes it', async () => {
    const { modules, run } = globalInstall();
    const store = join(modules, 'pulse.db');
    const result = await run(['doctor', '--json', 'check,ok,detail,fix']);
    expect(result.exitCode).toBe(1);
    const checks = JSON.parse(result.stdout) as { check: string }[];
    expect(checks.find((check) => check.check === 'store')).toEqual({
      check: 'store',
      ok: false,
      detail: `${store} cannot be opened: Node ${process.version} has no node:sqlite with what pulse needs (Node 22.16 or later has), and better-sqlite3, the SQLite module pulse then uses, is not installed`,
      fix: `${BETTER_SQLITE3_INSTALL} (or use Node 22.16 or later)`,
    });
    expect(existsSync(store)).toBe(false);
  });

  it.runIf(!nodeHasSqlite)('finds a better-sqlite3 installed beside pulse', async () => {
    const { modules, run } = globalInstall();
    symlinkSync(join(root, 'node_modules', 'better-sqlite3'), join(modules, 'better-sqlite3'));
    const saved = await run(quickStart);
    expect(saved.exitCode, saved.stderr).toBe(0);
    const listed = await run(['checkin', 'list', '--json', 'intentions']);
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([{ intentions: 'First' }]);
  });

  it.runIf(nodeHasSqlite)('runs the quick start on node:sqlite', async () => {
    const { run } = globalInstall();
    const saved = await run(quickStart, { PULSE_SQLITE_DRIVER: '' });
    expect(saved.exitCode, saved.stderr).toBe(0);
    const listed = await run(['checkin', 'list', '--json', 'intentions'], { PULSE_SQLITE_DRIVER: '' });
    expect(JSON.parse(listed.stdout)).toEqual([{ intentions: 'First' }]);
  });

  it.runIf(nodeHasSqlite)(
    'says what to install when PULSE_SQLITE_DRIVER asks for better-sqlite3',
    async () => {
      const { modules, run } = globalInstall();
      const result = await run(['checkin', 'list'], { PULSE_SQLITE_DRIVER: 'better-sqlite3' });
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toBe(
        `pulse: PULSE_SQLITE_DRIVER=better-sqlite3, and better-sqlite3, the SQLite module pulse then uses, is not installed: install it beside pulse with \`${BETTER_SQLITE3_INSTALL}\`, or unset PULSE_SQLITE_DRIVER`,
      );
      expect(existsSync(join(modules, 'pulse.db'))).toBe(false);
    },
  );
});
