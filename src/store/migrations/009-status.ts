/**
 * The public status page: one page row (name and URL; its state is derived, never stored), components in
 * a tree, notices with the components they impact and their updates. Ids are integers, as the status
 * interface documents them.
 */
import { type Kysely, sql } from 'kysely';
import { optionalText, requiredText, timestamps } from './columns.js';
import { onPostgres } from './dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Keys numbered by the database: SQLite's INTEGER PRIMARY KEY AUTOINCREMENT, PostgreSQL's serial.
  const postgres = onPostgres(db);
  const serial = postgres ? 'serial' : 'integer';
  const autoKey = <C extends { autoIncrement(): C }>(col: C) => (postgres ? col : col.autoIncrement());
  // At most one row: the key is always 1.
  await db.schema
    .createTable('status_page')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .$call(requiredText('name'))
    .$call(optionalText('url'))
    .$call(timestamps)
    .execute();

  await db.schema
    .createTable('status_components')
    .addColumn('id', serial, (col) => autoKey(col.primaryKey()))
    .$call(requiredText('name', 'description'))
    // A component with children cannot be deleted from under them.
    .addColumn('parent_id', 'integer', (col) => col.references('status_components.id'))
    .$call(requiredText('state'))
    .$call(timestamps)
    .execute();

  await db.schema
    .createTable('status_notices')
    .addColumn('id', serial, (col) => autoKey(col.primaryKey()))
    .$call(requiredText('type', 'state', 'subject'))
    .$call(optionalText('begins_at', 'ends_at', 'began_at', 'ended_at'))
    .$call(timestamps)
    .execute();
  // The timeline filters read by state (future, present) and by state and end (the past); lists are
  // newest first by id, which the primary key already orders.
  await db.schema
    .createIndex('status_notices_by_state')
    .on('status_notices')
    .columns(['state', 'ended_at', 'id'])
    .execute();
  await db.schema
    .createIndex('status_notices_by_type_state')
    .on('status_notices')
    .columns(['type', 'state', 'ended_at', 'id'])
    .execute();

  await db.schema
    .createTable('status_notice_components')
    .addColumn('notice_id', 'integer', (col) =>
      col.notNull().references('status_notices.id').onDelete('cascade'),
    )
    .addColumn('component_id', 'integer', (col) =>
      col.notNull().references('status_components.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('status_notice_components_pk', ['notice_id', 'component_id'])
    .execute();

  await db.schema
    .createTable('status_notice_updates')
    .addColumn('id', serial, (col) => autoKey(col.primaryKey()))
    .addColumn('notice_id', 'integer', (col) =>
      col.notNull().references('status_notices.id').onDelete('cascade'),
    )
    .$call(requiredText('state', 'content'))
    .$call(timestamps)
    .execute();
  await db.schema
    .createIndex('status_notice_updates_by_notice')
    .on('status_notice_updates')
    .columns(['notice_id', 'id'])
    .execute();
}
