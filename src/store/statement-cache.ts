/**
 * The store's one connection with its statements kept prepared, shared by the row reader (the list
 * paths) and Kysely (everything else). Kysely prepares every query afresh, and preparing costs as much as
 * running a small indexed query, so prepare() reuses statements by their SQL text (least recently used
 * out). The shape is what Kysely's SqliteDialect takes as its database.
 */
import type SqliteDatabase from 'better-sqlite3';

// Distinct statements the store keeps prepared; IN lists of different lengths are different statements.
const STATEMENT_CACHE_SIZE = 500;

/** The part of a better-sqlite3 statement that the reader and Kysely's driver use. */
export interface CachedStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
  run(parameters: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
}

export class StatementCache {
  private readonly statements = new Map<string, SqliteDatabase.Statement>();

  constructor(
    private readonly native: SqliteDatabase.Database,
    /** Called after every statement that may write, so the store's data version counts its own writes. */
    private readonly onWrite: () => void,
  ) {}

  prepare(sql: string): CachedStatement {
    let statement = this.statements.get(sql);
    if (statement) {
      this.statements.delete(sql);
    } else {
      statement = this.native.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE)
        this.statements.delete(this.statements.keys().next().value as string);
    }
    this.statements.set(sql, statement);
    if (statement.readonly) return statement as CachedStatement;
    // Writes bump this connection's write counter (SQLite's data_version counts other connections only),
    // those that return rows (INSERT ... RETURNING) too.
    const write = statement;
    const written = <T>(result: T) => {
      this.onWrite();
      return result;
    };
    return {
      reader: write.reader,
      all: (parameters) => written(write.all(parameters)),
      iterate: (parameters) => written(write.iterate(parameters)),
      run: (parameters) => written(write.run(parameters)),
    };
  }

  close(): void {
    this.native.close();
  }
}
