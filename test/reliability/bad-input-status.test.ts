import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_TYPES, TIMELINE_STATES } from '../../src/core/status/types.js';
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
const REFERENCE = new URL('../../docs/reference/status.md', import.meta.url);
const PREFIX = '/status/api/v1';
const page = { page: { type: 'page' as const } };

for (const store of STORES) {
  describe(`status interface bad input on ${store.kind}`, () => {
    let server: TestServer;
    let api: Interface;
    const tally = new Tally(`status on ${store.kind}`, soaksOn(store));

    beforeAll(async () => {
      server = await startServer(store);
      const admin = server.fixture.store.statusAdmin;
      const component = await admin.addComponent({ name: 'API' });
      const notice = await admin.addNotice({
        type: 'unplanned',
        subject: 'Errors',
        component_ids: [component.id],
      });
      const endpoints: Endpoint[] = [
        { method: 'GET', path: '/status' },
        { method: 'GET', path: '/components', query: page },
        {
          method: 'GET',
          path: '/notices',
          query: {
            ...page,
            'filter[type_eq]': { type: 'enum', values: NOTICE_TYPES },
            'filter[timeline_state_eq]': { type: 'enum', values: TIMELINE_STATES },
          },
        },
        { method: 'GET', path: '/notices/:id', params: { id: { valid: String(notice.id), kind: 'int' } } },
      ];
      api = {
        name: 'status',
        prefix: PREFIX,
        endpoints,
        // Public: a stray Authorization is ignored.
        credentials: fc.constantFrom<Record<string, string>>({}, { authorization: 'Bearer nonsense' }),
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
      expect([...new Set(served.map((route) => route.split(' ')[1]))].sort()).toEqual(
        described.map((route) => route.split(' ')[1]).sort(),
      );
      for (const route of served.filter((route) => !described.includes(route))) {
        const [method, path] = route.split(' ') as [string, string];
        const endpoint = api.endpoints.find((e) => normalisePath(PREFIX + e.path) === path) as Endpoint;
        const url = endpoint.path.replace(
          /:(\w+)/g,
          (_m, name: string) => endpoint.params?.[name]?.valid ?? '',
        );
        // Fastify wants a Content-Type on methods that carry a body (QUERY among them).
        const body = ['TRACE', 'OPTIONS'].includes(method)
          ? {}
          : { body: '{}', headers: { 'content-type': 'application/json' } };
        const answer = await send(server, {
          fault: route,
          mustReject: true,
          method,
          path: PREFIX + url,
          headers: {},
          ...body,
        });
        expect([route, answer.status]).toEqual([route, 405]);
        expect(answer.headers.allow).toBe('GET, HEAD');
        expectErrorsBody(answer);
      }
      expectDescribedAsDocumented(described, REFERENCE, PREFIX, 2);
    });

    it(
      'gets a 4xx with {"errors": [...]} for every kind of bad input, and the store unchanged',
      async () => {
        await assertEveryEndpointRefusesBadInput({
          server,
          api,
          numRuns: runsPerEndpoint(150, store),
          tally,
          checkBody: expectErrorsBody,
        });
      },
      timeoutForRuns(120_000, store),
    );
  });
}
