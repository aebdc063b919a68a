/**
 * Every endpoint of v2, v1 and the status page x every kind of caller -> the status the interfaces
 * document, over real HTTP to a real `pulse serve` app on a real SQLite store, and on PostgreSQL in the
 * full tier (test/helpers/stores.ts). The matrix lives in access-matrix.ts; a route registered but
 * missing from it (or listed but not registered) fails here, so the matrix cannot go stale.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES } from '../helpers/stores.js';
import {
  ACTOR_CREDENTIALS,
  ACTORS,
  accessMatrix,
  type Endpoint,
  prefixOf,
  registeredRoutes,
} from './access-matrix.js';
import { buildWorld, type World } from './access-world.js';

for (const store of STORES) {
  describe(`the access matrix on ${store.kind}`, () => {
    let world: World;
    beforeAll(async () => {
      world = await buildWorld(store);
    });
    afterAll(async () => {
      await world?.server.close();
    });

    it('lists every route the server registers, and only those', () => {
      const registered = registeredRoutes(world.server.app.printRoutes({ commonPrefix: false }));
      const matrix = accessMatrix();
      const listed = new Set(matrix.map((endpoint) => `${endpoint.method} ${endpoint.route}`));
      const standsForOthers = new Set(matrix.filter((e) => e.otherMethods).map((e) => e.route));
      const missing = [...registered].filter(
        (route) => !listed.has(route) && !standsForOthers.has(route.slice(route.indexOf(' ') + 1)),
      );
      const stale = [...listed].filter((route) => !registered.has(route));
      expect({ missing, stale }).toEqual({ missing: [], stale: [] });
      expect(registered.size).toBeGreaterThan(50);
    });

    it('gives every actor the documented status on every endpoint', async () => {
      const matrix = accessMatrix();
      const wrong: string[] = [];
      let cells = 0;
      for (const endpoint of matrix) {
        for (const actor of ACTORS) {
          const { url, body } = await endpoint.call(world);
          const headers: Record<string, string> = { ...ACTOR_CREDENTIALS[actor].headers(world) };
          if (body !== undefined) headers['content-type'] = 'application/json';
          const response = await fetch(`${world.server.url}${prefixOf(endpoint)}${url}`, {
            method: endpoint.method,
            headers,
            ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          });
          const text = await response.text();
          cells++;
          const expected = endpoint.expect[actor];
          const problem = shapeProblem(endpoint, response, text);
          if (response.status !== expected || problem) {
            wrong.push(
              `${endpoint.method} ${endpoint.route} as ${actor}: ${response.status} (expected ${expected})` +
                (problem ? `; ${problem}` : '') +
                (response.status !== expected ? ` ${text.slice(0, 200)}` : ''),
            );
          }
        }
      }
      console.log(
        `access matrix on ${store.kind}: ${cells} actor x endpoint cells checked (${ACTORS.length} actors x ${matrix.length} endpoints)`,
      );
      expect(wrong).toEqual([]);
    });
  });
}

/** The body and headers an error status must carry on its interface, or undefined when they do. */
function shapeProblem(endpoint: Endpoint, response: Response, text: string): string | undefined {
  const { status } = response;
  if (prefixOf(endpoint) === '/api/v2') {
    if (status === 401 && !/^Bearer /.test(response.headers.get('www-authenticate') ?? ''))
      return 'a 401 without WWW-Authenticate';
    if (status === 401 && text !== '') return 'a 401 with a body';
    // The status page's administration says why it refused (an operator must read it); v2 itself does not.
    if (endpoint.route.startsWith('/api/v2/status/')) {
      if ([403, 404].includes(status) && !text.includes('"errors"')) return `a ${status} without its errors`;
    } else if (endpoint.route === '/api/v2/check-ins/today' && status === 404) {
      // Its 404 says which day has no check-in and why (an extension), and says no more.
      const body = JSON.parse(text) as Record<string, unknown>;
      if (Object.keys(body).sort().join() !== 'code,date,errors,reason')
        return `a 404 of another body: ${text}`;
    } else if ([403, 404].includes(status) && text !== '') return `a ${status} with a body`;
    return undefined;
  }
  if (prefixOf(endpoint) === '') {
    // The OAuth authorization server: RFC 6749 §5.2 errors from the token and revocation endpoints, pages
    // elsewhere.
    if (status < 400) return undefined;
    if (endpoint.route === '/oauth/token' || endpoint.route === '/oauth/revoke') {
      const error = (JSON.parse(text) as { error?: unknown }).error;
      return typeof error === 'string' ? undefined : 'a token error without error';
    }
    return response.headers.get('content-type')?.startsWith('text/html')
      ? undefined
      : 'an error that is not a page';
  }
  if (status >= 400) {
    try {
      const errors = (JSON.parse(text) as { errors?: unknown }).errors;
      if (!Array.isArray(errors) || errors.length === 0) return 'an error without errors';
    } catch {
      return 'an error whose body is not JSON';
    }
  }
  return undefined;
}
