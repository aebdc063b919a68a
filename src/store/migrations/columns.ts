/**
 * The column sets and indexes the migrations repeat; the column helpers are for Kysely's `$call`. Each
 * builds exactly what the migrations spelled out before, in the same order and with the same constraints
 * (test/store/schema-snapshot.test.ts holds the DDL a fresh store gets): existing stores have run the
 * migrations, so what they build must never change.
 */
import type { CreateTableBuilder, Kysely } from 'kysely';

type Table<TB extends string, C extends string> = CreateTableBuilder<TB, C>;

/** The text primary key `id`. */
export function id<TB extends string, C extends string>(table: Table<TB, C>) {
  return table.addColumn('id', 'text', (col) => col.primaryKey());
}

/** Required text columns, in the order given. */
export function required(...columns: string[]) {
  return <TB extends string, C extends string>(table: Table<TB, C>): Table<TB, string> =>
    columns.reduce<Table<TB, string>>(
      (built, column) => built.addColumn(column, 'text', (col) => col.notNull()),
      table,
    );
}

/** Nullable text columns, in the order given. */
export function optional(...columns: string[]) {
  return <TB extends string, C extends string>(table: Table<TB, C>): Table<TB, string> =>
    columns.reduce<Table<TB, string>>((built, column) => built.addColumn(column, 'text'), table);
}

/** `created_at` and `updated_at`, required ISO timestamps. */
export function timestamps<TB extends string, C extends string>(table: Table<TB, C>) {
  return table.$call(required('created_at', 'updated_at'));
}

/** A required reference to the row `target` (`table.column`) that owns this one: deleting it deletes this. */
export function reference(column: string, target: string, type: 'text' | 'integer' = 'text') {
  return <TB extends string, C extends string>(table: Table<TB, C>) =>
    table.addColumn(column, type, (col) => col.notNull().references(target).onDelete('cascade'));
}

/** A required reference to a person (`person_id` unless named), whose deletion deletes the row. */
export function personReference(column = 'person_id') {
  return reference(column, 'people.id');
}

/** A plain index. */
export async function index(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: readonly string[],
): Promise<void> {
  await db.schema
    .createIndex(name)
    .on(table)
    .columns([...columns])
    .execute();
}

/** The trailing columns of an index that lists rows newest first: `time`, then id, both descending. */
export function newestFirst(time: string): string[] {
  return [`${time} desc`, 'id desc'];
}
