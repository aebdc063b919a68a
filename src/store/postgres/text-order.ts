/**
 * Text compares as bytes on PostgreSQL, as it does on SQLite (BINARY), whatever the database's own
 * collation: every collatable column of the store's tables gets COLLATE "C". Lists sorted by name (teams,
 * people) then come out in the same order on both stores, and a database created with a language's
 * collation (en_US, an ICU locale: the default of many managed services) needs no special care.
 *
 * Run after every migration, so columns added later are covered too; a store already in order costs one
 * catalog query. Tables named pulse_* (bookkeeping, data-version.ts) and the migrator's own are left as
 * they are.
 */
import { type Kysely, sql } from 'kysely';
import { BOOKKEEPING } from './data-version.js';

interface Column {
  table_name: string;
  column_name: string;
  type: string;
}

export async function orderTextAsBytes(db: Kysely<unknown>): Promise<void> {
  const result = await sql<Column>`
    SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type
    FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_collation k ON k.oid = a.attcollation
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
      AND a.attnum > 0 AND NOT a.attisdropped AND k.collname <> 'C'
      AND c.relname NOT LIKE ${BOOKKEEPING} AND c.relname NOT LIKE 'kysely_migration%'
    ORDER BY c.relname, a.attnum`.execute(db);
  const byTable = new Map<string, Column[]>();
  for (const column of result.rows)
    byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), column]);
  for (const [table, columns] of byTable) {
    const changes = columns.map(
      (column) => `ALTER COLUMN ${quoted(column.column_name)} TYPE ${column.type} COLLATE "C"`,
    );
    // A column a trigger names (UPDATE OF, WHEN: the search index's) cannot change type under it: the
    // table's own triggers are dropped and made again from their definitions, in this same transaction.
    const triggers = await sql<{ name: string; definition: string }>`
      SELECT tgname AS name, pg_get_triggerdef(oid) AS definition FROM pg_trigger
      WHERE tgrelid = ${quoted(table)}::regclass AND NOT tgisinternal`.execute(db);
    for (const trigger of triggers.rows)
      await sql.raw(`DROP TRIGGER ${quoted(trigger.name)} ON ${quoted(table)}`).execute(db);
    await sql.raw(`ALTER TABLE ${quoted(table)} ${changes.join(', ')}`).execute(db);
    for (const trigger of triggers.rows) await sql.raw(trigger.definition).execute(db);
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
