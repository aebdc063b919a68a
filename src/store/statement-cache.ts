/**
 * The store's one connection with its statements kept prepared, shared by the row reader (the list
 * paths) and Kysely (everything else). Kysely prepares every query afresh, and preparing costs as much as
 * running a small indexed query, so prepare() reuses statements by their SQL text (least recently used
 * out). Each statement's file errors name the store (storage-errors.ts), and its writes are counted. The
 * shape is what Kysely's SqliteDialect takes as its database.
 */
import type { SqliteConnection, SqliteStatement } from './sqlite-driver.js';
import { isDiskFull, onStore } from './storage-errors.js';

// Distinct statements the store keeps prepared; IN lists of different lengths are different statements.
const STATEMENT_CACHE_SIZE = 500;

/**
 * A write to a bookkeeping table (pulse_*: answer-job leases) is not data: like PostgreSQL's
 * (postgres/data-version.ts), it moves no data version, so `pulse serve` claiming jobs on its timer does
 * not empty its response caches every time.
 */
const BOOKKEEPING_WRITE = /^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?pulse_/i;

/** The part of a SQLite statement that the reader and Kysely's driver use. */
export interface CachedStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
  run(parameters: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
}

export class StatementCache {
  private readonly statements = new Map<string, CachedStatement>();

  constructor(
    private readonly native: SqliteConnection,
    /** The store's file, named by its errors. */
    private readonly path: string,
    /** Called after every statement that may write, so the store's data version counts its own writes. */
    private readonly onWrite: () => void,
    /**
     * Called after a statement failed for want of space, once no transaction is open: empties the WAL
     * (open.ts) so that the space it took is the file's again.
     */
    private readonly onDiskFull: (native: SqliteConnection) => void = () => {},
  ) {}

  /** After a transaction that failed ends: the WAL it filled is emptied if the disk was full. */
  afterFailure(error: unknown): void {
    if (isDiskFull(error)) this.onDiskFull(this.native);
  }

  prepare(sql: string): CachedStatement {
    let statement = this.statements.get(sql);
    if (statement) {
      this.statements.delete(sql);
    } else {
      statement = this.wrap(onStore(this.path, () => this.native.prepare(sql)));
      if (this.statements.size >= STATEMENT_CACHE_SIZE)
        this.statements.delete(this.statements.keys().next().value as string);
    }
    this.statements.set(sql, statement);
    return statement;
  }

  close(): void {
    this.native.close();
  }

  private wrap(statement: SqliteStatement): CachedStatement {
    const { path, onWrite } = this;
    // Outside a transaction a failed statement has ended its own; inside one, afterFailure() follows
    // the rollback.
    const onStoreHealing = <T>(work: () => T): T => {
      try {
        return onStore(path, work);
      } catch (error) {
        if (!this.native.inTransaction) this.afterFailure(error);
        throw error;
      }
    };
    // Writes bump this connection's write counter (SQLite's data_version counts other connections only),
    // those that return rows (INSERT ... RETURNING) too; not those of bookkeeping tables.
    const ran =
      statement.readonly || BOOKKEEPING_WRITE.test(statement.source)
        ? <T>(result: T) => result
        : <T>(result: T) => {
            onWrite();
            return result;
          };
    return {
      reader: statement.reader,
      all: (parameters) => ran(onStoreHealing(() => statement.all(parameters))),
      iterate: (parameters) => ran(onStoreHealing(() => statement.iterate(parameters))),
      run: (parameters) => ran(onStoreHealing(() => statement.run(parameters))),
    };
  }
}
