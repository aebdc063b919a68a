/**
 * The contract as oauth4webapi reads it (the library `pulse auth login --web` is built on): discovery from
 * the RFC 8414 metadata, the code flow of the public pulse-cli client with PKCE, and a refresh. The
 * browser's part is plain HTTP form posts.
 */
import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { signInAndDecide } from '../helpers/oauth.js';
import { startTestServer } from '../helpers/server.js';

describe('oauth4webapi against pulse serve', () => {
  it('discovers the server, runs the code flow as pulse-cli, and refreshes', async () => {
    // The issuer is the server's public URL: here its listening address, as `pulse serve` without --public-url.
    const server = await startTestServer({ listeningAsPublicUrl: true });
    const issuer = new URL(server.url);
    const insecure = { [oauth.allowInsecureRequests]: true };
    // RFC 8414 metadata (algorithm oauth2): pulse serve is not an OpenID provider.
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { ...insecure, algorithm: 'oauth2' }),
    );
    const client: oauth.Client = { client_id: 'pulse-cli' };
    const redirectUri = 'http://127.0.0.1:53682/callback';
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint as string);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: redirectUri,
      scope: 'read write',
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).toString();
    const location = await signInAndDecide(server.fixture.store, server.url, url.toString());
    const params = oauth.validateAuthResponse(as, client, location, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        redirectUri,
        verifier,
        insecure,
      ),
    );
    expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'write', expires_in: 3600 });
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(
        as,
        client,
        oauth.None(),
        tokens.refresh_token as string,
        insecure,
      ),
    );
    const me = await fetch(`${server.url}/api/v2/me`, {
      headers: { authorization: `Bearer ${refreshed.access_token}` },
    });
    expect(me.status).toBe(200);
  });
});
