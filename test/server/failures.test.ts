/**
 * A request that fails on the server is a 5xx with the interface's body, and one line on the operator's
 * stderr naming the request (method and path, never its query or headers) and the error. On SQLite,
 * and on PostgreSQL in the full tier (test/helpers/stores.ts).
 */
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';
import { STORES } from '../helpers/stores.js';

for (const store of STORES)
  describe(`failures on the server on ${store.kind}`, () => {
    it('answer 500 on every interface and are reported a line each, without the query or the token', async () => {
      const lines: string[] = [];
      const server = await startTestServer({
        store,
        echoSchedulerMs: null,
        onRequestFailure: (line) => lines.push(line),
      });
      const { url, fixture } = server;
      const token = server.tokens.ana as string;
      const { teamId, apiKey } = await fixture.store.admin.teamApiKey('Core');
      // The store goes away under the running server (a disk unmounted, a file deleted and closed).
      await fixture.store.close();

      const v2 = await fetch(`${url}/api/v2/check-ins?q=secret-search`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const v1 = await fetch(`${url}/api/v1/members`, {
        headers: { 'x-team-id': teamId, 'x-api-key': apiKey },
      });
      const status = await fetch(`${url}/status/api/v1/components`);
      expect([v2.status, v1.status, status.status]).toEqual([500, 500, 500]);
      expect(await v1.json()).toEqual({ errors: ['internal server error'], code: 'internal' });
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/^pulse serve: GET \/api\/v2\/check-ins failed: .+\n$/);
      // Each store's own words for a closed store: better-sqlite3's, node:sqlite's (its kept statements are
      // finalized with the connection), PostgreSQL's pool's.
      expect(lines[0]).toMatch(
        store.kind === 'sqlite' ? /not open|statement has been finalized/ : /destroyed/,
      );
      expect(lines[1]).toMatch(/^pulse serve: GET \/api\/v1\/members failed: /);
      expect(lines[2]).toMatch(/^pulse serve: GET \/status\/api\/v1\/components failed: /);
      const all = lines.join('');
      for (const secret of [token, apiKey, 'secret-search']) expect(all).not.toContain(secret);
    });
  });
