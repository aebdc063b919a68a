/** The OAuth authorization server on SQLite: the data access behind SqliteRepository's OAuthRepository methods. */
import type { Kysely, Selectable } from 'kysely';
import type {
  AuthorizationCodeRow,
  GrantRow,
  LoginCodeRow,
  OAuthClientRow,
  OAuthPruneCounts,
  PendingAuthorizationRow,
} from '../core/oauth/repository.js';
import type { Scope } from '../core/tokens.js';
import type { Database } from './schema.js';

type Db = Kysely<Database>;

const toClient = (row: Selectable<Database['oauth_clients']>): OAuthClientRow => ({
  ...row,
  redirect_uris: JSON.parse(row.redirect_uris) as string[],
});

export async function insertClient(db: Db, client: OAuthClientRow): Promise<void> {
  await db
    .insertInto('oauth_clients')
    .values({ ...client, redirect_uris: JSON.stringify(client.redirect_uris) })
    .execute();
}

export async function findClient(db: Db, id: string): Promise<OAuthClientRow | undefined> {
  const row = await db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toClient(row);
}

export async function listClients(db: Db): Promise<OAuthClientRow[]> {
  const rows = await db.selectFrom('oauth_clients').selectAll().orderBy('created_at').orderBy('id').execute();
  return rows.map(toClient);
}

/** Deletes the client (its codes and pending authorizations cascade) and revokes its tokens. */
export async function deleteClient(db: Db, id: string, revokedAt: string): Promise<boolean> {
  await db
    .updateTable('tokens')
    .set({ revoked_at: revokedAt })
    .where('client_id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  const result = await db.deleteFrom('oauth_clients').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertLoginCode(db: Db, code: LoginCodeRow): Promise<void> {
  await db.insertInto('oauth_login_codes').values(code).execute();
}

export async function findLoginCodeByHash(db: Db, hash: string): Promise<LoginCodeRow | undefined> {
  return db.selectFrom('oauth_login_codes').selectAll().where('hash', '=', hash).executeTakeFirst();
}

export async function useLoginCode(db: Db, id: string, usedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('oauth_login_codes')
    .set({ used_at: usedAt })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertPending(db: Db, pending: PendingAuthorizationRow): Promise<void> {
  await db.insertInto('oauth_pending').values(pending).execute();
}

export async function findPending(db: Db, id: string): Promise<PendingAuthorizationRow | undefined> {
  const row = await db.selectFrom('oauth_pending').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { ...row, scope: row.scope as Scope, failed_tries: Number(row.failed_tries) };
}

export async function failPendingSignIn(db: Db, id: string): Promise<number> {
  await db
    .updateTable('oauth_pending')
    .set((eb) => ({ failed_tries: eb('failed_tries', '+', 1) }))
    .where('id', '=', id)
    .execute();
  const row = await db
    .selectFrom('oauth_pending')
    .select('failed_tries')
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? Number(row.failed_tries) : Number.POSITIVE_INFINITY;
}

export async function signInPending(db: Db, id: string, personId: string): Promise<void> {
  await db.updateTable('oauth_pending').set({ person_id: personId }).where('id', '=', id).execute();
}

export async function deletePending(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('oauth_pending').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteExpired(db: Db, now: string): Promise<void> {
  await db.deleteFrom('oauth_pending').where('expires_at', '<=', now).execute();
  await db.deleteFrom('oauth_login_codes').where('expires_at', '<=', now).execute();
}

export async function insertCode(db: Db, code: AuthorizationCodeRow): Promise<void> {
  await db.insertInto('oauth_codes').values(code).execute();
}

export async function findCodeByHash(db: Db, hash: string): Promise<AuthorizationCodeRow | undefined> {
  const row = await db.selectFrom('oauth_codes').selectAll().where('hash', '=', hash).executeTakeFirst();
  return row && { ...row, scope: row.scope as Scope };
}

export async function useCode(db: Db, id: string, usedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('oauth_codes')
    .set({ used_at: usedAt })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function revokeGrant(db: Db, grantId: string, revokedAt: string): Promise<number> {
  const result = await db
    .updateTable('tokens')
    .set({ revoked_at: revokedAt })
    .where('grant_id', '=', grantId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function listLiveGrants(db: Db, now: string): Promise<GrantRow[]> {
  const rows = await db
    .selectFrom('tokens as t')
    .leftJoin('oauth_clients as c', 'c.id', 't.client_id')
    .leftJoin('oauth_codes as code', 'code.id', 't.grant_id')
    .where('t.kind', '=', 'oauth-refresh')
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now)
    .where('t.grant_id', 'is not', null)
    .select((eb) => [
      't.grant_id',
      't.person_id',
      't.client_id',
      'c.name as client_name',
      't.scope',
      eb.fn.coalesce('code.created_at', 't.created_at').as('signed_in_at'),
      't.expires_at as refresh_expires_at',
    ])
    .orderBy('signed_in_at', 'desc')
    .orderBy('t.grant_id')
    .execute();
  return rows.map((row) => ({
    grant_id: row.grant_id as string,
    person_id: row.person_id,
    client_id: row.client_id ?? '',
    client_name: row.client_name ?? null,
    scope: row.scope as Scope,
    signed_in_at: row.signed_in_at,
    refresh_expires_at: row.refresh_expires_at,
  }));
}

export async function grantExists(db: Db, grantId: string): Promise<boolean> {
  const row = await db
    .selectFrom('tokens')
    .select('id')
    .where('grant_id', '=', grantId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function pruneRows(db: Db, now: string, before: string): Promise<OAuthPruneCounts> {
  const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const pending = await db.deleteFrom('oauth_pending').where('expires_at', '<=', now).executeTakeFirst();
  const loginCodes = await db
    .deleteFrom('oauth_login_codes')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
    .executeTakeFirst();
  const tokens = await db
    .deleteFrom('tokens')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('kind', '=', 'oauth-access'),
          eb.or([eb('expires_at', '<=', before), eb('revoked_at', '<=', before)]),
        ]),
        eb.and([eb('kind', '=', 'oauth-refresh'), eb('expires_at', '<=', before)]),
      ]),
    )
    .executeTakeFirst();
  const codes = await db
    .deleteFrom('oauth_codes')
    .where((eb) =>
      eb.or([
        eb.and([eb('used_at', 'is', null), eb('expires_at', '<=', before)]),
        eb.and([
          eb('used_at', 'is not', null),
          eb.not(
            eb.exists(
              eb.selectFrom('tokens').select('tokens.id').whereRef('tokens.grant_id', '=', 'oauth_codes.id'),
            ),
          ),
        ]),
      ]),
    )
    .executeTakeFirst();
  return {
    tokens: deleted(tokens),
    authorization_codes: deleted(codes),
    pending_authorizations: deleted(pending),
    login_codes: deleted(loginCodes),
  };
}
