/**
 * The SQLite connection every part of the store opens (open.ts, health.ts, backup.ts, seed-writer.ts,
 * copy-store.ts, repair-text), over one of two drivers: Node's own `node:sqlite` where it has what pulse
 * uses (Node 22.16+, 24), better-sqlite3 elsewhere (Node 20). better-sqlite3 12, the last major that
 * supports Node 20, aborts the process on Node 24 when a prepared statement is collected
 * (docs/decisions.md, "Node versions"), and 13 needs Node 22. `PULSE_SQLITE_DRIVER=node|better-sqlite3`
 * picks one (tests of both on one Node).
 *
 * SqliteConnection is the part of better-sqlite3's API the store uses, so a better-sqlite3 Database is one
 * as it is; NodeSqliteConnection gives the same over node:sqlite: better-sqlite3's binding of arrays and
 * named objects, raw() and pluck(), pragma(), transaction(), its error codes (SQLITE_BUSY, ...).
 * better-sqlite3 is loaded only when it is the driver: it is a native module, loading it costs start-up.
 * It is an optional peer dependency (Node 22.16+ never needs it): where it is the driver and missing,
 * opening a store fails saying what to install.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { addonFile } from './sqlite-addon.js';

export interface SqliteRunResult {
  changes: number | bigint;
  lastInsertRowid: number | bigint;
}

export interface SqliteStatement {
  /** The SQL text it was prepared from. */
  readonly source: string;
  /** Whether it returns rows. */
  readonly reader: boolean;
  /** Whether it cannot change the database (node:sqlite: judged from its text, see statementReadsOnly). */
  readonly readonly: boolean;
  all(...parameters: unknown[]): unknown[];
  get(...parameters: unknown[]): unknown;
  run(...parameters: unknown[]): SqliteRunResult;
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
  /** The same statement returning each row as an array of its values. */
  raw(): SqliteStatement;
  /** The same statement returning each row's first value. */
  pluck(): SqliteStatement;
}

export interface SqliteTransaction<T> {
  (): T;
  /** BEGIN IMMEDIATE: takes the write lock at once. */
  immediate(): T;
}

export interface SqliteConnection {
  readonly name: string;
  readonly memory: boolean;
  readonly readonly: boolean;
  readonly inTransaction: boolean;
  prepare(sql: string): SqliteStatement;
  exec(sql: string): unknown;
  /** `PRAGMA source`: its rows, or with `simple` the first value of the first row. */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  function(
    name: string,
    options: { deterministic?: boolean },
    implementation: (...values: unknown[]) => unknown,
  ): unknown;
  transaction<T>(work: () => T): SqliteTransaction<T>;
  /**
   * SQLite's online backup into the file `destination`; `progress` gives the pages of the next step
   * (node:sqlite takes one step size for the whole copy: its first answer).
   */
  backup(destination: string, options: { progress: () => number }): Promise<unknown>;
  close(): unknown;
}

export interface SqliteOpenOptions {
  readonly?: boolean;
  /** Fail (SQLITE_CANTOPEN) rather than create a missing file. */
  fileMustExist?: boolean;
}

export type SqliteDriverName = 'node' | 'better-sqlite3';

/** Opens the SQLite file at `path` (or ':memory:') with the driver of this process. */
export function openSqlite(path: string, options: SqliteOpenOptions = {}): SqliteConnection {
  const driver = sqliteDriver();
  if (driver.name === 'node') return new NodeSqliteConnection(driver.module, path, options);
  return new driver.Database(path, { ...options, nativeBinding: addonFile() });
}

type Driver =
  | { name: 'node'; module: NodeSqliteModule }
  | { name: 'better-sqlite3'; Database: typeof BetterSqlite3 };

let chosen: Driver | undefined;

/** The driver of this process, chosen (and loaded) on first use. */
export function sqliteDriver(): Driver {
  chosen ??= chooseDriver(process.env.PULSE_SQLITE_DRIVER);
  return chosen;
}

/** This process has no SQLite driver it may use: `problem` says why, `fix` what to do. */
export class SqliteDriverError extends Error {
  constructor(
    readonly problem: string,
    readonly fix: string,
    message: string,
  ) {
    super(message);
    this.name = 'SqliteDriverError';
  }
}

function chooseDriver(forced: string | undefined): Driver {
  if (forced !== undefined && forced !== '' && forced !== 'node' && forced !== 'better-sqlite3') {
    const problem = `PULSE_SQLITE_DRIVER: "${forced}" is not a driver (node or better-sqlite3)`;
    throw new SqliteDriverError(
      problem,
      'set PULSE_SQLITE_DRIVER to node or better-sqlite3, or unset it',
      problem,
    );
  }
  if (forced !== 'better-sqlite3') {
    const module = loadNodeSqlite();
    if (module) return { name: 'node', module };
    if (forced === 'node') {
      const problem = `PULSE_SQLITE_DRIVER=node: Node ${process.version} has no node:sqlite with what pulse needs (Node 22.16 or later has)`;
      throw new SqliteDriverError(problem, 'use Node 22.16 or later, or unset PULSE_SQLITE_DRIVER', problem);
    }
  }
  return { name: 'better-sqlite3', Database: loadBetterSqlite3(forced === 'better-sqlite3') };
}

/**
 * What installs better-sqlite3 beside a global pulse, where module resolution finds it (the prefix's
 * lib/node_modules). It is an optional peer dependency, not installed with pulse (docs/decisions.md, "What
 * an install carries"); 12 is its last major that supports Node 20, and npm 11 builds its native module
 * only when allowed.
 */
export const BETTER_SQLITE3_INSTALL = 'npm install --global --allow-scripts=better-sqlite3 better-sqlite3@12';

function loadBetterSqlite3(forced: boolean): typeof BetterSqlite3 {
  try {
    return createRequire(import.meta.url)('better-sqlite3');
  } catch (error) {
    if (!isMissingModule(error, 'better-sqlite3')) throw error;
    const reason = forced
      ? 'PULSE_SQLITE_DRIVER=better-sqlite3'
      : `Node ${process.version} has no node:sqlite with what pulse needs (Node 22.16 or later has)`;
    const problem = `${reason}, and better-sqlite3, the SQLite module pulse then uses, is not installed`;
    const otherwise = forced ? 'or unset PULSE_SQLITE_DRIVER' : 'or use Node 22.16 or later';
    throw new SqliteDriverError(
      problem,
      `${BETTER_SQLITE3_INSTALL} (${otherwise})`,
      `${problem}: install it beside pulse with \`${BETTER_SQLITE3_INSTALL}\`, ${otherwise}`,
    );
  }
}

/** Whether `error` says that `name` itself cannot be found (not one of its own dependencies). */
function isMissingModule(error: unknown, name: string): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === 'MODULE_NOT_FOUND' &&
    error.message.startsWith(`Cannot find module '${name}'`)
  );
}

/**
 * node:sqlite when this Node has all of it the adapter uses, else undefined. Node 22 announces the module
 * with an ExperimentalWarning when it loads; that one warning is not printed (pulse chose the module, the
 * person running it did not), every other warning is.
 */
function loadNodeSqlite(): NodeSqliteModule | undefined {
  if (Number(process.versions.node.split('.')[0]) < 22) return undefined;
  const emitWarning = process.emitWarning;
  const quiet = (warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    const type = typeof rest[0] === 'string' ? rest[0] : warning instanceof Error ? warning.name : undefined;
    if (type === 'ExperimentalWarning' && text.startsWith('SQLite ')) return;
    Reflect.apply(emitWarning, process, [warning, ...rest]);
  };
  let module: Partial<NodeSqliteModule> | undefined;
  try {
    process.emitWarning = quiet;
    module = process.getBuiltinModule('node:sqlite') as Partial<NodeSqliteModule> | undefined;
  } finally {
    process.emitWarning = emitWarning;
  }
  const statement = module?.StatementSync?.prototype;
  const complete =
    typeof module?.backup === 'function' &&
    typeof module.DatabaseSync?.prototype.function === 'function' &&
    typeof statement?.columns === 'function' &&
    typeof statement.setReturnArrays === 'function' &&
    typeof statement.setAllowUnknownNamedParameters === 'function' &&
    typeof statement.iterate === 'function';
  return complete ? (module as NodeSqliteModule) : undefined;
}

// The part of node:sqlite used here (@types/node for Node 20 does not describe the module).
type SqliteValue = null | number | bigint | string | Uint8Array;

interface NodeStatement {
  readonly sourceSQL: string;
  all(...parameters: unknown[]): unknown[];
  get(...parameters: unknown[]): unknown;
  run(...parameters: unknown[]): SqliteRunResult;
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
  columns(): unknown[];
  setReturnArrays(enabled: boolean): void;
  setAllowUnknownNamedParameters(enabled: boolean): void;
  setReadBigInts(enabled: boolean): void;
}

interface NodeDatabase {
  readonly isTransaction: boolean;
  prepare(sql: string): NodeStatement;
  exec(sql: string): void;
  function(
    name: string,
    options: { deterministic?: boolean },
    implementation: (...values: SqliteValue[]) => unknown,
  ): void;
  close(): void;
}

interface NodeSqliteModule {
  DatabaseSync: {
    new (path: string, options: { readOnly?: boolean; enableForeignKeyConstraints?: boolean }): NodeDatabase;
    prototype: NodeDatabase;
  };
  StatementSync: { prototype: NodeStatement };
  backup(source: NodeDatabase, destination: string, options: { rate: number }): Promise<number>;
}

/** A SQLite error as better-sqlite3 throws it: `code` is SQLite's name for the result code. */
export class SqliteError extends Error {
  constructor(
    message: string,
    readonly code: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SqliteError';
  }
}

// SQLite's primary result codes by number, and the extended ones the store's errors distinguish.
const PRIMARY_CODES = [
  'OK',
  'ERROR',
  'INTERNAL',
  'PERM',
  'ABORT',
  'BUSY',
  'LOCKED',
  'NOMEM',
  'READONLY',
  'INTERRUPT',
  'IOERR',
  'CORRUPT',
  'NOTFOUND',
  'FULL',
  'CANTOPEN',
  'PROTOCOL',
  'EMPTY',
  'SCHEMA',
  'TOOBIG',
  'CONSTRAINT',
  'MISMATCH',
  'MISUSE',
  'NOLFS',
  'AUTH',
  'FORMAT',
  'RANGE',
  'NOTADB',
  'NOTICE',
  'WARNING',
];
const EXTENDED_CODES = new Map<number, string>([
  [261, 'BUSY_RECOVERY'],
  [517, 'BUSY_SNAPSHOT'],
  [773, 'BUSY_TIMEOUT'],
  [264, 'READONLY_RECOVERY'],
  [520, 'READONLY_CANTLOCK'],
  [776, 'READONLY_ROLLBACK'],
  [1032, 'READONLY_DBMOVED'],
  [1288, 'READONLY_CANTINIT'],
  [1544, 'READONLY_DIRECTORY'],
  [266, 'IOERR_READ'],
  [522, 'IOERR_SHORT_READ'],
  [778, 'IOERR_WRITE'],
  [1034, 'IOERR_FSYNC'],
  [1290, 'IOERR_DIR_FSYNC'],
  [1546, 'IOERR_TRUNCATE'],
  [1802, 'IOERR_FSTAT'],
  [3338, 'IOERR_ACCESS'],
  [4618, 'IOERR_SHMOPEN'],
  [4874, 'IOERR_SHMSIZE'],
  [5386, 'IOERR_SHMMAP'],
  [6410, 'IOERR_GETTEMPPATH'],
  [267, 'CORRUPT_VTAB'],
  [523, 'CORRUPT_SEQUENCE'],
  [779, 'CORRUPT_INDEX'],
  [270, 'CANTOPEN_NOTEMPDIR'],
  [526, 'CANTOPEN_ISDIR'],
  [782, 'CANTOPEN_FULLPATH'],
  [275, 'CONSTRAINT_CHECK'],
  [787, 'CONSTRAINT_FOREIGNKEY'],
  [1299, 'CONSTRAINT_NOTNULL'],
  [1555, 'CONSTRAINT_PRIMARYKEY'],
  [1811, 'CONSTRAINT_TRIGGER'],
  [2067, 'CONSTRAINT_UNIQUE'],
]);

function codeName(errcode: number): string {
  return `SQLITE_${EXTENDED_CODES.get(errcode) ?? PRIMARY_CODES[errcode & 0xff] ?? 'ERROR'}`;
}

/** node:sqlite's error (code ERR_SQLITE_ERROR, the number in errcode) as better-sqlite3's. */
function translated(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  // Closing a connection finalizes its statements; a kept one used after says so in better-sqlite3's words.
  if (code === 'ERR_INVALID_STATE' && /finalized|not open/.test(error.message))
    return new TypeError('The database connection is not open', { cause: error });
  if (code !== 'ERR_SQLITE_ERROR' || typeof errcode !== 'number') return error;
  return new SqliteError(error.message, codeName(errcode), { cause: error });
}

function translating<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw translated(error);
  }
}

/**
 * better-sqlite3's bindings as node:sqlite takes them: an array's values bind one by one, and an object
 * (named parameters, `@name` bound by `name`) comes first.
 */
function bindings(parameters: unknown[]): unknown[] {
  const named: unknown[] = [];
  const anonymous: unknown[] = [];
  for (const parameter of parameters.flatMap((value) => (Array.isArray(value) ? value : [value]))) {
    const isNamed = typeof parameter === 'object' && parameter !== null && !ArrayBuffer.isView(parameter);
    (isNamed ? named : anonymous).push(parameter);
  }
  return [...named, ...anonymous];
}

const WRITE_WORD =
  /\b(?:INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER|VACUUM|REINDEX|ANALYZE|ATTACH|DETACH)\b/i;
const READING_START = /^\s*(?:SELECT|WITH|VALUES|EXPLAIN)\b/i;
const TRANSACTION_CONTROL = /^\s*(?:BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b/i;

/**
 * Whether a statement cannot change the database, from its text: node:sqlite does not expose SQLite's
 * sqlite3_stmt_readonly. A query naming no writing keyword, a PRAGMA that sets nothing, and transaction
 * control (as SQLite counts it) read only; anything else is taken to write. A wrong "writes" costs only a
 * data-version step (a cached answer recomputed), never a stale answer.
 */
export function statementReadsOnly(sql: string): boolean {
  if (TRANSACTION_CONTROL.test(sql)) return true;
  if (/^\s*PRAGMA\b/i.test(sql)) return !sql.includes('=');
  return READING_START.test(sql) && !WRITE_WORD.test(sql);
}

type RowShape = 'objects' | 'arrays' | 'first';

class NodeSqliteStatement implements SqliteStatement {
  readonly source: string;
  readonly reader: boolean;
  readonly readonly: boolean;

  constructor(
    private readonly prepared: NodeStatement,
    private readonly database: NodeDatabase,
    private readonly shape: RowShape = 'objects',
  ) {
    this.source = prepared.sourceSQL;
    this.reader = prepared.columns().length > 0;
    this.readonly = statementReadsOnly(this.source);
    prepared.setAllowUnknownNamedParameters(true);
    prepared.setReturnArrays(shape !== 'objects');
  }

  all(...parameters: unknown[]): unknown[] {
    const rows = this.reading(() => this.prepared.all(...bindings(parameters)));
    return this.shape === 'first' ? rows.map(firstValue) : rows;
  }

  get(...parameters: unknown[]): unknown {
    const row = this.reading(() => this.prepared.get(...bindings(parameters)));
    return this.shape === 'first' && row !== undefined ? firstValue(row) : row;
  }

  /**
   * An integer past 2^53 (FTS5's segment ids, say) is a RangeError in node:sqlite and the nearest number
   * in better-sqlite3: read again as BigInts and given as numbers, as better-sqlite3 gives them. Only
   * such a read pays for the second run.
   */
  private reading<T>(read: () => T): T {
    try {
      return translating(read);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ERR_OUT_OF_RANGE') throw error;
      this.prepared.setReadBigInts(true);
      try {
        // The same rows with numbers for BigInts: the shape the caller's type describes.
        return withoutBigInts(translating(read)) as T;
      } finally {
        this.prepared.setReadBigInts(false);
      }
    }
  }

  run(...parameters: unknown[]): SqliteRunResult {
    return translating(() => this.prepared.run(...bindings(parameters)));
  }

  *iterate(...parameters: unknown[]): IterableIterator<unknown> {
    const rows = translating(() => this.prepared.iterate(...bindings(parameters)));
    for (;;) {
      const next = translating(() => rows.next());
      if (next.done) return;
      yield this.shape === 'first' ? firstValue(next.value) : next.value;
    }
  }

  // A statement of node:sqlite has one row shape at a time: another shape is another statement.
  raw(): SqliteStatement {
    return this.reshaped('arrays');
  }

  pluck(): SqliteStatement {
    return this.reshaped('first');
  }

  private reshaped(shape: RowShape): SqliteStatement {
    if (shape === this.shape) return this;
    return new NodeSqliteStatement(
      translating(() => this.database.prepare(this.source)),
      this.database,
      shape,
    );
  }
}

function withoutBigInts(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(withoutBigInts);
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutBigInts(item)]));
  return value;
}

function firstValue(row: unknown): unknown {
  return Array.isArray(row) ? row[0] : undefined;
}

class NodeSqliteConnection implements SqliteConnection {
  readonly memory: boolean;
  readonly readonly: boolean;
  private readonly database: NodeDatabase;
  private savepoints = 0;
  private open = true;

  constructor(
    private readonly module: NodeSqliteModule,
    readonly name: string,
    options: SqliteOpenOptions,
  ) {
    this.memory = name === ':memory:';
    this.readonly = options.readonly === true;
    if (options.fileMustExist && !this.memory && !existsSync(name))
      throw new SqliteError('unable to open database file', 'SQLITE_CANTOPEN');
    // Foreign keys on, as better-sqlite3 builds SQLite (SQLITE_DEFAULT_FOREIGN_KEYS); double-quoted
    // strings are identifiers in both (node:sqlite's default, better-sqlite3's DQS=0).
    this.database = translating(
      () => new module.DatabaseSync(name, { readOnly: this.readonly, enableForeignKeyConstraints: true }),
    );
  }

  get inTransaction(): boolean {
    return this.database.isTransaction;
  }

  prepare(sql: string): SqliteStatement {
    return new NodeSqliteStatement(
      translating(() => this.database.prepare(sql)),
      this.database,
    );
  }

  exec(sql: string): this {
    translating(() => this.database.exec(sql));
    return this;
  }

  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    const statement = this.prepare(`PRAGMA ${source}`);
    return options.simple ? statement.pluck().get() : statement.all();
  }

  function(
    name: string,
    options: { deterministic?: boolean },
    implementation: (...values: unknown[]) => unknown,
  ): this {
    translating(() => this.database.function(name, options, implementation));
    return this;
  }

  /** As better-sqlite3's: the work in a transaction (a savepoint inside one), rolled back if it throws. */
  transaction<T>(work: () => T): SqliteTransaction<T> {
    const inside = (begin: string) => (): T => {
      if (this.inTransaction) return this.inSavepoint(work);
      this.exec(begin);
      try {
        const result = work();
        this.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.inTransaction) this.exec('ROLLBACK');
        throw error;
      }
    };
    return Object.assign(inside('BEGIN'), { immediate: inside('BEGIN IMMEDIATE') });
  }

  private inSavepoint<T>(work: () => T): T {
    const name = `pulse_savepoint_${++this.savepoints}`;
    this.exec(`SAVEPOINT ${name}`);
    try {
      const result = work();
      this.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      if (this.inTransaction) this.exec(`ROLLBACK TO ${name}`).exec(`RELEASE ${name}`);
      throw error;
    } finally {
      this.savepoints--;
    }
  }

  async backup(destination: string, options: { progress: () => number }): Promise<unknown> {
    try {
      return await this.module.backup(this.database, destination, { rate: options.progress() });
    } catch (error) {
      throw translated(error);
    }
  }

  /** As better-sqlite3's, a second close does nothing (node:sqlite's throws "database is not open"). */
  close(): this {
    if (this.open) this.database.close();
    this.open = false;
    return this;
  }
}
