/**
 * Looking into a store after something happened to it (a process killed, a disk filled): the reliability
 * tests read it through a connection of their own, as the next pulse process would open it.
 */
import Database from 'better-sqlite3';

/**
 * Runs `read` on a read-write connection: after a kill the first connection must be able to replay the
 * WAL or roll a hot journal back, which a read-only one cannot.
 */
export function probe<T>(path: string, read: (db: Database.Database) => T): T {
  const db = new Database(path, { fileMustExist: true });
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
