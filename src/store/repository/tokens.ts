/**
 * API tokens and the OAuth authorization server's rows (TokenRepository, OAuthRepository). Every secret
 * is stored as its SHA-256 hash only.
 */
import type { Selectable } from 'kysely';
import type { OAuthRepository } from '../../core/oauth/repository.js';
import type { TokenRepository } from '../../core/repository.js';
import type { Database } from '../schema.js';
import { changedRow, deleted, removedRow, updated } from './paging.js';
import type { Store } from './store.js';

const toClient = (row: Selectable<Database['oauth_clients']>) => ({
  ...row,
  redirect_uris: JSON.parse(row.redirect_uris) as string[],
});

export function tokenRepository(store: Store): TokenRepository & OAuthRepository {
  /** Spends a single-use code (a sign-in code or an authorization code): true for the one caller that did. */
  const useCodeOnce = (table: 'oauth_login_codes' | 'oauth_codes', id: string, usedAt: string) =>
    changedRow(
      store.db.updateTable(table).set({ used_at: usedAt }).where('id', '=', id).where('used_at', 'is', null),
    );
  return {
    async insertToken(token) {
      await store.db.insertInto('tokens').values(token).execute();
    },

    async findTokenByHash(hash) {
      return store.db.selectFrom('tokens').selectAll().where('hash', '=', hash).executeTakeFirst();
    },

    async findToken(id) {
      return store.db.selectFrom('tokens').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async listTokens(kind) {
      let query = store.db.selectFrom('tokens').selectAll();
      if (kind !== undefined) query = query.where('kind', '=', kind);
      return query.orderBy('created_at', 'desc').orderBy('id').execute();
    },

    revokeToken: (id, revokedAt) =>
      changedRow(
        store.db
          .updateTable('tokens')
          .set({ revoked_at: revokedAt })
          .where('id', '=', id)
          .where('revoked_at', 'is', null),
      ),

    // --- OAuth clients ----------------------------------------------------------------------------

    async insertOAuthClient(client) {
      await store.db
        .insertInto('oauth_clients')
        .values({ ...client, redirect_uris: JSON.stringify(client.redirect_uris) })
        .execute();
    },

    async findOAuthClient(id) {
      const row = await store.db
        .selectFrom('oauth_clients')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toClient(row);
    },

    async listOAuthClients() {
      const rows = await store.db
        .selectFrom('oauth_clients')
        .selectAll()
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toClient);
    },

    /** Deletes the client (its codes and pending authorizations cascade) and revokes its tokens. */
    deleteOAuthClient(id, revokedAt) {
      return store.transaction(async () => {
        await store.db
          .updateTable('tokens')
          .set({ revoked_at: revokedAt })
          .where('client_id', '=', id)
          .where('revoked_at', 'is', null)
          .execute();
        return removedRow(store.db.deleteFrom('oauth_clients').where('id', '=', id));
      });
    },

    // --- sign-in codes and pending authorizations -------------------------------------------------

    async insertLoginCode(code) {
      await store.db.insertInto('oauth_login_codes').values(code).execute();
    },

    async findLoginCodeByHash(hash) {
      return store.db.selectFrom('oauth_login_codes').selectAll().where('hash', '=', hash).executeTakeFirst();
    },

    useLoginCode: (id, usedAt) => useCodeOnce('oauth_login_codes', id, usedAt),

    async insertPendingAuthorization(pending) {
      await store.db.insertInto('oauth_pending').values(pending).execute();
    },

    async findPendingAuthorization(id) {
      const row = await store.db
        .selectFrom('oauth_pending')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { ...row, failed_tries: Number(row.failed_tries) };
    },

    failPendingSignIn(id) {
      return store.transaction(async () => {
        await store.db
          .updateTable('oauth_pending')
          .set((eb) => ({ failed_tries: eb('failed_tries', '+', 1) }))
          .where('id', '=', id)
          .execute();
        const row = await store.db
          .selectFrom('oauth_pending')
          .select('failed_tries')
          .where('id', '=', id)
          .executeTakeFirst();
        return row ? Number(row.failed_tries) : Number.POSITIVE_INFINITY;
      });
    },

    async signInPending(id, personId) {
      await store.db.updateTable('oauth_pending').set({ person_id: personId }).where('id', '=', id).execute();
    },

    deletePendingAuthorization: (id) => removedRow(store.db.deleteFrom('oauth_pending').where('id', '=', id)),

    deleteExpiredOAuthRows(now) {
      return store.transaction(async () => {
        await store.db.deleteFrom('oauth_pending').where('expires_at', '<=', now).execute();
        await store.db.deleteFrom('oauth_login_codes').where('expires_at', '<=', now).execute();
      });
    },

    // --- authorization codes and grants -----------------------------------------------------------

    async insertAuthorizationCode(code) {
      await store.db.insertInto('oauth_codes').values(code).execute();
    },

    async findAuthorizationCodeByHash(hash) {
      return store.db.selectFrom('oauth_codes').selectAll().where('hash', '=', hash).executeTakeFirst();
    },

    useAuthorizationCode: (id, usedAt) => useCodeOnce('oauth_codes', id, usedAt),

    async revokeGrant(grantId, revokedAt) {
      const result = await store.db
        .updateTable('tokens')
        .set({ revoked_at: revokedAt })
        .where('grant_id', '=', grantId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return updated(result);
    },

    async listLiveGrants(now) {
      const rows = await store.db
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
        .$narrowType<{ grant_id: string }>()
        .execute();
      return rows.map((row) => ({
        grant_id: row.grant_id,
        person_id: row.person_id,
        client_id: row.client_id ?? '',
        client_name: row.client_name ?? null,
        scope: row.scope,
        signed_in_at: row.signed_in_at,
        refresh_expires_at: row.refresh_expires_at,
      }));
    },

    async grantExists(grantId) {
      const row = await store.db
        .selectFrom('tokens')
        .select('id')
        .where('grant_id', '=', grantId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    pruneOAuthRows(now, before) {
      return store.transaction(async () => {
        const { db } = store;
        const pending = await db
          .deleteFrom('oauth_pending')
          .where('expires_at', '<=', now)
          .executeTakeFirst();
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
                    eb
                      .selectFrom('tokens')
                      .select('tokens.id')
                      .whereRef('tokens.grant_id', '=', 'oauth_codes.id'),
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
      });
    },
  };
}
