/**
 * What the OAuth authorization server needs from storage, as plain rows. Every secret (client secret,
 * sign-in code, authorization code, token) is stored as its SHA-256 hash only.
 */
import type { Scope } from '../tokens.js';

/** A registered client; a public one has no secret. */
export interface OAuthClientRow {
  id: string;
  name: string;
  secret_hash: string | null;
  redirect_uris: string[];
  created_at: string;
}

/** A one-time sign-in code made by `pulse admin login-code`. */
export interface LoginCodeRow {
  id: string;
  person_id: string;
  hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** An authorization request waiting for its sign-in and consent; deleted once decided. */
export interface PendingAuthorizationRow {
  id: string;
  client_id: string;
  redirect_uri: string;
  scope: Scope;
  state: string | null;
  code_challenge: string;
  csrf: string;
  /** Set once a good sign-in code is given. */
  person_id: string | null;
  failed_tries: number;
  created_at: string;
  expires_at: string;
}

/** An authorization code; its id names the grant of every token issued from it. */
export interface AuthorizationCodeRow {
  id: string;
  hash: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  person_id: string;
  scope: Scope;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A live OAuth sign-in (a grant with an unspent, unexpired refresh token), as operators list it. */
export interface GrantRow {
  grant_id: string;
  person_id: string;
  client_id: string;
  /** Null when the client was removed (its tokens are revoked then, so this is a moment's race). */
  client_name: string | null;
  scope: Scope;
  /** When the authorization code was issued (the first token's creation if the code is gone). */
  signed_in_at: string;
  refresh_expires_at: string | null;
}

/** What one cleanup deleted, table by table. */
export interface OAuthPruneCounts {
  tokens: number;
  authorization_codes: number;
  pending_authorizations: number;
  login_codes: number;
}

export interface OAuthRepository {
  insertOAuthClient(client: OAuthClientRow): Promise<void>;
  findOAuthClient(id: string): Promise<OAuthClientRow | undefined>;
  /** Clients, oldest first. */
  listOAuthClients(): Promise<OAuthClientRow[]>;
  /** Deletes a client and revokes its tokens; false when there was none. */
  deleteOAuthClient(id: string, revokedAt: string): Promise<boolean>;

  insertLoginCode(code: LoginCodeRow): Promise<void>;
  findLoginCodeByHash(hash: string): Promise<LoginCodeRow | undefined>;
  /** Marks a code used; false when it already was (another request won). */
  useLoginCode(id: string, usedAt: string): Promise<boolean>;

  insertPendingAuthorization(pending: PendingAuthorizationRow): Promise<void>;
  findPendingAuthorization(id: string): Promise<PendingAuthorizationRow | undefined>;
  /** Counts one more wrong sign-in code; returns the count after it. */
  failPendingSignIn(id: string): Promise<number>;
  signInPending(id: string, personId: string): Promise<void>;
  /** Deletes it; false when it was already gone (decided or voided by another request). */
  deletePendingAuthorization(id: string): Promise<boolean>;
  /** Deletes pending authorizations and login codes that expired before `now`. */
  deleteExpiredOAuthRows(now: string): Promise<void>;

  insertAuthorizationCode(code: AuthorizationCodeRow): Promise<void>;
  findAuthorizationCodeByHash(hash: string): Promise<AuthorizationCodeRow | undefined>;
  /** Marks a code used; false when it already was. */
  useAuthorizationCode(id: string, usedAt: string): Promise<boolean>;

  /** Revokes every token of a grant not yet revoked; returns how many. */
  revokeGrant(grantId: string, revokedAt: string): Promise<number>;
  /** Live grants (an unrevoked refresh token that expires after `now`), newest sign-in first. */
  listLiveGrants(now: string): Promise<GrantRow[]>;
  /** Whether any token of the grant is still stored. */
  grantExists(grantId: string): Promise<boolean>;
  /**
   * Deletes spent OAuth rows (the rule is in oauth-cleanup.ts): pending authorizations and login codes
   * expired before `now` (login codes also once used); access tokens expired or revoked before `before`;
   * refresh tokens expired before `before` (a spent one is kept until then for reuse detection);
   * authorization codes unused and expired before `before`, or used and left with no token of their grant.
   */
  pruneOAuthRows(now: string, before: string): Promise<OAuthPruneCounts>;
}
