/**
 * The column sets the migrations repeat, for Kysely's `$call`. Each adds exactly the columns, in the
 * order and with the constraints, the migrations spelled out before (test/store/schema-snapshot.test.ts
 * holds the DDL they produce): existing stores have run them, so what they build must never change.
 */
import type { CreateTableBuilder, Kysely } from 'kysely';

type Table<TB extends string, C extends string> = CreateTableBuilder<TB, C>;

/** The text primary key `id`. */
export function idColumn<TB extends string, C extends string>(table: Table<TB, C>) {
  return table.addColumn('id', 'text', (col) => col.primaryKey());
}

/** `created_at` and `updated_at`, required ISO timestamps. */
export function timestamps<TB extends string, C extends string>(table: Table<TB, C>) {
  return table.$call(requiredText('created_at', 'updated_at'));
}

/** A required reference to a person (`person_id` unless named), whose deletion deletes the row. */
export function personReference(column = 'person_id') {
  return <TB extends string, C extends string>(table: Table<TB, C>) =>
    table.addColumn(column, 'text', (col) => col.notNull().references('people.id').onDelete('cascade'));
}

/** Required text columns, in the order given. */
export function requiredText(...columns: string[]) {
  return <TB extends string, C extends string>(table: Table<TB, C>): Table<TB, string> =>
    columns.reduce<Table<TB, string>>(
      (built, column) => built.addColumn(column, 'text', (col) => col.notNull()),
      table,
    );
}

/** Nullable text columns, in the order given. */
export function optionalText(...columns: string[]) {
  return <TB extends string, C extends string>(table: Table<TB, C>): Table<TB, string> =>
    columns.reduce<Table<TB, string>>((built, column) => built.addColumn(column, 'text'), table);
}

/** An index that lists a table's rows newest first: `leading` columns, then `time` and id descending. */
export async function newestFirstIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  leading: readonly string[],
  time: string,
): Promise<void> {
  await db.schema
    .createIndex(name)
    .on(table)
    .columns([...leading, `${time} desc`, 'id desc'])
    .execute();
}
