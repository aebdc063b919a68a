/**
 * The OAuth 2.0 authorization server (issue 10): registered clients (with the built-in public client
 * pulse-cli), one-time sign-in codes, pending authorizations and authorization codes. Access and refresh
 * tokens live in `tokens` (kinds oauth-access and oauth-refresh) with the grant they descend from and
 * their client. Secrets are stored as SHA-256 hashes only.
 */
import { type Kysely, sql } from 'kysely';

/** The built-in client's row: deterministic, so every store migrates to the same data. */
const BUILT_IN_CLI_CLIENT = {
  id: 'pulse-cli',
  name: 'pulse CLI',
  redirect_uris: JSON.stringify(['http://127.0.0.1/callback', 'http://[::1]/callback']),
  created_at: '2026-01-01T00:00:00.000Z',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_clients')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('secret_hash', 'text')
    // A JSON array of URIs: read and written whole, never queried by element.
    .addColumn('redirect_uris', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
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
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('person_id', 'text', (col) => col.notNull().references('people.id').onDelete('cascade'))
    .addColumn('hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('oauth_login_codes_by_expiry')
    .on('oauth_login_codes')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('oauth_pending')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('client_id', 'text', (col) => col.notNull().references('oauth_clients.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('state', 'text')
    .addColumn('code_challenge', 'text', (col) => col.notNull())
    .addColumn('csrf', 'text', (col) => col.notNull())
    .addColumn('person_id', 'text', (col) => col.references('people.id').onDelete('cascade'))
    .addColumn('failed_tries', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('oauth_pending_by_expiry').on('oauth_pending').column('expires_at').execute();

  await db.schema
    .createTable('oauth_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('hash', 'text', (col) => col.notNull().unique())
    .addColumn('client_id', 'text', (col) => col.notNull().references('oauth_clients.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('code_challenge', 'text', (col) => col.notNull())
    .addColumn('person_id', 'text', (col) => col.notNull().references('people.id').onDelete('cascade'))
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();

  // Nullable: personal access tokens belong to no grant and no client.
  await db.schema.alterTable('tokens').addColumn('grant_id', 'text').execute();
  await db.schema.alterTable('tokens').addColumn('client_id', 'text').execute();
  await db.schema.createIndex('tokens_by_grant').on('tokens').column('grant_id').execute();
  await db.schema.createIndex('tokens_by_client').on('tokens').column('client_id').execute();
}
