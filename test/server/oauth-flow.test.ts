/**
 * The OAuth authorization server over real HTTP: the whole authorization code flow of the built-in
 * pulse-cli client, driven as a browser would with plain requests, and the tokens it yields on /api/v2.
 */
import { describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  CLI_REDIRECT,
  oauthTokens,
  pkcePair,
  postForm,
  signInAndDecide,
} from '../helpers/oauth.js';
import { startTestServer } from '../helpers/server.js';

const me = (url: string, token: string) =>
  fetch(`${url}/api/v2/me`, { headers: { authorization: `Bearer ${token}` } });

describe('the authorization code flow', () => {
  it('signs in with a code, asks consent, redirects with code and state, and the code buys working tokens', async () => {
    const server = await startTestServer();
    const { verifier, challenge } = pkcePair();
    const start = await fetch(authorizeUrl(server.url, { challenge, scope: 'read write', state: 'x<y' }));
    expect(start.status).toBe(200);
    expect(start.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http://127.0.0.1:49152",
    );
    expect(start.headers.get('x-frame-options')).toBe('DENY');
    expect(start.headers.get('cache-control')).toBe('no-store');
    expect(start.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await start.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<label for="code">');

    const location = await signInAndDecide(
      server.fixture.store,
      server.url,
      authorizeUrl(server.url, { challenge, scope: 'read write', state: 'x<y' }),
    );
    expect(`${location.origin}${location.pathname}`).toBe(CLI_REDIRECT);
    expect(location.searchParams.get('state')).toBe('x<y');
    const code = location.searchParams.get('code') as string;
    const response = await postForm(`${server.url}/oauth/token`, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CLI_REDIRECT,
      code_verifier: verifier,
      client_id: 'pulse-cli',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
    const tokens = await response.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'write' });
    expect(tokens.access_token).toMatch(/^service_oat_[A-Za-z0-9_-]{43}$/);
    expect(tokens.refresh_token).toMatch(/^service_ort_[A-Za-z0-9_-]{43}$/);

    const who = await me(server.url, tokens.access_token);
    expect(who.status).toBe(200);
    expect((await who.json()).email).toBe('dee@example.com');
    // Never a bearer token: a refresh token is only spent at the token endpoint.
    expect((await me(server.url, tokens.refresh_token)).status).toBe(401);
  });
});
