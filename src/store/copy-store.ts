/**
 * Copies a SQLite store into a PostgreSQL database (`pulse admin migrate`), then proves the copy.
 *
 * - The source is opened read-only, in one read transaction (a snapshot: a server still writing the file
 *   cannot tear the copy), and must be at this pulse's schema; the target is migrated to it by
 *   openPostgresRepository.
 * - Every data table of the target's schema is copied; not Kysely's migration tables, not the
 *   deployment's bookkeeping (pulse_*), and not search_items, which the target's triggers fill from the
 *   rows copied (it is verified all the same, against the source's index).
 * - Tables go parents first (foreign keys), rows of a table in key order, parents before children where
 *   a table refers to itself; each batch is one multi-row INSERT (one array parameter a column, so any
 *   batch size fits PostgreSQL's parameter limit), its own transaction, skipping keys already there.
 * - Before the target is touched, a source holding text PostgreSQL cannot store (NUL, invalid UTF-8:
 *   bad-text.ts) is refused, naming each table, key and column; `pulse admin repair-text` mends it.
 * - Before anything is written, a target that holds rows the source lacks, or other values under a key
 *   of the source, is refused: a re-run only adds what is missing, never mixes two stores.
 * - A batch the target refuses anyway is reported with its table and the keys of its first and last rows;
 *   batches before it stay (a re-run goes on from there).
 * - Verification: per table, the row count and a SHA-256 of every row's canonical values (each value as
 *   text, NULL apart) in primary-key order by bytes (SQLite's BINARY, PostgreSQL's "C" collation).
 */
import { createHash, type Hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { type BadTextCell, findBadText } from './bad-text.js';
import { withoutPasswordIn } from './database-url.js';
import { SCHEMA_VERSION } from './schema-version.js';
import { openSqlite, type SqliteConnection } from './sqlite-driver.js';

export interface TableResult {
  table: string;
  /** Rows in the source. */
  source: number;
  /** Rows this run inserted (keys already in the target are skipped). */
  copied: number;
  /** Rows in the target after the copy. */
  target: number;
  /** Count and checksum agree. */
  matches: boolean;
  sourceChecksum: string;
  targetChecksum: string;
}

export interface CopyResult {
  /** The copied tables in the order they were copied, then search_items (filled by the target). */
  tables: TableResult[];
  /** Every table's counts and checksums agree. */
  verified: boolean;
}

export interface CopyOptions {
  /** Rows a batch (one INSERT and transaction); default 5,000. */
  batchRows?: number;
  /** Told how many batches the copy will write, before the first. */
  onStart?: (batches: number) => void;
  /** Told after each batch. */
  onBatch?: () => void;
}

/** The source cannot be copied as it is (missing, not a store, another schema). */
export class CopySourceError extends Error {}

/** The target holds rows that are not the source's: nothing was written. */
export class CopyConflictError extends Error {
  constructor(readonly problems: string[]) {
    super(`the target holds data that is not the source's; nothing was copied:\n  ${problems.join('\n  ')}`);
  }
}

/** The source holds text PostgreSQL cannot store: nothing was copied. */
export class CopyBadTextError extends Error {
  constructor(
    readonly path: string,
    readonly cells: BadTextCell[],
  ) {
    const shown = cells
      .slice(0, MAX_PROBLEMS)
      .map((cell) => `${cell.table} ${cell.id} ${cell.column}: ${cell.problem}`);
    const more = cells.length > MAX_PROBLEMS ? [`and ${cells.length - MAX_PROBLEMS} more`] : [];
    super(
      `${path} holds ${cells.length} ${cells.length === 1 ? 'value' : 'values'} that PostgreSQL cannot store ` +
        `(table, id, column); nothing was copied:\n  ${[...shown, ...more].join('\n  ')}\n` +
        `replace them with U+FFFD with: pulse --store ${path} admin repair-text (see --dry-run), then migrate again`,
    );
  }
}

interface Column {
  name: string;
  /** PostgreSQL's type name of the column (int4, int8, text, bool). */
  type: string;
}

interface Table {
  name: string;
  columns: Column[];
  key: string[];
  /** Tables this one refers to (not itself). */
  parents: string[];
  /** A column referring to this table's own key (goals.parent_id), if any. */
  selfReference?: string;
  /** The column with a serial default (status tables), whose sequence is reset after the copy. */
  serial?: string;
}

/** Index derived from the data on both sides; checked, never copied. */
const SEARCH_ITEMS = {
  name: 'search_items',
  columns: ['item_id', 'kind', 'person_id', 'at'],
  key: ['item_id'],
};
const FETCH_ROWS = 5000;
const MAX_PROBLEMS = 5;

export async function copyStoreToPostgres(
  from: string,
  to: string,
  options: CopyOptions = {},
): Promise<CopyResult> {
  const source = openSource(from);
  try {
    const badText = findBadText(source);
    if (badText.length > 0) throw new CopyBadTextError(from, badText);
    // Migrates an empty (or older) target to this pulse's schema, under the migration lock.
    const { openPostgresRepository } = await import('./postgres/open.js');
    await (await openPostgresRepository(to)).close();
    const client = new pg.Client({ connectionString: to });
    client.on('error', () => {});
    await client.connect();
    try {
      const tables = inCopyOrder(await targetTables(client));
      checkSourceHas(source, tables);
      // Every read below sees one snapshot of the source.
      source.exec('BEGIN');
      await refuseConflicts(source, client, tables);
      const copied = await copyRows(source, client, tables, options);
      await resetSequences(client, tables);
      const results = await verify(source, client, tables, copied);
      source.exec('COMMIT');
      return { tables: results, verified: results.every((result) => result.matches) };
    } finally {
      await client.end().catch(() => undefined);
    }
  } catch (error) {
    throw redact(error, to);
  } finally {
    source.close();
  }
}

function openSource(path: string): SqliteConnection {
  if (!existsSync(path)) throw new CopySourceError(`${path} does not exist`);
  let db: SqliteConnection;
  try {
    db = openSqlite(path, { readonly: true, fileMustExist: true });
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== SCHEMA_VERSION) {
      db.close();
      throw new CopySourceError(
        version < SCHEMA_VERSION
          ? `${path} is at schema ${version}, older than this pulse's ${SCHEMA_VERSION}: bring it up to date first ` +
              `(any command on it does, e.g. pulse --store ${path} admin person list), then migrate it`
          : `${path} is at schema ${version}, newer than this pulse's ${SCHEMA_VERSION}: upgrade pulse first`,
      );
    }
    return db;
  } catch (error) {
    if (error instanceof CopySourceError) throw error;
    throw new CopySourceError(`${path} is not a pulse store: ${(error as Error).message}`);
  }
}

/** The target's data tables with their columns, keys and references, read from its catalogue. */
async function targetTables(client: pg.Client): Promise<Table[]> {
  const columns = await client.query<{ table: string; name: string; type: string; serial: boolean }>(
    `SELECT c.table_name AS table, c.column_name AS name, c.udt_name AS type,
       coalesce(c.column_default LIKE 'nextval(%', false) AS serial
     FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
       AND c.table_name NOT LIKE 'pulse\\_%' AND c.table_name NOT LIKE 'kysely_migration%'
       AND c.table_name <> $1
     ORDER BY c.table_name, c.ordinal_position`,
    [SEARCH_ITEMS.name],
  );
  const keys = await client.query<{ table: string; name: string }>(
    `SELECT i.indrelid::regclass::text AS table, a.attname AS name
     FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
     WHERE i.indisprimary AND i.indrelid::regclass::text = ANY ($1)
     ORDER BY 1, array_position(i.indkey::int2[], a.attnum)`,
    [[...new Set(columns.rows.map((row) => row.table))]],
  );
  const references = await client.query<{ table: string; parent: string; column: string }>(
    `SELECT c.conrelid::regclass::text AS table, c.confrelid::regclass::text AS parent, a.attname AS column
     FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
  );
  const tables = new Map<string, Table>();
  for (const row of columns.rows) {
    let table = tables.get(row.table);
    if (!table) {
      table = { name: row.table, columns: [], key: [], parents: [] };
      tables.set(row.table, table);
    }
    table.columns.push({ name: row.name, type: row.type });
    if (row.serial) table.serial = row.name;
  }
  for (const row of keys.rows) tables.get(row.table)?.key.push(row.name);
  for (const row of references.rows) {
    const table = tables.get(row.table);
    if (!table) continue;
    if (row.parent === row.table) table.selfReference = row.column;
    else if (!table.parents.includes(row.parent)) table.parents.push(row.parent);
  }
  for (const table of tables.values()) {
    if (table.key.length === 0)
      throw new Error(`table ${table.name} has no primary key: it cannot be copied`);
  }
  return [...tables.values()];
}

/** Parents before children; among tables free to go, by name (a stable order run after run). */
function inCopyOrder(tables: Table[]): Table[] {
  const ordered: Table[] = [];
  const placed = new Set<string>();
  const known = new Set(tables.map((table) => table.name));
  let remaining = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (remaining.length > 0) {
    const ready = remaining.filter((table) =>
      table.parents.every((parent) => placed.has(parent) || !known.has(parent)),
    );
    if (ready.length === 0)
      throw new Error(`foreign keys form a cycle among ${remaining.map((t) => t.name)}`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
    remaining = remaining.filter((table) => !placed.has(table.name));
  }
  return ordered;
}

function checkSourceHas(source: SqliteConnection, tables: Table[]): void {
  for (const table of [
    ...tables,
    { name: SEARCH_ITEMS.name, columns: SEARCH_ITEMS.columns.map((name) => ({ name })) },
  ]) {
    const present = new Set(source.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table.name));
    const missing = table.columns.filter((column) => !present.has(column.name)).map((column) => column.name);
    if (missing.length > 0) {
      throw new CopySourceError(
        `the source's table ${table.name} lacks ${missing.join(', ')}: is it a pulse store of this version?`,
      );
    }
  }
  // SQLite keeps a fraction in an integer column; PostgreSQL refuses it. Found before anything is written.
  for (const table of tables) {
    for (const column of table.columns) {
      if (!INTEGER_TYPES.has(column.type)) continue;
      const bad = source
        .prepare(
          `SELECT count(*) FROM ${quote(table.name)} WHERE typeof(${quote(column.name)}) NOT IN ('integer', 'null')`,
        )
        .pluck()
        .get() as number;
      if (bad > 0) {
        throw new CopySourceError(
          `${bad} rows of the source's ${table.name}.${column.name} hold a value that is not a whole number, ` +
            'which PostgreSQL cannot keep in that column',
        );
      }
    }
  }
}

const INTEGER_TYPES = new Set(['int2', 'int4', 'int8']);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const list = (names: string[]) => names.map(quote).join(', ');

/** A value as both sides are compared: text, whatever its type on either side (NULL stays apart). */
function canonical(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? '1' : '0';
  // A blob: a Buffer from better-sqlite3 and pg, a Uint8Array from node:sqlite.
  if (value instanceof Uint8Array)
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  return String(value);
}

const canonicalRow = (row: unknown[]) => JSON.stringify(row.map(canonical));

/** A source value as the target's column takes it (SQLite keeps booleans as 0 and 1). */
function forTarget(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'bool') return Boolean(value);
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** The target's key order: PostgreSQL compares text by bytes under "C", as SQLite's BINARY does. */
function targetOrder(table: { columns: { name: string; type?: string }[]; key: string[] }): string {
  return table.key
    .map((name) => {
      const type = table.columns.find((column) => column.name === name)?.type ?? 'text';
      return type === 'text' ? `${quote(name)} COLLATE "C"` : quote(name);
    })
    .join(', ');
}

/** Reads a query's rows (as arrays) a page at a time through a cursor, in a read-only transaction. */
async function eachTargetPage(
  client: pg.Client,
  query: string,
  onPage: (rows: unknown[][]) => void,
): Promise<void> {
  await client.query('BEGIN READ ONLY');
  try {
    await client.query(`DECLARE pulse_copy NO SCROLL CURSOR FOR ${query}`);
    for (;;) {
      const page = await client.query({ text: `FETCH ${FETCH_ROWS} FROM pulse_copy`, rowMode: 'array' });
      if (page.rows.length === 0) break;
      onPage(page.rows as unknown[][]);
    }
  } finally {
    await client.query('COMMIT');
  }
}

async function targetCount(client: pg.Client, table: string): Promise<number> {
  const result = await client.query<{ count: string }>(`SELECT count(*) AS count FROM ${quote(table)}`);
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * Every row already in the target must be the source's row under the same key, value for value;
 * otherwise the copy would mix two stores. Reports up to MAX_PROBLEMS keys a table.
 */
async function refuseConflicts(source: SqliteConnection, client: pg.Client, tables: Table[]) {
  const problems: string[] = [];
  for (const table of tables) {
    if ((await targetCount(client, table.name)) === 0) continue;
    const names = table.columns.map((column) => column.name);
    const lookup = source
      .prepare(
        `SELECT ${list(names)} FROM ${quote(table.name)} WHERE ${table.key.map((k) => `${quote(k)} = ?`).join(' AND ')}`,
      )
      .raw();
    const keyAt = table.key.map((name) => names.indexOf(name));
    let different = 0;
    let extra = 0;
    const examples: string[] = [];
    await eachTargetPage(client, `SELECT ${list(names)} FROM ${quote(table.name)}`, (rows) => {
      for (const row of rows) {
        const key = keyAt.map((index) => row[index]);
        const found = lookup.get(...key) as unknown[] | undefined;
        if (found && canonicalRow(found) === canonicalRow(row)) continue;
        if (found) different++;
        else extra++;
        if (examples.length < MAX_PROBLEMS) examples.push(key.join('/'));
      }
    });
    if (different + extra > 0) {
      const parts = [
        ...(different > 0 ? [`${different} rows differ from the source's under the same key`] : []),
        ...(extra > 0 ? [`${extra} rows are not in the source`] : []),
      ];
      problems.push(`${table.name}: ${parts.join(', ')} (keys ${examples.join(', ')})`);
    }
  }
  if (problems.length > 0) throw new CopyConflictError(problems);
}

async function copyRows(
  source: SqliteConnection,
  client: pg.Client,
  tables: Table[],
  options: CopyOptions,
): Promise<Map<string, number>> {
  const batchRows = options.batchRows ?? 5000;
  const counts = new Map(tables.map((table) => [table.name, sourceCount(source, table.name)]));
  options.onStart?.(
    tables.reduce((sum, table) => sum + Math.ceil((counts.get(table.name) ?? 0) / batchRows), 0),
  );
  const copied = new Map<string, number>();
  for (const table of tables) {
    const names = table.columns.map((column) => column.name);
    const select = source
      .prepare(`SELECT ${list(names)} FROM ${quote(table.name)} ORDER BY ${list(table.key)}`)
      .raw();
    const arrays = table.columns.map((column, index) => `$${index + 1}::${column.type}[]`).join(', ');
    const insert = `INSERT INTO ${quote(table.name)} (${list(names)})
      SELECT * FROM unnest(${arrays}) ON CONFLICT (${list(table.key)}) DO NOTHING`;
    const rows: Iterable<unknown[]> = table.selfReference
      ? parentsFirst(select.all() as unknown[][], names, table)
      : (select.iterate() as Iterable<unknown[]>);
    let inserted = 0;
    let batch: unknown[][] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const params = table.columns.map((column, index) =>
        batch.map((row) => forTarget(row[index], column.type)),
      );
      try {
        inserted += (await client.query(insert, params)).rowCount ?? 0;
      } catch (error) {
        const keyOf = (row: unknown[] | undefined) =>
          table.key.map((name) => String(row?.[names.indexOf(name)])).join('/');
        throw new Error(
          `${table.name}: the target refused the rows from ${keyOf(batch[0])} to ${keyOf(batch.at(-1))} ` +
            `(${(error as Error).message}); the batches before them were copied, a re-run goes on from there`,
        );
      }
      batch = [];
      options.onBatch?.();
    };
    for (const row of rows) {
      batch.push(row);
      if (batch.length >= batchRows) await flush();
    }
    await flush();
    copied.set(table.name, inserted);
  }
  return copied;
}

function sourceCount(source: SqliteConnection, table: string): number {
  return (
    (source
      .prepare(`SELECT count(*) FROM ${quote(table)}`)
      .pluck()
      .get() as number) ?? 0
  );
}

/** A table's rows with every row after the row it refers to (a goal after its parent goal). */
function parentsFirst(rows: unknown[][], names: string[], table: Table): unknown[][] {
  const keyAt = names.indexOf(table.key[0] as string);
  const parentAt = names.indexOf(table.selfReference as string);
  const byKey = new Map(rows.map((row) => [row[keyAt], row]));
  const depth = new Map<unknown, number>();
  const depthOf = (row: unknown[], seen: Set<unknown>): number => {
    const key = row[keyAt];
    const known = depth.get(key);
    if (known !== undefined) return known;
    const parent = byKey.get(row[parentAt]);
    // A cycle (no store makes one) or a parent that is gone: treat the row as a root.
    const value = parent && !seen.has(key) ? depthOf(parent, seen.add(key)) + 1 : 0;
    depth.set(key, value);
    return value;
  };
  return rows
    .map((row, index) => ({ row, index, depth: depthOf(row, new Set()) }))
    .sort((a, b) => a.depth - b.depth || a.index - b.index)
    .map((entry) => entry.row);
}

/** Serial keys were copied as they were: each sequence goes on after the largest. */
async function resetSequences(client: pg.Client, tables: Table[]): Promise<void> {
  for (const table of tables) {
    if (!table.serial) continue;
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), coalesce(max(${quote(table.serial)}), 0) + 1, false)
       FROM ${quote(table.name)}`,
      [table.name, table.serial],
    );
  }
}

async function verify(
  source: SqliteConnection,
  client: pg.Client,
  tables: Table[],
  copied: Map<string, number>,
): Promise<TableResult[]> {
  const results: TableResult[] = [];
  const searchItems = {
    ...SEARCH_ITEMS,
    columns: SEARCH_ITEMS.columns.map((name) => ({ name, type: 'text' })),
  };
  for (const table of [...tables, searchItems]) {
    const names = table.columns.map((column) => column.name);
    const fromSource = checksum();
    const select = source.prepare(
      `SELECT ${list(names)} FROM ${quote(table.name)} ORDER BY ${list(table.key)}`,
    );
    for (const row of select.raw().iterate() as Iterable<unknown[]>) fromSource.add(row);
    const fromTarget = checksum();
    await eachTargetPage(
      client,
      `SELECT ${list(names)} FROM ${quote(table.name)} ORDER BY ${targetOrder(table)}`,
      (rows) => {
        for (const row of rows) fromTarget.add(row);
      },
    );
    const [sourceSum, targetSum] = [fromSource.digest(), fromTarget.digest()];
    results.push({
      table: table.name,
      source: fromSource.rows,
      copied: copied.get(table.name) ?? 0,
      target: fromTarget.rows,
      matches: fromSource.rows === fromTarget.rows && sourceSum === targetSum,
      sourceChecksum: sourceSum,
      targetChecksum: targetSum,
    });
  }
  return results;
}

function checksum(): { rows: number; add(row: unknown[]): void; digest(): string } {
  const hash: Hash = createHash('sha256');
  return {
    rows: 0,
    add(row) {
      this.rows++;
      hash.update(canonicalRow(row));
      hash.update('\n');
    },
    digest: () => hash.digest('hex'),
  };
}

/** The driver's errors never quote the address, but a message built from it must lose its password. */
function redact(error: unknown, url: string): unknown {
  if (error instanceof Error) error.message = withoutPasswordIn(error.message, url);
  return error;
}
