/**
 * A checksum of everything a store holds, so a test can prove that a rejected request or a refused
 * command changed nothing: every table's rows in primary-key order, hashed. Reads through its own
 * read-only connection, so it sees what another connection (a server, a CLI process) has committed.
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';

/**
 * `ignore` names tables left out, and `table.column` names columns left out (tokens.last_used_at is
 * bookkeeping a rejected but authenticated request may still touch).
 */
export function storeChecksum(path: string, options: { ignore?: string[] } = {}): string {
  const ignored = new Set(options.ignore ?? []);
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const hash = createHash('sha256');
    const tables = db
      .prepare<[], { name: string }>(
        `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .all()
      .map((row) => row.name)
      .filter((name) => !ignored.has(name));
    for (const table of tables) {
      hash.update(`\u0000table ${table}\u0000`);
      // ORDER BY every column: a total order that does not depend on rowids or on the table's key.
      const columns = db
        .prepare<[string], { name: string }>(`SELECT name FROM pragma_table_info(?)`)
        .all(table)
        .filter((column) => !ignored.has(`${table}.${column.name}`))
        .map((column) => `"${column.name}"`);
      const list = columns.join(', ');
      const rows = db.prepare(`SELECT ${list} FROM "${table}" ORDER BY ${list}`).raw().all();
      for (const row of rows) hash.update(JSON.stringify(row, bigintsAsText));
    }
    return hash.digest('hex');
  } finally {
    db.close();
  }
}

function bigintsAsText(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  return value;
}
