/**
 * The public status page: one page row (name and URL; its state is derived, never stored), components in
 * a tree, notices with the components they impact and their updates. Ids are integers, as the status
 * interface documents them.
 */
import { type Kysely, sql } from 'kysely';
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
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('status_components')
    .addColumn('id', serial, (col) => autoKey(col.primaryKey()))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    // A component with children cannot be deleted from under them.
    .addColumn('parent_id', 'integer', (col) => col.references('status_components.id'))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('status_notices')
    .addColumn('id', serial, (col) => autoKey(col.primaryKey()))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('begins_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('began_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
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
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('status_notice_updates_by_notice')
    .on('status_notice_updates')
    .columns(['notice_id', 'id'])
    .execute();
}
