/**
 * The OAuth 2.0 authorization server (issue 10): registered clients (with the built-in public client
 * pulse-cli), one-time sign-in codes, pending authorizations and authorization codes. Access and refresh
 * tokens live in `tokens` (kinds oauth-access and oauth-refresh) with the grant they descend from and
 * their client. Secrets are stored as SHA-256 hashes only.
 */
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { idColumn, optionalText, personReference, requiredText } from './columns.js';

/** The built-in client's row: deterministic, so every store migrates to the same data. */
const BUILT_IN_CLI_CLIENT = {
  id: 'pulse-cli',
  name: 'pulse CLI',
  redirect_uris: JSON.stringify(['http://127.0.0.1/callback', 'http://[::1]/callback']),
  created_at: '2026-01-01T00:00:00.000Z',
};

/** A required reference to a client, whose removal deletes the row. */
function clientReference<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table.addColumn('client_id', 'text', (col) =>
    col.notNull().references('oauth_clients.id').onDelete('cascade'),
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_clients')
    .$call(idColumn)
    .$call(requiredText('name'))
    .$call(optionalText('secret_hash'))
    // A JSON array of URIs: read and written whole, never queried by element.
    .$call(requiredText('redirect_uris', 'created_at'))
    .execute();
  // The listing's order (`pulse admin oauth-client list`).
  await db.schema
    .createIndex('oauth_clients_by_created')
    .on('oauth_clients')
    .columns(['created_at', 'id'])
    .execute();
  await sql`INSERT INTO oauth_clients (id, name, secret_hash, redirect_uris, created_at)
    VALUES (${BUILT_IN_CLI_CLIENT.id}, ${BUILT_IN_CLI_CLIENT.name}, NULL, ${BUILT_IN_CLI_CLIENT.redirect_uris}, ${BUILT_IN_CLI_CLIENT.created_at})`.execute(
    db,
  );

  await db.schema
    .createTable('oauth_login_codes')
    .$call(idColumn)
    .$call(personReference())
    .addColumn('hash', 'text', (col) => col.notNull().unique())
    .$call(requiredText('created_at', 'expires_at'))
    .$call(optionalText('used_at'))
    .execute();
  await db.schema
    .createIndex('oauth_login_codes_by_expiry')
    .on('oauth_login_codes')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('oauth_pending')
    .$call(idColumn)
    .$call(clientReference)
    .$call(requiredText('redirect_uri', 'scope'))
    .$call(optionalText('state'))
    .$call(requiredText('code_challenge', 'csrf'))
    .addColumn('person_id', 'text', (col) => col.references('people.id').onDelete('cascade'))
    .addColumn('failed_tries', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(requiredText('created_at', 'expires_at'))
    .execute();
  await db.schema.createIndex('oauth_pending_by_expiry').on('oauth_pending').column('expires_at').execute();

  await db.schema
    .createTable('oauth_codes')
    .$call(idColumn)
    .addColumn('hash', 'text', (col) => col.notNull().unique())
    .$call(clientReference)
    .$call(requiredText('redirect_uri', 'code_challenge'))
    .$call(personReference())
    .$call(requiredText('scope', 'created_at', 'expires_at'))
    .$call(optionalText('used_at'))
    .execute();

  // Nullable: personal access tokens belong to no grant and no client.
  await db.schema.alterTable('tokens').addColumn('grant_id', 'text').execute();
  await db.schema.alterTable('tokens').addColumn('client_id', 'text').execute();
  await db.schema.createIndex('tokens_by_grant').on('tokens').column('grant_id').execute();
  await db.schema.createIndex('tokens_by_client').on('tokens').column('client_id').execute();
}
