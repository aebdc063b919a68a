/**
 * The public status page: one page row (name and URL; its state is derived, never stored), components in
 * a tree, notices with the components they impact and their updates. Ids are integers, as the status
 * interface documents them.
 */
import { type Kysely, sql } from 'kysely';
import * as column from './columns.js';
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
    .$call(column.required('name'))
    .$call(column.optional('url'))
    .$call(column.timestamps)
    .execute();

  await db.schema
    .createTable('status_components')
    .addColumn('id', serial, (col) => autoKey(col.primaryKey()))
    .$call(column.required('name', 'description'))
    // A component with children cannot be deleted from under them.
    .addColumn('parent_id', 'integer', (col) => col.references('status_components.id'))
    .$call(column.required('state'))
    .$call(column.timestamps)
    .execute();

  await db.schema
    .createTable('status_notices')
    .addColumn('id', serial, (col) => autoKey(col.primaryKey()))
    .$call(column.required('type', 'state', 'subject'))
    .$call(column.optional('begins_at', 'ends_at', 'began_at', 'ended_at'))
    .$call(column.timestamps)
    .execute();
  // The timeline filters read by state (future, present) and by state and end (the past); lists are
  // newest first by id, which the primary key already orders.
  await column.index(db, 'status_notices_by_state', 'status_notices', ['state', 'ended_at', 'id']);
  await column.index(db, 'status_notices_by_type_state', 'status_notices', [
    'type',
    'state',
    'ended_at',
    'id',
  ]);

  await db.schema
    .createTable('status_notice_components')
    .$call(column.reference('notice_id', 'status_notices.id', 'integer'))
    .$call(column.reference('component_id', 'status_components.id', 'integer'))
    .addPrimaryKeyConstraint('status_notice_components_pk', ['notice_id', 'component_id'])
    .execute();

  await db.schema
    .createTable('status_notice_updates')
    .addColumn('id', serial, (col) => autoKey(col.primaryKey()))
    .$call(column.reference('notice_id', 'status_notices.id', 'integer'))
    .$call(column.required('state', 'content'))
    .$call(column.timestamps)
    .execute();
  await column.index(db, 'status_notice_updates_by_notice', 'status_notice_updates', ['notice_id', 'id']);
}
