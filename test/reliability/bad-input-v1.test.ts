import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import { STORES } from '../helpers/stores.js';
import {
  assertEveryEndpointRefusesBadInput,
  expectDescribedAsDocumented,
  expectErrorsBody,
  normalisePath,
  routesOf,
  runsPerEndpoint,
  send,
  soaksOn,
  startServer,
  Tally,
  timeoutForRuns,
} from './bad-input.js';
import type { Endpoint, Interface } from './requests.js';

/** The interface reference (docs/reference/README.md). */
const REFERENCE = new URL('../../docs/reference/v1.md', import.meta.url);
const PREFIX = '/api/v1';
const page = { page: { type: 'page' as const } };
const range = { from: { type: 'date' as const }, to: { type: 'date' as const } };

function endpoints(ids: Record<string, string>): Endpoint[] {
  const param = (name: string, kind: 'id' | 'slug' | 'key' | 'date' | 'tag', valid: string) => ({
    [name]: { valid, kind },
  });
  const member = param('id', 'slug', ids.ben as string);
  const absence = {
    base: { date: '2026-11-30' },
    fields: { date: { type: 'date' as const } },
    required: ['date'],
  };
  return [
    { method: 'GET', path: '/members', query: { ...page, q: { type: 'text' } } },
    { method: 'GET', path: '/members/:id', params: member },
    { method: 'GET', path: '/reports', query: page },
    { method: 'GET', path: '/reports/:id', params: param('id', 'key', '2026-11-20') },
    { method: 'GET', path: '/statuses', query: page },
    { method: 'GET', path: '/statuses/:id', params: param('id', 'slug', ids.checkIn as string) },
    {
      method: 'POST',
      path: '/status_activities',
      body: {
        base: { email: 'ben@example.com', source: 'ci', description: 'Built <b>main</b>' },
        fields: {
          email: { type: 'text' },
          source: { type: 'text', max: 64 },
          source_url: { type: 'url' },
          description: { type: 'text', max: 2000 },
        },
        required: ['email'],
      },
    },
    {
      method: 'GET',
      path: '/status_activities/:id',
      params: param('id', 'id', ids.statusActivity as string),
    },
    { method: 'GET', path: '/tags', query: page },
    { method: 'GET', path: '/tags/:tag', params: param('tag', 'tag', 'launch'), query: page },
    { method: 'GET', path: '/comments', query: page },
    { method: 'GET', path: '/comments/:id', params: param('id', 'id', ids.comment as string) },
    { method: 'GET', path: '/reactions', query: page },
    { method: 'GET', path: '/reactions/:id', params: param('id', 'id', ids.reaction as string) },
    { method: 'GET', path: '/member_absences', query: { ...page, ...range } },
    { method: 'GET', path: '/team_absences', query: { ...page, ...range } },
    { method: 'POST', path: '/member_absences/:id', params: member, body: absence },
    {
      method: 'DELETE',
      path: '/member_absences/:id/:date',
      params: { ...member, ...param('date', 'date', '2026-11-30') },
    },
    { method: 'POST', path: '/team_absences', body: absence },
    { method: 'DELETE', path: '/team_absences/:date', params: param('date', 'date', '2026-11-30') },
  ];
}

/** Seeds the store; Core's and Design's API keys go into `keys`. */
async function seed(
  server: TestServer,
  keys: { teamId: string; apiKey: string }[],
): Promise<Record<string, string>> {
  const { store, ids } = server.fixture;
  const ben = store.serviceFor(ids.ben as string);
  const ana = store.serviceFor(ids.ana as string);
  const checkIn = await ben.updateCheckIn('2026-11-20', {
    previous: 'Wrote the #launch notes',
    intentions: 'Ship',
    blockers: 'none',
  });
  const comment = await ana.createComment({ type: 'check-in', id: checkIn.id }, { body: 'Nice' });
  const reaction = await ana.addReaction({ type: 'check-in', id: checkIn.id }, { name: 'tada' });
  const core = await store.admin.teamApiKey('Core');
  keys.push(core, await store.admin.teamApiKey('Design'));
  const activity = await store
    .teamServiceFor(core.teamId)
    .createStatusActivity({ email: 'ben@example.com', source: 'ci', description: 'Built main' });
  return {
    ...ids,
    checkIn: checkIn.id,
    comment: comment.id,
    reaction: reaction.reaction.id,
    statusActivity: activity.id,
  };
}

for (const store of STORES) {
  describe(`v1 bad input on ${store.kind}`, () => {
    let server: TestServer;
    let api: Interface;
    const keys: { teamId: string; apiKey: string }[] = [];
    const tally = new Tally(`v1 on ${store.kind}`, soaksOn(store));

    beforeAll(async () => {
      server = await startServer(store);
      const ids = await seed(server, keys);
      api = {
        name: 'v1',
        prefix: PREFIX,
        endpoints: endpoints(ids),
        credentials: fc
          .constantFrom(...keys)
          .map((key) => ({ 'x-team-id': key.teamId, 'x-api-key': key.apiKey })),
        otherMethodStatus: 405,
        acceptChecked: true,
      };
    });

    afterAll(() => {
      console.log(tally.summary(api.endpoints.length));
    });

    it('describes every route the server has, and every one the interface documents', async () => {
      const described = api.endpoints.map((e) => `${e.method} ${normalisePath(PREFIX + e.path)}`);
      const served = routesOf(server).filter(
        (route) => route.includes(` ${PREFIX}/`) && !route.startsWith('HEAD '),
      );
      const paths = new Set(served.map((route) => route.split(' ')[1] as string));
      expect([...paths].sort()).toEqual([...new Set(described.map((route) => route.split(' ')[1]))].sort());
      // Every other method on a known path is the route table's 405, naming what the path allows.
      const [credentials] = fc.sample(api.credentials, 1) as [Record<string, string>];
      for (const route of served.filter((route) => !described.includes(route))) {
        const [method, path] = route.split(' ') as [string, string];
        const endpoint = api.endpoints.find((e) => normalisePath(PREFIX + e.path) === path) as Endpoint;
        const url = endpoint.path.replace(
          /:(\w+)/g,
          (_m, name: string) => endpoint.params?.[name]?.valid ?? '',
        );
        // Fastify wants a Content-Type on methods that carry a body (QUERY among them).
        const body = ['GET', 'HEAD', 'TRACE', 'OPTIONS'].includes(method)
          ? {}
          : { body: '{}', headers: { ...credentials, 'content-type': 'application/json' } };
        const answer = await send(server, {
          fault: route,
          mustReject: true,
          method,
          path: PREFIX + url,
          headers: credentials,
          ...body,
        });
        expect([route, answer.status]).toEqual([route, 405]);
        const allowed = api.endpoints.filter((e) => e.path === endpoint.path).map((e) => e.method);
        expect(answer.headers.allow).toBe(
          (allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed).join(', '),
        );
        if (method !== 'HEAD') expectErrorsBody(answer);
      }
      expectDescribedAsDocumented(described, REFERENCE, PREFIX, 10);
    });

    it(
      'gets a 4xx with {"errors": [...]} for every kind of bad input, and the store unchanged',
      async () => {
        await assertEveryEndpointRefusesBadInput({
          server,
          api,
          numRuns: runsPerEndpoint(60, store),
          tally,
          checkBody: expectErrorsBody,
        });
      },
      timeoutForRuns(120_000, store),
    );
  });
}
