/**
 * The OAuth 2.0 authorization server's rules (docs/guide/oauth.md): the authorization request, sign-in with a
 * one-time code, consent, and the token endpoint with refresh rotation and reuse detection. The HTTP routes
 * only parse and render; everything decided is decided here.
 */
import type { Clock } from '../clock.js';
import { newId } from '../ids.js';
import type { PersonRow, Repository } from '../repository.js';
import { textProblem } from '../text.js';
import { timestamp } from '../time.js';
import {
  allows,
  hashToken,
  newTokenSecret,
  OAT_PREFIX,
  type Scope,
  sameDigest,
  type TokenRow,
} from '../tokens.js';
import { OAuthError } from './errors.js';
import { normaliseLoginCode } from './login-codes.js';
import { InvalidParameter, type Params, param, readParams } from './params.js';
import { isCodeChallenge, verifierMatches } from './pkce.js';
import { redirectUriMatches, withParams } from './redirect-uris.js';
import type { AuthorizationCodeRow, OAuthClientRow, PendingAuthorizationRow } from './repository.js';
import { parseScope } from './scopes.js';

export const ORT_PREFIX = 'service_ort_';
export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 86_400;
export const AUTHORIZATION_CODE_TTL_SECONDS = 5 * 60;
/** Long enough to find the sign-in code and read the consent page; the code itself lives 10 minutes. */
export const PENDING_TTL_SECONDS = 10 * 60;
export const SIGN_IN_TRIES = 5;

/** What the person sees while an authorization is pending. */
export interface PendingView {
  pending: string;
  csrf: string;
  clientName: string;
  redirectUri: string;
  scope: Scope;
  person?: { name: string; email: string };
  triesLeft: number;
  /** Why the last step was refused (a wrong sign-in code). */
  problem?: string;
}

/** What the authorization endpoint answers. */
export type AuthorizeOutcome =
  /** An error page (400) and never a redirect: the client or its redirect URI cannot be trusted. */
  | { kind: 'refuse'; message: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'sign-in'; view: PendingView }
  | { kind: 'consent'; view: PendingView };

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: Scope;
}

export interface TokenOptions {
  /** Lifetime of access tokens (`pulse serve --access-token-ttl`). */
  accessTokenTtlSeconds?: number;
}

const addSeconds = (at: Date, seconds: number) => timestamp(new Date(at.getTime() + seconds * 1000));

async function randomValue(): Promise<string> {
  const { randomBytes } = await import('node:crypto');
  return randomBytes(32).toString('base64url');
}

export class AuthorizationServer {
  constructor(
    private readonly repo: Repository,
    private readonly clock: Clock,
  ) {}

  // --- the authorization endpoint --------------------------------------------------------------------

  /** GET (or POST without a pending id) /oauth/authorize: checks the request and opens a pending one. */
  async authorize(params: Params): Promise<AuthorizeOutcome> {
    const named = readParams(params, ['client_id', 'redirect_uri']);
    if (named instanceof InvalidParameter) return { kind: 'refuse', message: named.message };
    const { client_id: clientId, redirect_uri: redirectUri } = named;
    if (clientId === undefined)
      return { kind: 'refuse', message: 'The request names no client (client_id).' };
    const client = await this.repo.findOAuthClient(clientId);
    if (!client)
      return { kind: 'refuse', message: 'The application asking to sign in is not registered here.' };
    if (redirectUri === undefined)
      return {
        kind: 'refuse',
        message: 'The request has no redirect_uri, so there is nowhere to send you back.',
      };
    if (!redirectUriMatches(client.redirect_uris, redirectUri)) {
      return {
        kind: 'refuse',
        message: 'The redirect_uri is not one registered for this application, so it will not be used.',
      };
    }

    // From here errors go back to the client, with its state (when the state itself was readable).
    const stated = readParams(params, ['state']);
    const state = stated instanceof InvalidParameter ? undefined : stated.state;
    const back = (error: string, description: string): AuthorizeOutcome => ({
      kind: 'redirect',
      location: withParams(redirectUri, { error, error_description: description, state }),
    });
    if (stated instanceof InvalidParameter) return back('invalid_request', stated.message);
    const request = readParams(params, ['response_type', 'code_challenge', 'code_challenge_method', 'scope']);
    if (request instanceof InvalidParameter) return back('invalid_request', request.message);
    const {
      response_type: responseType,
      code_challenge: challenge,
      code_challenge_method: method,
      scope: scopeText,
    } = request;
    if (responseType === undefined) return back('invalid_request', 'response_type is missing');
    if (responseType !== 'code')
      return back('unsupported_response_type', 'only response_type=code is supported');
    if (challenge === undefined)
      return back('invalid_request', 'code_challenge is required (PKCE with S256)');
    if (method !== 'S256')
      return back('invalid_request', 'code_challenge_method must be S256 (plain is refused)');
    if (!isCodeChallenge(challenge))
      return back('invalid_request', 'code_challenge must be the base64url SHA-256 of the verifier');
    const scope = parseScope(scopeText);
    if (scope === undefined) return back('invalid_scope', 'scope must be read, write, or read write');

    const now = this.clock.now();
    await this.repo.deleteExpiredOAuthRows(timestamp(now));
    const pending: PendingAuthorizationRow = {
      id: await randomValue(),
      client_id: client.id,
      redirect_uri: redirectUri,
      scope,
      state: state ?? null,
      code_challenge: challenge,
      csrf: await randomValue(),
      person_id: null,
      failed_tries: 0,
      created_at: timestamp(now),
      expires_at: addSeconds(now, PENDING_TTL_SECONDS),
    };
    await this.repo.insertPendingAuthorization(pending);
    return { kind: 'sign-in', view: await this.view(pending, client) };
  }

  /**
   * POST /oauth/authorize with a pending id: the sign-in code (action sign-in) or the decision (allow or
   * deny). A pending authorization that is unknown, expired or has the wrong CSRF value is refused.
   */
  async step(form: Params): Promise<AuthorizeOutcome> {
    const named = readParams(form, ['pending', 'csrf', 'action', 'code']);
    if (named instanceof InvalidParameter) return { kind: 'refuse', message: named.message };
    const { pending: id, csrf, action, code } = named;
    const gone: AuthorizeOutcome = {
      kind: 'refuse',
      message: 'This sign-in has expired or was already finished. Start again from the application.',
    };
    if (id === undefined || csrf === undefined) return gone;
    const pending = await this.repo.findPendingAuthorization(id);
    const now = this.clock.now();
    if (!pending || pending.expires_at <= timestamp(now)) return gone;
    if (!(await sameSecret(csrf, pending.csrf))) return gone;
    const client = await this.repo.findOAuthClient(pending.client_id);
    if (!client) return gone;

    if (action === 'sign-in') {
      if (pending.person_id !== null) return { kind: 'consent', view: await this.view(pending, client) };
      return this.signIn(pending, client, code ?? '', now);
    }
    if (pending.person_id === null) return { kind: 'sign-in', view: await this.view(pending, client) };
    if (action !== 'allow' && action !== 'deny')
      return { kind: 'consent', view: await this.view(pending, client) };
    // Single use: whichever request deletes it decides.
    if (!(await this.repo.deletePendingAuthorization(pending.id))) return gone;
    const state = pending.state;
    if (action === 'deny') {
      return {
        kind: 'redirect',
        location: withParams(pending.redirect_uri, {
          error: 'access_denied',
          error_description: 'the person denied the request',
          state,
        }),
      };
    }
    const secret = await randomValue();
    const row: AuthorizationCodeRow = {
      id: await newId(),
      hash: await hashToken(secret),
      client_id: pending.client_id,
      redirect_uri: pending.redirect_uri,
      code_challenge: pending.code_challenge,
      person_id: pending.person_id,
      scope: pending.scope,
      created_at: timestamp(now),
      expires_at: addSeconds(now, AUTHORIZATION_CODE_TTL_SECONDS),
      used_at: null,
    };
    await this.repo.insertAuthorizationCode(row);
    return { kind: 'redirect', location: withParams(pending.redirect_uri, { code: secret, state }) };
  }

  private async signIn(
    pending: PendingAuthorizationRow,
    client: OAuthClientRow,
    code: string,
    now: Date,
  ): Promise<AuthorizeOutcome> {
    const normalised = normaliseLoginCode(code);
    const row =
      normalised === undefined ? undefined : await this.repo.findLoginCodeByHash(await hashToken(normalised));
    const usable = row && row.used_at === null && row.expires_at > timestamp(now);
    if (row && usable && (await this.repo.useLoginCode(row.id, timestamp(now)))) {
      const person = await this.repo.findPerson(row.person_id);
      if (person) {
        await this.repo.signInPending(pending.id, person.id);
        return {
          kind: 'consent',
          view: await this.view({ ...pending, person_id: person.id }, client, person),
        };
      }
    }
    const failed = await this.repo.failPendingSignIn(pending.id);
    if (failed >= SIGN_IN_TRIES) {
      // Void: the client learns the person could not sign in, instead of waiting for a redirect.
      await this.repo.deletePendingAuthorization(pending.id);
      return {
        kind: 'redirect',
        location: withParams(pending.redirect_uri, {
          error: 'access_denied',
          error_description: `${SIGN_IN_TRIES} wrong sign-in codes: start again`,
          state: pending.state,
        }),
      };
    }
    const view = await this.view({ ...pending, failed_tries: failed }, client);
    return {
      kind: 'sign-in',
      view: { ...view, problem: 'That sign-in code is wrong, used or expired.' },
    };
  }

  private async view(
    pending: PendingAuthorizationRow,
    client: OAuthClientRow,
    known?: PersonRow,
  ): Promise<PendingView> {
    const person =
      known ?? (pending.person_id !== null ? await this.repo.findPerson(pending.person_id) : undefined);
    return {
      pending: pending.id,
      csrf: pending.csrf,
      clientName: client.name,
      redirectUri: pending.redirect_uri,
      scope: pending.scope,
      ...(person ? { person: { name: person.name, email: person.email } } : {}),
      triesLeft: SIGN_IN_TRIES - pending.failed_tries,
    };
  }

  // --- the token endpoint ----------------------------------------------------------------------------

  /** POST /oauth/token: the form and the Authorization header; throws OAuthError. */
  async token(
    form: Params,
    authorization: string | undefined,
    options: TokenOptions = {},
  ): Promise<TokenResponse> {
    let grantType: string | undefined;
    try {
      grantType = param(form, 'grant_type');
    } catch (error) {
      throw asOAuthError(error);
    }
    const client = await this.authenticateClient(form, authorization);
    try {
      if (grantType === undefined) throw new OAuthError('invalid_request', 'grant_type is missing');
      if (grantType === 'authorization_code') return await this.exchangeCode(client, form, options);
      if (grantType === 'refresh_token') return await this.refresh(client, form, options);
      throw new OAuthError(
        'unsupported_grant_type',
        'grant_type must be authorization_code or refresh_token',
      );
    } catch (error) {
      throw asOAuthError(error);
    }
  }

  /**
   * POST /oauth/revoke (RFC 7009): the grant of one of the client's refresh or access tokens goes, every
   * token of it with it (the CLI revokes a sign-in it could not keep). A token that is unknown, spent or
   * another client's changes nothing and is no error, as the RFC has it: the answer tells nothing of it.
   */
  async revoke(form: Params, authorization: string | undefined): Promise<void> {
    const client = await this.authenticateClient(form, authorization);
    try {
      const presented = param(form, 'token');
      if (presented === undefined) throw new OAuthError('invalid_request', 'token is missing');
      const row = await this.repo.findTokenByHash(await hashToken(presented));
      if (!row || row.client_id !== client.id || row.grant_id == null) return;
      await this.repo.revokeGrant(row.grant_id, timestamp(this.clock.now()));
    } catch (error) {
      throw asOAuthError(error);
    }
  }

  /**
   * The client of a token request: public clients name themselves (client_id), confidential ones prove it
   * with HTTP Basic or client_secret in the form (RFC 6749 §2.3.1), never both.
   */
  private async authenticateClient(form: Params, authorization: string | undefined): Promise<OAuthClientRow> {
    let bodyId: string | undefined;
    let bodySecret: string | undefined;
    try {
      bodyId = param(form, 'client_id');
      bodySecret = param(form, 'client_secret');
    } catch (error) {
      throw asOAuthError(error);
    }
    const basic = authorization === undefined ? undefined : /^Basic\s+(\S+)\s*$/i.exec(authorization)?.[1];
    if (authorization !== undefined && basic === undefined && /^Basic\b/i.test(authorization))
      throw new OAuthError('invalid_client', 'the Basic credentials are malformed', true);
    if (basic !== undefined) {
      if (bodySecret !== undefined)
        throw new OAuthError('invalid_request', 'send the client secret one way: Basic or client_secret');
      const decoded = Buffer.from(basic, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) throw new OAuthError('invalid_client', 'the Basic credentials are malformed', true);
      const id = safeDecode(decoded.slice(0, colon));
      const secret = safeDecode(decoded.slice(colon + 1));
      // An id no store can hold (the text rule) names no client; PostgreSQL would fail on the lookup.
      const unstorable = id !== undefined && textProblem(id, 'single-line') !== undefined;
      if (id === undefined || secret === undefined || unstorable || (bodyId !== undefined && bodyId !== id))
        throw new OAuthError('invalid_client', 'the client credentials are wrong', true);
      return this.confidentialClient(id, secret, true);
    }
    if (bodyId === undefined)
      throw new OAuthError('invalid_client', 'the request names no client (client_id)');
    if (bodySecret !== undefined) return this.confidentialClient(bodyId, bodySecret, false);
    const client = await this.repo.findOAuthClient(bodyId);
    if (!client) throw new OAuthError('invalid_client', 'the client is not known');
    if (client.secret_hash !== null)
      throw new OAuthError('invalid_client', 'this client is confidential: authenticate with its secret');
    return client;
  }

  private async confidentialClient(id: string, secret: string, basic: boolean): Promise<OAuthClientRow> {
    const client = await this.repo.findOAuthClient(id);
    const hash = await hashToken(secret);
    if (!client || client.secret_hash === null || !(await sameDigest(client.secret_hash, hash)))
      throw new OAuthError('invalid_client', 'the client credentials are wrong', basic);
    return client;
  }

  private async exchangeCode(
    client: OAuthClientRow,
    form: Params,
    options: TokenOptions,
  ): Promise<TokenResponse> {
    const code = param(form, 'code');
    const redirectUri = param(form, 'redirect_uri');
    const verifier = param(form, 'code_verifier');
    if (code === undefined) throw new OAuthError('invalid_request', 'code is missing');
    if (redirectUri === undefined) throw new OAuthError('invalid_request', 'redirect_uri is missing');
    if (verifier === undefined)
      throw new OAuthError('invalid_grant', 'code_verifier is missing (PKCE is required)');
    const row = await this.repo.findAuthorizationCodeByHash(await hashToken(code));
    const now = this.clock.now();
    const invalid = (why: string) => new OAuthError('invalid_grant', why);
    if (!row || row.client_id !== client.id) throw invalid('the code is not known');
    if (row.used_at !== null) {
      // A used code presented again was stolen or replayed: whatever it produced is revoked too.
      await this.repo.revokeGrant(row.id, timestamp(now));
      throw invalid('the code was already used; the tokens issued from it are revoked');
    }
    if (row.expires_at <= timestamp(now)) throw invalid('the code expired');
    if (row.redirect_uri !== redirectUri)
      throw invalid('redirect_uri differs from the authorization request');
    if (!(await verifierMatches(verifier, row.code_challenge))) throw invalid('code_verifier does not match');
    const issued = await this.repo.transaction(async () =>
      (await this.repo.useAuthorizationCode(row.id, timestamp(now)))
        ? this.issue(row.person_id, row.scope, row.id, client.id, now, options)
        : undefined,
    );
    if (issued) return issued;
    // Another request used it first: the same replay, caught in the race.
    await this.repo.revokeGrant(row.id, timestamp(now));
    throw invalid('the code was already used; the tokens issued from it are revoked');
  }

  private async refresh(client: OAuthClientRow, form: Params, options: TokenOptions): Promise<TokenResponse> {
    const presented = param(form, 'refresh_token');
    if (presented === undefined) throw new OAuthError('invalid_request', 'refresh_token is missing');
    const scopeText = param(form, 'scope');
    const now = this.clock.now();
    const invalid = (why: string) => new OAuthError('invalid_grant', why);
    if (!presented.startsWith(ORT_PREFIX)) throw invalid('the refresh token is not known');
    const row = await this.repo.findTokenByHash(await hashToken(presented));
    if (row?.kind !== 'oauth-refresh' || row.client_id !== client.id || row.grant_id == null)
      throw invalid('the refresh token is not known');
    const grantId = row.grant_id;
    if (row.revoked_at !== null) {
      // Reuse detection (RFC 9700 §4.14.2): a spent refresh token came back, so one of the two holders is
      // not the client; the whole grant goes.
      await this.repo.revokeGrant(grantId, timestamp(now));
      throw invalid('the refresh token was already used; every token of this grant is revoked');
    }
    if (row.expires_at !== null && row.expires_at <= timestamp(now))
      throw invalid('the refresh token expired');
    if (!(await this.repo.findPerson(row.person_id))) throw invalid("the grant's person no longer exists");
    let scope = row.scope;
    if (scopeText !== undefined) {
      const asked = parseScope(scopeText);
      if (asked === undefined || !allows(row.scope, asked))
        throw new OAuthError(
          'invalid_scope',
          `scope must be ${row.scope === 'write' ? 'read or write' : 'read'}`,
        );
      scope = asked;
    }
    // Spent in the same transaction that issues its successor: of two racing requests one loses, and
    // the loser is a reuse.
    const issued = await this.repo.transaction(async () =>
      (await this.repo.revokeToken(row.id, timestamp(now)))
        ? this.issue(row.person_id, scope, grantId, client.id, now, options)
        : undefined,
    );
    if (issued) return issued;
    await this.repo.revokeGrant(grantId, timestamp(now));
    throw invalid('the refresh token was already used; every token of this grant is revoked');
  }

  private async issue(
    personId: string,
    scope: Scope,
    grantId: string,
    clientId: string,
    now: Date,
    options: TokenOptions,
  ): Promise<TokenResponse> {
    const ttl = options.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
    const access = await newTokenSecret(OAT_PREFIX);
    const refresh = await newTokenSecret(ORT_PREFIX);
    const row = async (kind: TokenRow['kind'], secret: string, lifetime: number): Promise<TokenRow> => ({
      id: await newId(),
      person_id: personId,
      kind,
      name: null,
      scope,
      hash: await hashToken(secret),
      created_at: timestamp(now),
      expires_at: addSeconds(now, lifetime),
      revoked_at: null,
      last_used_at: null,
      grant_id: grantId,
      client_id: clientId,
    });
    await this.repo.insertToken(await row('oauth-access', access, ttl));
    await this.repo.insertToken(await row('oauth-refresh', refresh, REFRESH_TOKEN_TTL_SECONDS));
    return { access_token: access, token_type: 'Bearer', expires_in: ttl, refresh_token: refresh, scope };
  }
}

function asOAuthError(error: unknown): unknown {
  return error instanceof InvalidParameter ? new OAuthError('invalid_request', error.message) : error;
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

async function sameSecret(a: string, b: string): Promise<boolean> {
  return sameDigest(await hashToken(a), await hashToken(b));
}
