/** Digest entries: what was published to whom, and when they read it. */
import type { Kysely } from 'kysely';
import { idColumn, newestFirstIndex, optionalText, personReference, requiredText } from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('digest_entries')
    .$call(idColumn)
    .$call(personReference('recipient_id'))
    .$call(requiredText('category', 'resource_type', 'resource_id', 'published_at'))
    .$call(optionalText('read_at'))
    .addUniqueConstraint('digest_once', ['recipient_id', 'resource_type', 'resource_id'])
    .execute();
  await newestFirstIndex(db, 'digest_by_recipient', 'digest_entries', ['recipient_id'], 'published_at');
  await db.schema
    .createIndex('digest_by_resource')
    .on('digest_entries')
    .columns(['resource_type', 'resource_id'])
    .execute();
}
