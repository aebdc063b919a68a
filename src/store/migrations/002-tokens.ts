/** Access tokens (personal now, OAuth later): only their SHA-256 hashes are stored. */
import type { Kysely } from 'kysely';
import { idColumn, optionalText, personReference, requiredText } from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tokens')
    .$call(idColumn)
    .$call(personReference())
    .$call(requiredText('kind'))
    .$call(optionalText('name'))
    .$call(requiredText('scope'))
    .addColumn('hash', 'text', (col) => col.notNull().unique())
    .$call(requiredText('created_at'))
    .$call(optionalText('expires_at', 'revoked_at', 'last_used_at'))
    .execute();
  await db.schema.createIndex('tokens_by_kind').on('tokens').columns(['kind', 'created_at']).execute();
}
