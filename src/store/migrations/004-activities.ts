/** Activities from other tools (and custom ones): one row each, listed newest first per person. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activities')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('person_id', 'text', (col) => col.notNull().references('people.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('group_name', 'text', (col) => col.notNull())
    .addColumn('title', 'text')
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('url', 'text')
    .addColumn('recorded_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('activities_by_time')
    .on('activities')
    .columns(['recorded_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('activities_by_person')
    .on('activities')
    .columns(['person_id', 'recorded_at desc', 'id desc'])
    .execute();
}
