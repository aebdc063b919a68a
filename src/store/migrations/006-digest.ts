/** Digest entries: what was published to whom, and when they read it. */
import type { Kysely } from 'kysely';
import * as column from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('digest_entries')
    .$call(column.id)
    .$call(column.personReference('recipient_id'))
    .$call(column.required('category', 'resource_type', 'resource_id', 'published_at'))
    .$call(column.optional('read_at'))
    .addUniqueConstraint('digest_once', ['recipient_id', 'resource_type', 'resource_id'])
    .execute();
  await column.index(db, 'digest_by_recipient', 'digest_entries', [
    'recipient_id',
    ...column.newestFirst('published_at'),
  ]);
  await column.index(db, 'digest_by_resource', 'digest_entries', ['resource_type', 'resource_id']);
}
