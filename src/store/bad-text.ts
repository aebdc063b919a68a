/**
 * Text a SQLite store holds that another store cannot: a NUL, or bytes that are not UTF-8 (an unpaired
 * UTF-16 surrogate, which SQLite's drivers write as the 3-byte form of the surrogate). Stores written
 * before the text rule (core/text.ts) may hold them; PostgreSQL refuses both ("invalid byte sequence for
 * encoding UTF8"). `pulse doctor` reports them, `pulse admin migrate` refuses to start on them, and
 * `pulse admin repair-text` replaces them with U+FFFD.
 *
 * Every TEXT value of every ordinary table that is not plain ASCII is read as bytes (CAST AS BLOB) and
 * decoded with a fatal TextDecoder in a SQL function, so only the offending rows come back to JavaScript.
 */
import type { SqliteConnection } from './sqlite-driver.js';

/** One value that is not text every store accepts. */
export interface BadTextCell {
  table: string;
  /** The row's primary key (its values joined by "/"), or its rowid. */
  id: string;
  column: string;
  /** What is wrong: "NUL" or "invalid UTF-8" (both when both). */
  problem: string;
  /** The value `repair` stores instead: invalid bytes and NUL as U+FFFD. */
  repaired: string;
}

const FUNCTION = 'pulse_text_problem';
const strict = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');

/** What is wrong with a TEXT value's bytes, or null. */
function problemOf(bytes: Uint8Array): string | null {
  const nul = bytes.includes(0);
  let utf8 = true;
  try {
    strict.decode(bytes);
  } catch {
    utf8 = false;
  }
  if (nul && !utf8) return 'NUL and invalid UTF-8';
  if (nul) return 'NUL';
  return utf8 ? null : 'invalid UTF-8';
}

/** The bytes as text, every invalid sequence and NUL replaced by U+FFFD. */
export function repairedBytes(bytes: Uint8Array): string {
  return lenient.decode(bytes).replaceAll('\u0000', '\ufffd');
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A cheap test, in SQLite alone, that a column's value may be bad: text whose length in bytes differs
 * from its length in characters holds something other than ASCII (or a NUL, where SQLite's character
 * count stops). Only those values reach the JavaScript decoder: most of a store is ASCII (ids, times).
 */
const suspect = (column: string) =>
  `typeof(${quoted(column)}) = 'text' AND length(CAST(${quoted(column)} AS BLOB)) <> length(${quoted(column)})`;

interface ScannedTable {
  name: string;
  /** Primary-key columns in key order; empty when the table is keyed by rowid alone. */
  key: string[];
  /** Every column: any declared type may hold text in SQLite; typeof() in the query picks those that do. */
  columns: string[];
}

function tablesOf(db: SqliteConnection): ScannedTable[] {
  // Ordinary tables only: not SQLite's own, not virtual tables (the search index) or their shadow tables.
  const tables = (db.pragma('table_list') as { schema: string; name: string; type: string }[]).filter(
    (table) => table.schema === 'main' && table.type === 'table' && !table.name.startsWith('sqlite_'),
  );
  return tables
    .map(({ name }) => {
      const columns = db.pragma(`table_info(${quoted(name)})`) as {
        name: string;
        type: string;
        pk: number;
      }[];
      return {
        name,
        key: columns
          .filter((column) => column.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((column) => column.name),
        columns: columns.map((column) => column.name),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Every value of the store that is not text every store accepts, by table, key and column. */
export function findBadText(db: SqliteConnection): BadTextCell[] {
  db.function(FUNCTION, { deterministic: true }, (bytes: unknown) =>
    bytes instanceof Uint8Array ? problemOf(bytes) : null,
  );
  const cells: BadTextCell[] = [];
  for (const table of tablesOf(db)) {
    const key = table.key.length > 0 ? table.key.map(quoted).join(', ') : 'rowid';
    for (const column of table.columns) {
      const rows = db
        .prepare(
          `SELECT ${key}, CAST(${quoted(column)} AS BLOB) AS pulse_bytes, ` +
            `${FUNCTION}(CAST(${quoted(column)} AS BLOB)) AS pulse_problem FROM ${quoted(table.name)} ` +
            `WHERE ${suspect(column)} AND ${FUNCTION}(CAST(${quoted(column)} AS BLOB)) IS NOT NULL ORDER BY ${key}`,
        )
        .all() as Record<string, unknown>[];
      for (const row of rows) {
        const keyValues = table.key.length > 0 ? table.key.map((name) => row[name]) : [row.rowid];
        cells.push({
          table: table.name,
          id: keyValues.map((value) => repairedBytes(Buffer.from(String(value)))).join('/'),
          column,
          problem: String(row.pulse_problem),
          repaired: repairedBytes(row.pulse_bytes as Uint8Array),
        });
      }
    }
  }
  return cells;
}

/**
 * Replaces every value findBadText finds with its repaired text, in one transaction (all or nothing);
 * returns what it changed. Rows are updated by their bad value, so a key column is repaired like any
 * other; the search index follows through its triggers.
 */
export function repairBadText(db: SqliteConnection): BadTextCell[] {
  return db.transaction(() => {
    const cells = findBadText(db);
    for (const table of new Set(cells.map((cell) => cell.table))) {
      for (const column of new Set(cells.filter((cell) => cell.table === table).map((cell) => cell.column))) {
        const bytes = `CAST(${quoted(column)} AS BLOB)`;
        const values = db
          .prepare(
            `SELECT DISTINCT ${bytes} AS pulse_bytes FROM ${quoted(table)} ` +
              `WHERE ${suspect(column)} AND ${FUNCTION}(${bytes}) IS NOT NULL`,
          )
          .all() as { pulse_bytes: Uint8Array }[];
        const update = db.prepare(`UPDATE ${quoted(table)} SET ${quoted(column)} = ? WHERE ${bytes} = ?`);
        for (const { pulse_bytes: bad } of values) update.run(repairedBytes(bad), bad);
      }
    }
    return cells;
  })();
}
