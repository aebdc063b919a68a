/** Access tokens (personal now, OAuth later): only their SHA-256 hashes are stored. */
import type { Kysely } from 'kysely';
import * as column from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tokens')
    .$call(column.id)
    .$call(column.personReference())
    .$call(column.required('kind'))
    .$call(column.optional('name'))
    .$call(column.required('scope'))
    .addColumn('hash', 'text', (col) => col.notNull().unique())
    .$call(column.required('created_at'))
    .$call(column.optional('expires_at', 'revoked_at', 'last_used_at'))
    .execute();
  await column.index(db, 'tokens_by_kind', 'tokens', ['kind', 'created_at']);
}
