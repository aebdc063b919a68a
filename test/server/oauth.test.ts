/**
 * The OAuth authorization server over real HTTP: the whole authorization code flow of the built-in
 * pulse-cli client, driven as a browser would with plain requests, and the tokens it yields on /api/v2.
 */
import { describe, expect, it } from 'vitest';
import { steppingClock } from '../helpers/clock.js';
import {
  authorizeUrl,
  CLI_REDIRECT,
  formFields,
  oauthTokens,
  pkcePair,
  postForm,
  signInAndDecide,
  type TokenBody,
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
    const tokens = (await response.json()) as TokenBody;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'write' });
    expect(tokens.access_token).toMatch(/^service_oat_[A-Za-z0-9_-]{43}$/);
    expect(tokens.refresh_token).toMatch(/^service_ort_[A-Za-z0-9_-]{43}$/);

    const who = await me(server.url, tokens.access_token);
    expect(who.status).toBe(200);
    expect(((await who.json()) as { email: string }).email).toBe('dee@example.com');
    // Never a bearer token: a refresh token is only spent at the token endpoint.
    expect((await me(server.url, tokens.refresh_token)).status).toBe(401);
  });
});

const exchange = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  postForm(`${url}/oauth/token`, { client_id: 'pulse-cli', ...fields }, headers);

/** A fresh authorization code for pulse-cli, with its verifier. */
async function freshCode(server: Awaited<ReturnType<typeof startTestServer>>, scope?: string) {
  const { verifier, challenge } = pkcePair();
  const location = await signInAndDecide(
    server.fixture.store,
    server.url,
    authorizeUrl(server.url, { challenge, ...(scope ? { scope } : {}) }),
  );
  return { code: location.searchParams.get('code') as string, verifier };
}

describe('the authorization endpoint refuses', () => {
  it('an unknown client or an unregistered redirect URI with a 400 page, never a redirect', async () => {
    const server = await startTestServer();
    const { challenge } = pkcePair();
    for (const url of [
      authorizeUrl(server.url, { challenge, clientId: 'nobody' }),
      authorizeUrl(server.url, { challenge, redirectUri: 'https://evil.example/callback' }),
      authorizeUrl(server.url, { challenge, redirectUri: 'http://127.0.0.1:5000/other' }),
    ]) {
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('<h1>');
    }
  });

  it('other bad parameters by redirecting with error and state', async () => {
    const server = await startTestServer();
    const { challenge } = pkcePair();
    const errorOf = async (url: string) => {
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location') as string);
      expect(location.searchParams.get('state')).toBe('st-123');
      return location.searchParams.get('error');
    };
    expect(await errorOf(authorizeUrl(server.url, { challenge, scope: 'admin' }))).toBe('invalid_scope');
    expect(await errorOf(authorizeUrl(server.url, { challenge }).replace('S256', 'plain'))).toBe(
      'invalid_request',
    );
    expect(await errorOf(authorizeUrl(server.url, { challenge: '' }))).toBe('invalid_request');
    expect(
      await errorOf(
        authorizeUrl(server.url, { challenge }).replace('response_type=code', 'response_type=token'),
      ),
    ).toBe('unsupported_response_type');
  });

  it('accepts the loopback redirect URIs on any port, [::1] too', async () => {
    const server = await startTestServer();
    const { challenge } = pkcePair();
    for (const redirectUri of ['http://127.0.0.1:5000/callback', 'http://[::1]:61000/callback']) {
      expect((await fetch(authorizeUrl(server.url, { challenge, redirectUri }))).status).toBe(200);
    }
  });

  it('Deny sends access_denied with the state', async () => {
    const server = await startTestServer();
    const { challenge } = pkcePair();
    const location = await signInAndDecide(
      server.fixture.store,
      server.url,
      authorizeUrl(server.url, { challenge }),
      {
        decision: 'deny',
      },
    );
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('st-123');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('voids a pending authorization after 5 wrong sign-in codes', async () => {
    const server = await startTestServer();
    const { challenge } = pkcePair();
    const page = await fetch(authorizeUrl(server.url, { challenge }));
    const fields = formFields(await page.text());
    for (let tries = 1; tries <= 4; tries++) {
      const wrong = await postForm(`${server.url}/oauth/authorize`, {
        ...fields,
        code: 'AAAAA-AAAAA',
        action: 'sign-in',
      });
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain(`${5 - tries} ${5 - tries === 1 ? 'try' : 'tries'} left`);
    }
    const fifth = await postForm(`${server.url}/oauth/authorize`, {
      ...fields,
      code: 'nope',
      action: 'sign-in',
    });
    expect(fifth.status).toBe(302);
    expect(new URL(fifth.headers.get('location') as string).searchParams.get('error')).toBe('access_denied');
    const { code } = await server.fixture.store.oauthAdmin.createLoginCode('dee@example.com');
    const late = await postForm(`${server.url}/oauth/authorize`, { ...fields, code, action: 'sign-in' });
    expect(late.status).toBe(400);
    expect(await late.text()).toContain('expired or was already finished');
  });

  it('a sign-in code works once', async () => {
    const server = await startTestServer();
    const { challenge } = pkcePair();
    const { code } = await server.fixture.store.oauthAdmin.createLoginCode('dee@example.com');
    const signIn = async () => {
      const page = await fetch(authorizeUrl(server.url, { challenge }));
      return postForm(`${server.url}/oauth/authorize`, {
        ...formFields(await page.text()),
        code,
        action: 'sign-in',
      });
    };
    expect((await signIn()).status).toBe(200);
    expect((await signIn()).status).toBe(400);
  });
});

describe('the token endpoint', () => {
  it('serves RFC 8414 metadata', async () => {
    const server = await startTestServer();
    const metadata = await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json();
    expect(metadata).toEqual({
      issuer: 'https://pulse.test',
      authorization_endpoint: 'https://pulse.test/oauth/authorize',
      token_endpoint: 'https://pulse.test/oauth/token',
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['read', 'write'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      revocation_endpoint: 'https://pulse.test/oauth/revoke',
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    });
  });

  it('refuses a wrong or missing PKCE verifier with invalid_grant', async () => {
    const server = await startTestServer();
    const { code } = await freshCode(server);
    for (const fields of [{ code_verifier: pkcePair().verifier }, {}] as Record<string, string>[]) {
      const response = await exchange(server.url, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CLI_REDIRECT,
        ...fields,
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('invalid_grant');
    }
  });

  it('refuses a reused code and revokes the tokens issued from it', async () => {
    const server = await startTestServer();
    const { code, verifier } = await freshCode(server);
    const fields = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CLI_REDIRECT,
      code_verifier: verifier,
    };
    const first = (await (await exchange(server.url, fields)).json()) as TokenBody;
    expect((await me(server.url, first.access_token)).status).toBe(200);
    const again = await exchange(server.url, fields);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await me(server.url, first.access_token)).status).toBe(401);
    const refreshed = await exchange(server.url, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(refreshed.status).toBe(400);
  });

  it('rotates refresh tokens, and a spent one revokes the whole grant', async () => {
    const server = await startTestServer();
    const first = await oauthTokens(server.fixture.store, server.url, { scope: 'write' });
    const second = await exchange(server.url, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(second.status).toBe(200);
    const rotated = (await second.json()) as TokenBody;
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect(rotated.scope).toBe('write');
    expect((await me(server.url, rotated.access_token)).status).toBe(200);

    const reused = await exchange(server.url, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await me(server.url, rotated.access_token)).status).toBe(401);
    const afterReuse = await exchange(server.url, {
      grant_type: 'refresh_token',
      refresh_token: rotated.refresh_token,
    });
    expect(afterReuse.status).toBe(400);
  });

  it('of two racing refreshes with one token, one wins and the other counts as a reuse', async () => {
    const server = await startTestServer();
    const tokens = await oauthTokens(server.fixture.store, server.url);
    const refresh = () =>
      exchange(server.url, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    const answers = await Promise.all([refresh(), refresh()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = (await (answers.find((a) => a.status === 200) as Response).json()) as TokenBody;
    expect((await me(server.url, winner.access_token)).status).toBe(401);
  });

  it('narrows the scope on refresh but never widens it', async () => {
    const server = await startTestServer();
    const write = await oauthTokens(server.fixture.store, server.url, { scope: 'write' });
    const narrowed = await exchange(server.url, {
      grant_type: 'refresh_token',
      refresh_token: write.refresh_token,
      scope: 'read',
    });
    const read = (await narrowed.json()) as TokenBody;
    expect(read.scope).toBe('read');
    const widened = await exchange(server.url, {
      grant_type: 'refresh_token',
      refresh_token: read.refresh_token,
      scope: 'write',
    });
    expect(widened.status).toBe(400);
    expect(((await widened.json()) as { error: string }).error).toBe('invalid_scope');
  });

  it('read scope gets 403 on a write; write scope may write', async () => {
    const server = await startTestServer();
    const read = await oauthTokens(server.fixture.store, server.url);
    expect(read.scope).toBe('read');
    const patch = (token: string) =>
      fetch(`${server.url}/api/v2/check-ins/2026-11-23`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{"previous":"oauth"}',
      });
    expect((await patch(read.access_token)).status).toBe(403);
    const write = await oauthTokens(server.fixture.store, server.url, { scope: 'read write' });
    expect((await patch(write.access_token)).status).not.toBe(403);
  });

  it('expires access tokens after --access-token-ttl on the injected clock', async () => {
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const server = await startTestServer({ clock, accessTokenTtlSeconds: 60 });
    const tokens = await oauthTokens(server.fixture.store, server.url);
    expect(tokens.expires_in).toBe(60);
    expect((await me(server.url, tokens.access_token)).status).toBe(200);
    clock.advance(61_000);
    const expired = await me(server.url, tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('error_description="the access token expired"');
    const refreshed = await exchange(server.url, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
  });

  it('authenticates confidential clients with Basic or the form, and refuses a wrong secret with 401', async () => {
    const server = await startTestServer();
    const redirect = 'https://app.example/cb';
    const { client, client_secret: secret } = await server.fixture.store.oauthAdmin.addClient({
      name: 'Dashboard',
      redirectUris: [redirect],
      confidential: true,
    });
    const codeFor = async () => {
      const { verifier, challenge } = pkcePair();
      const location = await signInAndDecide(
        server.fixture.store,
        server.url,
        authorizeUrl(server.url, { challenge, clientId: client.client_id, redirectUri: redirect }),
      );
      return {
        grant_type: 'authorization_code',
        code: location.searchParams.get('code') as string,
        redirect_uri: redirect,
        code_verifier: verifier,
      };
    };
    const basic = (id: string, password: string) => ({
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(password)}`).toString('base64')}`,
    });
    const viaBasic = await postForm(
      `${server.url}/oauth/token`,
      await codeFor(),
      basic(client.client_id, secret as string),
    );
    expect(viaBasic.status).toBe(200);
    const viaPost = await postForm(`${server.url}/oauth/token`, {
      ...(await codeFor()),
      client_id: client.client_id,
      client_secret: secret as string,
    });
    expect(viaPost.status).toBe(200);

    const wrongBasic = await postForm(
      `${server.url}/oauth/token`,
      await codeFor(),
      basic(client.client_id, 'wrong'),
    );
    expect(wrongBasic.status).toBe(401);
    expect(wrongBasic.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect(((await wrongBasic.json()) as { error: string }).error).toBe('invalid_client');
    const wrongPost = await postForm(`${server.url}/oauth/token`, {
      ...(await codeFor()),
      client_id: client.client_id,
      client_secret: 'wrong',
    });
    expect(wrongPost.status).toBe(401);
    expect(wrongPost.headers.get('www-authenticate')).toBeNull();
    const noSecret = await postForm(`${server.url}/oauth/token`, {
      ...(await codeFor()),
      client_id: client.client_id,
    });
    expect(noSecret.status).toBe(401);
  });

  it('answers bad requests per RFC 6749 §5.2', async () => {
    const server = await startTestServer();
    const unsupported = await exchange(server.url, { grant_type: 'password' });
    expect(unsupported.status).toBe(400);
    expect(((await unsupported.json()) as { error: string }).error).toBe('unsupported_grant_type');
    const json = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":"authorization_code"}',
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: string }).error).toBe('invalid_request');
    const unknownClient = await postForm(`${server.url}/oauth/token`, {
      grant_type: 'refresh_token',
      client_id: 'nobody',
      refresh_token: 'x',
    });
    expect(unknownClient.status).toBe(401);
  });

  it('limits requests per address when a limit is set', async () => {
    const server = await startTestServer({ oauthRateLimit: { burst: 2, perSecond: 0.001 } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await exchange(server.url, { grant_type: 'password' })).status);
    expect(statuses).toEqual([400, 400, 429]);
    // The same bucket: the authorization page is refused too, with a page.
    const page = await fetch(`${server.url}/oauth/authorize`);
    expect(page.status).toBe(429);
    expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('the v2 rate limits of OAuth tokens', () => {
  it('count per grant: a refreshed token has no fresh burst; another sign-in has its own', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const server = await startTestServer({
      rateLimit: [{ name: 'burst', quota: 3, windowSeconds: 10 }],
      clock: { now: () => new Date(now) },
    });
    const first = await oauthTokens(server.fixture.store, server.url, { scope: 'write' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await me(server.url, first.access_token)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    now += 2_000;
    const refreshed = await exchange(server.url, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as TokenBody;
    const limited = await me(server.url, second.access_token);
    expect(limited.status).toBe(429);
    // The window the first token opened, 2 s ago.
    expect(limited.headers.get('retry-after')).toBe('8');
    expect(limited.headers.get('ratelimit')).toBe('"burst";r=0;t=8');

    // A new sign-in is a new grant (it takes an operator's sign-in code), with a budget of its own.
    const other = await oauthTokens(server.fixture.store, server.url, { scope: 'write' });
    expect((await me(server.url, other.access_token)).status).toBe(200);
    now += 8_000;
    expect((await me(server.url, second.access_token)).status).toBe(200);
  });
});
