/**
 * Bad input to the OAuth authorization server, as a property: random parameters (odd text, repeated
 * names, overlong values), bodies of the wrong type and malformed Basic credentials on every OAuth route
 * Fastify has. Never a 5xx; the authorization endpoint answers with a page (or a redirect to a registered
 * URI), the token endpoint with an RFC 6749 §5.2 error, the revocation endpoint with 200 or such an error;
 * the store is left unchanged.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';
import { storeChecksumAt } from '../helpers/store-checksum.js';
import { STORES } from '../helpers/stores.js';
import { badContentType, oddText, overlong } from './arbitraries.js';
import { routesOf } from './bad-input.js';

const ROUTES = [
  'GET /oauth/authorize',
  'POST /oauth/authorize',
  'POST /oauth/token',
  'POST /oauth/revoke',
  'GET /.well-known/oauth-authorization-server',
];
const NAMES = [
  'client_id',
  'token',
  'token_type_hint',
  'redirect_uri',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'state',
  'pending',
  'csrf',
  'action',
  'code',
  'grant_type',
  'refresh_token',
  'code_verifier',
  'client_secret',
];

const value = fc.oneof(
  oddText,
  overlong(5000),
  fc.constantFrom(
    'pulse-cli',
    'http://127.0.0.1:1/callback',
    'S256',
    'plain',
    'code',
    'authorization_code',
    'refresh_token',
    'allow',
    'sign-in',
    'service_ort_x',
    '',
  ),
);
const params = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...NAMES), oddText), value), { maxLength: 8 });
const basic = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    'Basic',
    'Basic !!!',
    'Basic Og==',
    `Basic ${Buffer.from('pulse-cli:x').toString('base64')}`,
    'Bearer service_pat_x',
  ),
  oddText.map((text) => `Basic ${Buffer.from(text).toString('base64')}`),
);

for (const store of STORES) {
  describe(`OAuth bad input on ${store.kind}`, () => {
    it('covers every OAuth route the server has', async () => {
      const server = await startTestServer({ store });
      const served = routesOf(server).filter((r) => /oauth/.test(r) && !r.startsWith('HEAD '));
      expect(served.sort()).toEqual([...ROUTES].sort());
    });

    it('never fails on the server, answers in the endpoint own shape, and changes nothing', async () => {
      const server = await startTestServer({ store, echoSchedulerMs: null });
      const before = await storeChecksumAt(server.fixture.path, { ignore: ['oauth_pending'] });
      let requests = 0;
      await fc.assert(
        fc.asyncProperty(
          params,
          basic,
          fc.option(badContentType, { nil: undefined }),
          async (pairs, authorization, type) => {
            const query = new URLSearchParams(pairs).toString();
            for (const route of ['/oauth/authorize', '/oauth/token', '/oauth/revoke']) {
              const headers: Record<string, string> = {
                'content-type': type ?? 'application/x-www-form-urlencoded',
              };
              if (authorization) headers.authorization = authorization;
              const responses = [
                await fetch(`${server.url}${route}`, { method: 'POST', headers, body: query }),
              ];
              if (route === '/oauth/authorize')
                responses.push(await fetch(`${server.url}${route}?${query}`, { redirect: 'manual' }));
              for (const response of responses) {
                requests++;
                const text = await response.text();
                expect(response.status, text.slice(0, 200)).toBeLessThan(500);
                // A head over 16 KiB is refused by the server before any route (its JSON 431).
                if (response.status === 431) continue;
                if (route === '/oauth/token') {
                  expect(response.status).toBeGreaterThanOrEqual(400);
                  expect(typeof (JSON.parse(text) as { error?: unknown }).error).toBe('string');
                } else if (route === '/oauth/revoke') {
                  // RFC 7009: an unknown token is revoked as far as anyone can tell (200, no body).
                  if (response.status === 200) expect(text).toBe('');
                  else expect(typeof (JSON.parse(text) as { error?: unknown }).error).toBe('string');
                } else if (response.status === 302) {
                  expect(response.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:1\/callback\?/);
                } else {
                  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
                }
              }
            }
          },
        ),
        { numRuns: 150 },
      );
      console.log(`bad input oauth on ${store.kind}: ${requests} requests, 0 5xx`);
      // A request good enough to open a pending authorization writes one; nothing else may.
      expect(await storeChecksumAt(server.fixture.path, { ignore: ['oauth_pending'] })).toBe(before);
    });
  });
}
