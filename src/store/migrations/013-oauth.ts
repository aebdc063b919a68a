/**
 * The OAuth 2.0 authorization server (issue 10): registered clients (with the built-in public client
 * pulse-cli), one-time sign-in codes, pending authorizations and authorization codes. Access and refresh
 * tokens live in `tokens` (kinds oauth-access and oauth-refresh) with the grant they descend from and
 * their client. Secrets are stored as SHA-256 hashes only.
 */
import { type Kysely, sql } from 'kysely';
import * as column from './columns.js';

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
    .$call(column.id)
    .$call(column.required('name'))
    .$call(column.optional('secret_hash'))
    // A JSON array of URIs: read and written whole, never queried by element.
    .$call(column.required('redirect_uris', 'created_at'))
    .execute();
  // The listing's order (`pulse admin oauth-client list`).
  await column.index(db, 'oauth_clients_by_created', 'oauth_clients', ['created_at', 'id']);
  await sql`INSERT INTO oauth_clients (id, name, secret_hash, redirect_uris, created_at)
    VALUES (${BUILT_IN_CLI_CLIENT.id}, ${BUILT_IN_CLI_CLIENT.name}, NULL, ${BUILT_IN_CLI_CLIENT.redirect_uris}, ${BUILT_IN_CLI_CLIENT.created_at})`.execute(
    db,
  );

  await db.schema
    .createTable('oauth_login_codes')
    .$call(column.id)
    .$call(column.personReference())
    .addColumn('hash', 'text', (col) => col.notNull().unique())
    .$call(column.required('created_at', 'expires_at'))
    .$call(column.optional('used_at'))
    .execute();
  await column.index(db, 'oauth_login_codes_by_expiry', 'oauth_login_codes', ['expires_at']);

  await db.schema
    .createTable('oauth_pending')
    .$call(column.id)
    .$call(column.reference('client_id', 'oauth_clients.id'))
    .$call(column.required('redirect_uri', 'scope'))
    .$call(column.optional('state'))
    .$call(column.required('code_challenge', 'csrf'))
    .addColumn('person_id', 'text', (col) => col.references('people.id').onDelete('cascade'))
    .addColumn('failed_tries', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(column.required('created_at', 'expires_at'))
    .execute();
  await column.index(db, 'oauth_pending_by_expiry', 'oauth_pending', ['expires_at']);

  await db.schema
    .createTable('oauth_codes')
    .$call(column.id)
    .addColumn('hash', 'text', (col) => col.notNull().unique())
    .$call(column.reference('client_id', 'oauth_clients.id'))
    .$call(column.required('redirect_uri', 'code_challenge'))
    .$call(column.personReference())
    .$call(column.required('scope', 'created_at', 'expires_at'))
    .$call(column.optional('used_at'))
    .execute();

  // Nullable: personal access tokens belong to no grant and no client.
  await db.schema.alterTable('tokens').addColumn('grant_id', 'text').execute();
  await db.schema.alterTable('tokens').addColumn('client_id', 'text').execute();
  await column.index(db, 'tokens_by_grant', 'tokens', ['grant_id']);
  await column.index(db, 'tokens_by_client', 'tokens', ['client_id']);
}
