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
}
