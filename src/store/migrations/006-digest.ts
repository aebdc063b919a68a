/** Digest entries: what was published to whom, and when they read it. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('digest_entries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('recipient_id', 'text', (col) => col.notNull().references('people.id').onDelete('cascade'))
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('resource_type', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('published_at', 'text', (col) => col.notNull())
    .addColumn('read_at', 'text')
    .addUniqueConstraint('digest_once', ['recipient_id', 'resource_type', 'resource_id'])
    .execute();
  await db.schema
    .createIndex('digest_by_recipient')
    .on('digest_entries')
    .columns(['recipient_id', 'published_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('digest_by_resource')
    .on('digest_entries')
    .columns(['resource_type', 'resource_id'])
    .execute();
}
