/**
 * An independent OAuth client library against pulse serve: simple-oauth2 (not ours, not oauth4webapi)
 * runs the authorization code flow with PKCE as a confidential client, refreshes, and the access token
 * reads /api/v2/me. The browser's part is plain HTTP form posts.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { pkcePair, signInAndDecide } from '../helpers/oauth.js';
import { startTestServer } from '../helpers/server.js';

/** The part of simple-oauth2's API this test uses (the package ships no types). */
interface AccessToken {
  token: { access_token: string; refresh_token: string; scope: string; expires_in: number };
  refresh(params?: { scope?: string }): Promise<AccessToken>;
}
interface AuthorizationCode {
  authorizeURL(params: Record<string, string>): string;
  getToken(params: Record<string, string>): Promise<AccessToken>;
}
type AuthorizationCodeClass = new (config: unknown) => AuthorizationCode;
const { AuthorizationCode } = createRequire(import.meta.url)('simple-oauth2') as {
  AuthorizationCode: AuthorizationCodeClass;
};

describe('simple-oauth2 against pulse serve', () => {
  it('gets tokens with the authorization code and PKCE, refreshes them, and reads /api/v2/me', async () => {
    const server = await startTestServer();
    const redirectUri = 'http://127.0.0.1:7777/callback';
    const { client, client_secret: secret } = await server.fixture.store.oauthAdmin.addClient({
      name: 'simple-oauth2',
      redirectUris: [redirectUri],
      confidential: true,
    });
    const oauth = new AuthorizationCode({
      client: { id: client.client_id, secret },
      auth: { tokenHost: server.url, tokenPath: '/oauth/token', authorizePath: '/oauth/authorize' },
    });
    const { verifier, challenge } = pkcePair();
    const url = oauth.authorizeURL({
      redirect_uri: redirectUri,
      scope: 'read',
      state: 'independent',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const location = await signInAndDecide(server.fixture.store, server.url, url, {
      email: 'cy@example.com',
    });
    expect(location.searchParams.get('state')).toBe('independent');

    const token = await oauth.getToken({
      code: location.searchParams.get('code') as string,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    expect(token.token.scope).toBe('read');
    const refreshed = await token.refresh();
    expect(refreshed.token.refresh_token).not.toBe(token.token.refresh_token);

    const me = await fetch(`${server.url}/api/v2/me`, {
      headers: { authorization: `Bearer ${refreshed.token.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('cy@example.com');
    // The refreshed-away refresh token is spent: simple-oauth2 gets invalid_grant, and the grant is gone.
    await expect(token.refresh()).rejects.toThrow();
    const after = await fetch(`${server.url}/api/v2/me`, {
      headers: { authorization: `Bearer ${refreshed.token.access_token}` },
    });
    expect(after.status).toBe(401);
  });
});
