/**
 * Looking into a store after something happened to it (a process killed, a disk filled): the reliability
 * tests read it through a connection of their own, as the next pulse process would open it.
 */

import { isPostgresUrl } from '../../src/store/database-url.js';
import { openSqlite, type SqliteConnection } from '../../src/store/sqlite-driver.js';

/**
 * Runs `read` on a read-write connection: after a kill the first connection must be able to replay the
 * WAL or roll a hot journal back, which a read-only one cannot.
 */
export function probe<T>(path: string, read: (db: SqliteConnection) => T): T {
  const db = openSqlite(path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    return read(db);
  } finally {
    db.close();
  }
}

/** `PRAGMA integrity_check`'s answer, its lines joined ("ok" for a sound file). */
export function integrity(path: string): string {
  return probe(path, (db) =>
    (db.pragma('integrity_check') as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join('\n'),
  );
}

export function rows<Row>(path: string, sql: string, ...parameters: unknown[]): Row[] {
  return probe(path, (db) => db.prepare(sql).all(...parameters) as Row[]);
}

/** The first value of the first row. */
export function scalar<T>(path: string, sql: string, ...parameters: unknown[]): T {
  return probe(
    path,
    (db) =>
      db
        .prepare(sql)
        .pluck()
        .get(...parameters) as T,
  );
}

/** `count` dates (YYYY-MM-DD) from `from` on, Monday to Friday only: days a team of the fixture reports. */
export function weekdays(from: string, count: number): string[] {
  const dates: string[] = [];
  for (let day = new Date(`${from}T00:00:00Z`); dates.length < count; day.setUTCDate(day.getUTCDate() + 1)) {
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) dates.push(day.toISOString().slice(0, 10));
  }
  return dates;
}

/** `count` consecutive dates from `from` on. */
export function days(from: string, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(start + index * 86_400_000).toISOString().slice(0, 10),
  );
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A whole number in [min, max]. */
export const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/**
 * A look into a store of either kind after the fact, for the suites that run on both (test/helpers/
 * stores.ts): SQLite through its file (the functions above), PostgreSQL through a connection of its own.
 * SQL is written once with `?` placeholders, as SQLite takes them.
 */
export interface StoreProbe {
  rows<Row>(sql: string, ...parameters: unknown[]): Promise<Row[]>;
  /**
   * "ok" when the store is sound: SQLite's integrity_check; on PostgreSQL, which keeps its own files
   * sound and has no such check built in, a query over every table answering.
   */
  integrity(): Promise<string>;
}

export function storeProbe(location: string): StoreProbe {
  if (!isPostgresUrl(location))
    return {
      rows: async <Row>(sql: string, ...parameters: unknown[]) => rows<Row>(location, sql, ...parameters),
      integrity: async () => integrity(location),
    };
  const query = async <Row>(sql: string, parameters: unknown[]): Promise<Row[]> => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    try {
      let index = 0;
      const numbered = sql.replace(/\?/g, () => `$${++index}`);
      return (await client.query(numbered, parameters)).rows as Row[];
    } finally {
      await client.end();
    }
  };
  return {
    rows: (sql, ...parameters) => query(sql, parameters),
    async integrity() {
      const tables = await query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
        [],
      );
      for (const { name } of tables) await query(`SELECT count(*) FROM "${name}"`, []);
      return tables.length > 0 ? 'ok' : 'no tables';
    },
  };
}
