/**
 * The OAuth 2.0 client of `pulse auth login --web` and of refreshing: the authorization code flow with
 * PKCE (S256) and the refresh grant against {auth_url}/oauth/token, through oauth4webapi (no protocol
 * code of our own). Loaded only by those two paths: oauth4webapi speaks through fetch, which is slow to load.
 */
import * as oauth from 'oauth4webapi';
import { RateLimitedError, UnauthenticatedError, UnavailableError } from '../core/errors.js';

/** What pulse keeps after a login or a refresh (one JSON value in the keychain). */
export interface OAuthTokens {
  access_token: string;
  refresh_token: string;
  /** ISO 8601, from the clock of the process that received it plus expires_in. */
  expires_at: string;
  /** "read" or "write". */
  scope: string;
  client_id: string;
  /** The authorization server the refresh token belongs to. */
  auth_url: string;
}

/** The flow's refusals (denied, wrong state, a spent code or refresh token): exit 4 in the CLI. */
export class OAuthError extends UnauthenticatedError {
  constructor(
    message: string,
    /** The server's reason, when it gave one (error_description, else the error code). */
    readonly reason?: string,
  ) {
    super(message);
  }
}

export interface OAuthEndpoint {
  authUrl: string;
  clientId: string;
}

/** The authorization server as the contract places it on auth_url (no discovery round trip needed). */
function serverOf(authUrl: string): oauth.AuthorizationServer {
  const base = authUrl.replace(/\/+$/, '');
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    revocation_endpoint: `${base}/oauth/revoke`,
    code_challenge_methods_supported: ['S256'],
  };
}

/** http is allowed where the operator configured it, as for personal access tokens (loopback in tests). */
function requestOptions(authUrl: string): oauth.TokenEndpointRequestOptions {
  return new URL(authUrl).protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};
}

/** One pending authorization: the URL to open and what checks and redeems its answer. */
export interface PendingAuthorization {
  url: string;
  /** Checks the redirect's parameters (state, error) and exchanges the code for tokens. */
  redeem(callback: URLSearchParams, now: () => Date): Promise<OAuthTokens>;
}

export async function startAuthorization(
  endpoint: OAuthEndpoint,
  redirectUri: string,
  scope: string,
): Promise<PendingAuthorization> {
  const server = serverOf(endpoint.authUrl);
  const client: oauth.Client = { client_id: endpoint.clientId };
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(server.authorization_endpoint as string);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: endpoint.clientId,
    redirect_uri: redirectUri,
    scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }).toString();
  return {
    url: url.toString(),
    async redeem(callback, now) {
      let parameters: URLSearchParams;
      try {
        parameters = oauth.validateAuthResponse(server, client, callback, state);
      } catch (error) {
        throw authorizationRefusal(error);
      }
      return tokenCall(endpoint, now, async () =>
        oauth.processAuthorizationCodeResponse(
          server,
          client,
          await oauth.authorizationCodeGrantRequest(
            server,
            client,
            oauth.None(),
            parameters,
            redirectUri,
            codeVerifier,
            requestOptions(endpoint.authUrl),
          ),
        ),
      );
    },
  };
}

/** Spends the refresh token for a new pair (the server rotates it); a narrower scope may be asked. */
export function refreshTokens(tokens: OAuthTokens, now: () => Date): Promise<OAuthTokens> {
  const endpoint = { authUrl: tokens.auth_url, clientId: tokens.client_id };
  const server = serverOf(tokens.auth_url);
  const client: oauth.Client = { client_id: tokens.client_id };
  return tokenCall(endpoint, now, async () =>
    oauth.processRefreshTokenResponse(
      server,
      client,
      await oauth.refreshTokenGrantRequest(
        server,
        client,
        oauth.None(),
        tokens.refresh_token,
        requestOptions(tokens.auth_url),
      ),
    ),
  );
}

/**
 * Revokes the grant of `tokens` (RFC 7009, through its refresh token): for a sign-in that could not be
 * kept. Unknown or spent tokens count as revoked, as the RFC has it.
 */
export async function revokeTokens(tokens: OAuthTokens): Promise<void> {
  const server = serverOf(tokens.auth_url);
  const client: oauth.Client = { client_id: tokens.client_id };
  try {
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(server, client, oauth.None(), tokens.refresh_token, {
        ...requestOptions(tokens.auth_url),
        additionalParameters: { token_type_hint: 'refresh_token' },
      }),
    );
  } catch (error) {
    throw tokenRefusal(error, tokens.auth_url);
  }
}

async function tokenCall(
  endpoint: OAuthEndpoint,
  now: () => Date,
  call: () => Promise<oauth.TokenEndpointResponse>,
): Promise<OAuthTokens> {
  let response: oauth.TokenEndpointResponse;
  try {
    response = await call();
  } catch (error) {
    throw tokenRefusal(error, endpoint.authUrl);
  }
  if (!response.refresh_token || response.expires_in === undefined) {
    throw new UnavailableError(
      `${new URL(endpoint.authUrl).host}'s token endpoint answered without a refresh token or expiry`,
    );
  }
  return {
    access_token: response.access_token,
    refresh_token: response.refresh_token,
    expires_at: new Date(now().getTime() + response.expires_in * 1000).toISOString(),
    scope: response.scope ?? 'read',
    client_id: endpoint.clientId,
    auth_url: endpoint.authUrl,
  };
}

const REFUSALS: Record<string, string> = {
  access_denied: 'the sign-in was denied in the browser',
  invalid_scope: 'the server refused the scope asked for',
  invalid_request: 'the server refused the authorization request',
  unsupported_response_type: 'the server refused the authorization request',
};

/** The redirect's own verdict: an error parameter, or a state that is not ours. */
function authorizationRefusal(error: unknown): Error {
  if (error instanceof oauth.AuthorizationResponseError) {
    const reason = REFUSALS[error.error] ?? `the server refused the sign-in (${error.error})`;
    return new OAuthError(
      `${reason}${error.error_description ? `: ${error.error_description}` : ''}; nothing was kept`,
    );
  }
  if (error instanceof oauth.OperationProcessingError && /"state"/.test(error.message)) {
    return new OAuthError(
      "the browser came back with a state that is not this login's (a stale or forged redirect); nothing was kept",
    );
  }
  return new OAuthError(`the sign-in's redirect was not understood: ${(error as Error).message}`);
}

/** A token endpoint's refusal (a 400 or 401 body), a malformed answer, or no answer at all. */
function tokenRefusal(error: unknown, authUrl: string): Error {
  const host = new URL(authUrl).host;
  if (error instanceof oauth.ResponseBodyError) {
    // Too many token requests says nothing about the grant: wait and try again, never sign in again.
    if (error.status === 429) {
      return new RateLimitedError(Math.max(1, Number(error.response.headers.get('retry-after')) || 1));
    }
    if (error.status >= 500) {
      return new UnavailableError(`${host}'s token endpoint failed (HTTP ${error.status})`, error.status);
    }
    const description = error.error_description ? `: ${error.error_description}` : '';
    return new OAuthError(
      `${host} refused the OAuth grant (${error.error}${description})`,
      error.error_description ?? error.error,
    );
  }
  // Redirects are not followed (oauth4webapi asks fetch for none): a moved authorization server is
  // said as such, as the remote client says a moved deployment.
  if (error instanceof oauth.OperationProcessingError && error.cause instanceof Response) {
    const { status, headers } = error.cause;
    if (status >= 300 && status < 400) {
      const location = headers.get('location');
      return new UnavailableError(
        `${host}'s token endpoint redirected${location ? ` to ${location}` : ''} (HTTP ${status}); pulse follows no redirect: check auth_url (${authUrl})`,
      );
    }
  }
  if (error instanceof TypeError) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? error.message;
    return new UnavailableError(`cannot reach ${host}'s token endpoint: ${cause}`);
  }
  return new UnavailableError(
    `${host}'s token endpoint gave an answer pulse does not understand: ${(error as Error).message}`,
  );
}
