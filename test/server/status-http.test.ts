/** The public status interface over real HTTP: no credentials, headers, 405/404/406, filters, the rate limit. */

import { Agent, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../src/core/errors.js';
import { HttpClient } from '../../src/remote/http-client.js';
import { RemoteStatusService } from '../../src/remote/remote-status-service.js';
import { statusBucket } from '../../src/server/app.js';
import { type SteppingClock, steppingClock } from '../helpers/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const MONDAY = '2026-11-23T10:00:00.000Z';
const API = '/status/api/v1';

let server: TestServer;
let clock: SteppingClock;

const call = (path: string, init: RequestInit = {}) => fetch(`${server.url}${API}${path}`, init);
const errorsOf = async (response: Response) => ((await response.json()) as { errors: string[] }).errors;
/** The headers every response of the interface carries, errors included. */
const expectPublicHeaders = (response: Response, what: unknown) => {
  expect([
    what,
    response.headers.get('cache-control'),
    response.headers.get('access-control-allow-origin'),
  ]).toEqual([what, 'no-cache', '*']);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
};

async function start(options: Parameters<typeof startTestServer>[0] = {}) {
  clock = steppingClock(MONDAY);
  server = await startTestServer({ clock, ...options });
  return server.fixture.store.statusAdmin;
}

/** One planned notice and one unplanned, on a component. */
async function seed() {
  const admin = server.fixture.store.statusAdmin;
  const api = await admin.addComponent({ name: 'API' });
  const planned = await admin.addNotice({
    type: 'planned',
    subject: 'Upgrade',
    begins_at: '2026-11-24T02:00:00Z',
    ends_at: '2026-11-24T04:00:00Z',
    component_ids: [api.id],
  });
  const unplanned = await admin.addNotice({ type: 'unplanned', subject: 'Errors', content: 'Looking' });
  return { api, planned, unplanned };
}

describe('the status interface over HTTP', () => {
  afterEach(async () => {
    await server.close();
  });

  it('serves the page, components and notices without credentials, public and never stale', async () => {
    await start();
    const { api, planned, unplanned } = await seed();
    const page = await call('/status');
    expect(page.status).toBe(200);
    expectPublicHeaders(page, '/status');
    expect(((await page.json()) as { page: { state: string } }).page.state).toBe('degraded');

    const components = await call('/components');
    expectPublicHeaders(components, '/components');
    expect(await components.json()).toEqual({
      components: [api],
      meta: { count: 1, total_count: 1, next_page: null },
    });

    const notices = await call('/notices');
    expectPublicHeaders(notices, '/notices');
    const body = (await notices.json()) as { notices: { id: number }[]; meta: unknown };
    expect(body.notices.map((notice) => notice.id)).toEqual([unplanned.id, planned.id]);
    expect(body.meta).toEqual({ count: 2, total_count: 2, next_page: null });

    const one = await call(`/notices/${planned.id}`);
    expectPublicHeaders(one, 'notice');
    expect(await one.json()).toEqual({ notice: planned });
    // Credentials meant for other interfaces change nothing here.
    const withToken = await call('/status', {
      headers: { authorization: 'Bearer nonsense', 'x-api-key': 'x' },
    });
    expect(withToken.status).toBe(200);
  });

  it('answers HEAD like GET, without a body', async () => {
    await start();
    const response = await call('/notices', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expectPublicHeaders(response, 'HEAD');
    expect(await response.text()).toBe('');
  });

  it('answers 405 with Allow for other methods, whatever body they carry', async () => {
    await start();
    const bodies: [string, RequestInit][] = [
      ['none', {}],
      ['JSON', { headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' }],
      ['broken JSON', { headers: { 'content-type': 'application/json' }, body: '{"name":' }],
      ['empty JSON', { headers: { 'content-type': 'application/json' }, body: '' }],
      ['text', { headers: { 'content-type': 'text/plain' }, body: 'state=degraded' }],
      ['a form', { body: new URLSearchParams({ state: 'degraded' }) }],
    ];
    for (const path of ['/status', '/components', '/notices', '/notices/1']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        for (const [kind, init] of bodies) {
          const response = await call(path, { ...init, method });
          const seen = [path, method, kind, response.status, response.headers.get('allow')];
          expect(seen).toEqual([path, method, kind, 405, 'GET, HEAD']);
          expectPublicHeaders(response, seen);
          expect((await errorsOf(response))[0]).toContain(`${method} is not allowed here`);
        }
      }
    }
    // Nothing was written.
    expect((await server.fixture.store.statusService().page()).links.components.count).toBe(0);
  });

  it('answers 404 with errors for paths and notices that are not there', async () => {
    await start();
    await seed();
    for (const path of [
      '/nothing',
      '/notices/999',
      '/notices/abc',
      '/notices/1.5',
      '/notices/1/updates',
      '/',
    ]) {
      const response = await call(path);
      expect([path, response.status]).toEqual([path, 404]);
      expectPublicHeaders(response, path);
      const errors = await errorsOf(response);
      expect(errors).toHaveLength(1);
      expect(typeof errors[0]).toBe('string');
    }
  });

  it('answers 406 when Accept excludes JSON', async () => {
    await start();
    for (const accept of ['text/html', 'application/json;q=0, */*']) {
      const response = await call('/status', { headers: { accept } });
      expect([accept, response.status]).toEqual([accept, 406]);
      expectPublicHeaders(response, accept);
      expect((await errorsOf(response))[0]).toMatch(/only JSON/);
    }
    expect((await call('/status', { headers: { accept: 'application/json' } })).status).toBe(200);
  });

  it('reads filter[...] raw or percent-encoded, refuses unknown filters, and follows next_page', async () => {
    await start();
    const { planned } = await seed();
    for (const query of [
      '?filter[type_eq]=planned',
      '?filter%5Btype_eq%5D=planned',
      '?filter%5btype_eq%5d=planned',
      '?filter[type_eq]=planned&filter[timeline_state_eq]=future',
      '?filter%5Btype_eq%5D=planned&filter%5Btimeline_state_eq%5D=future&page=1',
    ]) {
      const response = await call(`/notices${query}`);
      expect([query, response.status]).toEqual([query, 200]);
      const { notices } = (await response.json()) as { notices: { id: number }[] };
      expect([query, notices.map((notice) => notice.id)]).toEqual([query, [planned.id]]);
    }
    const cases: [string, string][] = [
      ['?filter[type_eq]=outage', 'filter[type_eq] must be one of planned, unplanned'],
      ['?filter%5Btimeline_state_eq%5D=now', 'filter[timeline_state_eq] must be one of'],
      ['?filter[type_eq]=planned&filter[type_eq]=unplanned', 'filter[type_eq] must be one of'],
      ['?filter[state_eq]=resolved', 'filter[state_eq] is not a filter of notices'],
      ['?filter=planned', 'filter is not a filter of notices'],
      ['?page=x', 'page must be an integer of at least 1'],
      ['?page=1&page=2', 'page must be an integer of at least 1'],
    ];
    for (const [query, message] of cases) {
      const response = await call(`/notices${query}`);
      expect([query, response.status]).toEqual([query, 400]);
      expectPublicHeaders(response, query);
      expect((await errorsOf(response))[0]).toContain(message);
    }
    expect((await call('/components?page=0')).status).toBe(400);

    // next_page is a path on the same origin: a client follows it as it is.
    const admin = server.fixture.store.statusAdmin;
    for (let i = 0; i < 30; i++) await admin.addNotice({ type: 'unplanned', subject: `Incident ${i}` });
    const first = (await (await call('/notices?filter[type_eq]=unplanned')).json()) as {
      meta: { next_page: string };
    };
    expect(first.meta.next_page).toBe(`${API}/notices?filter[type_eq]=unplanned&page=2`);
    const next = await fetch(new URL(first.meta.next_page, server.url));
    const second = (await next.json()) as { notices: { type: string }[]; meta: unknown };
    expect(second.notices).toHaveLength(6);
    expect(second.notices.every((notice) => notice.type === 'unplanned')).toBe(true);
    expect(second.meta).toEqual({ count: 6, total_count: 31, next_page: null });
  });
});

/** A request as status-page clients send it: their own header spelling, JSON asked for by name. */
const asClient = (path: string) =>
  fetch(`${server.url}${API}${path}`, {
    headers: { Accept: 'application/json', 'User-Agent': 'status-widget/2.1', 'Cache-Control': 'no-cache' },
  });

describe('what clients of real status pages read', () => {
  afterEach(async () => {
    await server.close();
  });

  it('lists every ended notice for filter[timeline_state_eq]=past, recent or distant, and pages on with it', async () => {
    const admin = await start();
    const distant = await admin.addNotice({ type: 'unplanned', subject: 'Old outage' });
    await admin.updateNotice(distant.id, { state: 'resolved', content: 'Fixed' });
    clock.advance(8 * 86_400_000);
    const recent = await admin.addNotice({ type: 'unplanned', subject: 'Blip' });
    await admin.updateNotice(recent.id, { state: 'false_alarm', content: 'Nothing' });
    const open = await admin.addNotice({ type: 'unplanned', subject: 'Errors' });
    const planned = await admin.addNotice({
      type: 'planned',
      subject: 'Upgrade',
      begins_at: '2026-12-24T02:00:00Z',
      ends_at: '2026-12-24T04:00:00Z',
    });

    const response = await asClient('/notices?filter%5Btimeline_state_eq%5D=past');
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      notices: { id: number; timeline_state: string }[];
      meta: unknown;
    };
    expect(body.notices.map((notice) => [notice.id, notice.timeline_state])).toEqual([
      [recent.id, 'past_recent'],
      [distant.id, 'past_distant'],
    ]);
    expect(body.meta).toEqual({ count: 2, total_count: 2, next_page: null });
    expect([open.id, planned.id].some((id) => body.notices.some((notice) => notice.id === id))).toBe(false);

    // With the type filter too; a page further on keeps both filters.
    for (let i = 0; i < 25; i++) {
      const ended = await admin.addNotice({ type: 'unplanned', subject: `Incident ${i}` });
      await admin.updateNotice(ended.id, { state: 'resolved', content: 'Done' });
    }
    const first = (await (
      await asClient('/notices?filter%5Btype_eq%5D=unplanned&filter%5Btimeline_state_eq%5D=past')
    ).json()) as { notices: unknown[]; meta: { total_count: number; next_page: string } };
    expect([first.notices.length, first.meta.total_count]).toEqual([25, 27]);
    expect(first.meta.next_page).toBe(
      `${API}/notices?filter[type_eq]=unplanned&filter[timeline_state_eq]=past&page=2`,
    );
    const second = (await (await fetch(new URL(first.meta.next_page, server.url))).json()) as {
      notices: { id: number }[];
    };
    expect(second.notices.map((notice) => notice.id)).toEqual([recent.id, distant.id]);

    // Other spellings are not filters: 400 naming the accepted values.
    for (const query of ['filter%5Btimeline_state_eq%5D=Past', 'filter%5Btimeline_state_eq%5D=ended']) {
      const refused = await asClient(`/notices?${query}`);
      expect([query, refused.status]).toEqual([query, 400]);
      expect(await errorsOf(refused)).toEqual([
        'filter[timeline_state_eq] must be one of future, present, past_recent, past_distant, past',
      ]);
    }
  });

  it('gives every update an integer id, the same in the list and detail forms and on every read', async () => {
    const admin = await start();
    const first = await admin.addNotice({ type: 'unplanned', subject: 'Errors', content: 'Looking' });
    clock.advance(60_000);
    const other = await admin.addNotice({ type: 'unplanned', subject: 'Slow', content: 'Looking too' });
    clock.advance(60_000);
    await admin.updateNotice(first.id, { state: 'identified', content: 'A bad deploy' });

    type Update = { id: number; state: string; content: string };
    const detail = async (id: number) =>
      ((await (await asClient(`/notices/${id}`)).json()) as { notice: { updates: Update[] } }).notice.updates;
    const updates = await detail(first.id);
    const ids = updates.map((update) => update.id);
    expect(updates.map((update) => [update.state, update.content])).toEqual([
      ['identified', 'A bad deploy'],
      ['investigating', 'Looking'],
    ]);
    expect(ids.every((id) => Number.isSafeInteger(id) && id > 0)).toBe(true);
    // Ascending with time: newest first reads them falling; the other notice's update sits between.
    const [otherUpdate] = await detail(other.id);
    expect((ids[0] as number) > (otherUpdate?.id as number)).toBe(true);
    expect((otherUpdate?.id as number) > (ids[1] as number)).toBe(true);
    expect(await detail(first.id)).toEqual(updates);

    const listed = (await (await asClient('/notices')).json()) as {
      notices: { id: number; latest_update: Update }[];
    };
    expect(listed.notices.map((notice) => [notice.id, notice.latest_update.id])).toEqual([
      [other.id, otherUpdate?.id],
      [first.id, ids[0]],
    ]);
  });

  it("carries the page's state_text and each component's position, in the order they set", async () => {
    const admin = await start();
    const stateText = async () =>
      ((await (await asClient('/status')).json()) as { page: { state: string; state_text: string } }).page;
    expect(await stateText()).toMatchObject({ state: 'operational', state_text: 'All systems operational' });
    const api = await admin.addComponent({ name: 'API' });
    const web = await admin.addComponent({ name: 'Website', state: 'degraded' });
    expect(await stateText()).toMatchObject({ state: 'degraded', state_text: 'Partial outage' });
    const db = await admin.addComponent({ name: 'Database', state: 'under_maintenance' });
    expect(await stateText()).toMatchObject({ state: 'under_maintenance', state_text: 'Under maintenance' });

    await admin.moveComponent(db.id, 1);
    const components = (await (await asClient('/components')).json()) as {
      components: { id: number; name: string; position: number }[];
    };
    expect(
      components.components.map((component) => [component.id, component.name, component.position]),
    ).toEqual([
      [db.id, 'Database', 1],
      [api.id, 'API', 2],
      [web.id, 'Website', 3],
    ]);
  });
});

type Schema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};

/**
 * Where `value` departs from `schema` (the subset of JSON Schema the status document uses): a missing or
 * undocumented property, a wrong type or a value outside its enum, each named by its path.
 */
function departures(value: unknown, schema: Schema, path = '$'): string[] {
  if (schema.oneOf) {
    return schema.oneOf.some((option) => departures(value, option, path).length === 0)
      ? []
      : [`${path}: none of its forms`];
  }
  if (schema.enum && !schema.enum.includes(value)) return [`${path}: ${String(value)} is not in its enum`];
  switch (schema.type) {
    case 'null':
      return value === null ? [] : [`${path}: not null`];
    case 'integer':
      return Number.isSafeInteger(value) ? [] : [`${path}: not an integer`];
    case 'string':
      if (typeof value !== 'string') return [`${path}: not a string`];
      if (schema.format === 'date-time' && Number.isNaN(Date.parse(value)))
        return [`${path}: not a date-time`];
      return [];
    case 'array':
      return Array.isArray(value)
        ? value.flatMap((item, i) => departures(item, schema.items ?? {}, `${path}[${i}]`))
        : [`${path}: not an array`];
    case 'object': {
      if (value === null || typeof value !== 'object') return [`${path}: not an object`];
      const properties = schema.properties ?? {};
      const record = value as Record<string, unknown>;
      return [
        ...(schema.required ?? []).filter((key) => !(key in record)).map((key) => `${path}.${key}: missing`),
        ...Object.keys(record)
          .filter((key) => !(key in properties))
          .map((key) => `${path}.${key}: not documented`),
        ...Object.entries(record).flatMap(([key, item]) =>
          key in properties ? departures(item, properties[key] as Schema, `${path}.${key}`) : [],
        ),
      ];
    }
    default:
      return [];
  }
}

describe('the status OpenAPI document', () => {
  afterEach(async () => {
    await server.close();
  });

  it('describes every answer exactly: each field it has is documented, each documented one is there', async () => {
    await start();
    const { api, planned, unplanned } = await seed();
    const admin = server.fixture.store.statusAdmin;
    await admin.addComponent({ name: 'Auth', parent_id: api.id, state: 'degraded' });
    await admin.updateNotice(unplanned.id, { state: 'resolved', content: 'Fixed' });
    const document = (await (await call('/openapi.json')).json()) as {
      paths: Record<
        string,
        { get: { responses: { 200: { content: { 'application/json': { schema: Schema } } } } } }
      >;
    };
    const schemaOf = (path: string) =>
      document.paths[path]?.get.responses[200].content['application/json'].schema;
    const answers: [string, string][] = [
      ['/status', '/status'],
      ['/components', '/components'],
      ['/notices', '/notices'],
      ['/notices?filter%5Btimeline_state_eq%5D=past', '/notices'],
      [`/notices/${planned.id}`, '/notices/{id}'],
      [`/notices/${unplanned.id}`, '/notices/{id}'],
    ];
    for (const [path, documented] of answers) {
      const schema = schemaOf(documented);
      expect([path, schema?.type]).toEqual([path, 'object']);
      const body = await (await asClient(path)).json();
      expect([path, departures(body, schema as Schema)]).toEqual([path, []]);
    }
    // The checker finds what it should: a field the document lacks, and one it requires.
    const page = (await (await asClient('/status')).json()) as { page: Record<string, unknown> };
    const { state_text: _sentence, ...withoutText } = page.page;
    expect(departures({ page: { ...page.page, extra: 1 } }, schemaOf('/status') as Schema)).toEqual([
      '$.page.extra: not documented',
    ]);
    expect(departures({ page: withoutText }, schemaOf('/status') as Schema)).toEqual([
      '$.page.state_text: missing',
    ]);
  });
});

describe('the status rate limit', () => {
  afterEach(async () => {
    await server.close();
  });

  it('allows N requests a second per client address, then 429 with Retry-After and errors', async () => {
    await start({ statusRateLimit: 5 });
    const seen: [number, string | null][] = [];
    for (const path of ['/status', '/components', '/nothing', '/notices', '/status']) {
      const response = await call(path);
      expect(response.headers.get('ratelimit-policy')).toBe('"status";q=5;w=1');
      seen.push([response.status, response.headers.get('ratelimit')]);
    }
    expect(seen).toEqual([
      [200, '"status";r=4;t=1'],
      [200, '"status";r=3;t=1'],
      [404, '"status";r=2;t=1'],
      [200, '"status";r=1;t=1'],
      [200, '"status";r=0;t=1'],
    ]);
    const limited = await call('/status');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expectPublicHeaders(limited, 429);
    expect(limited.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);
    expect((await errorsOf(limited))[0]).toMatch(/rate limited/);
    // Wrong methods count too (they are refused before they cost anything else).
    expect((await call('/status', { method: 'POST' })).status).toBe(429);

    // Another address has its own bucket.
    const elsewhere = new Agent({ localAddress: '127.0.0.2' });
    try {
      const other = await request(`${server.url}${API}/status`, { dispatcher: elsewhere });
      expect(other.statusCode).toBe(200);
      expect(other.headers.ratelimit).toBe('"status";r=4;t=1');
      await other.body.dump();
    } finally {
      await elsewhere.close();
    }

    // A fifth of a second refills one request; a second refills the burst.
    clock.advance(200);
    expect((await call('/status')).status).toBe(200);
    expect((await call('/status')).status).toBe(429);
    clock.advance(1000);
    for (let i = 0; i < 5; i++) expect((await call('/status')).status).toBe(200);
    expect((await call('/status')).status).toBe(429);
  });

  /** A status request a reverse proxy forwards for `client`. */
  const forwardedFor = (client: string) => call('/status', { headers: { 'x-forwarded-for': client } });

  it('counts the client a trusted proxy names in X-Forwarded-For (--trust-proxy)', async () => {
    await start({ statusRateLimit: 1, trustProxy: ['127.0.0.1'] });
    expect((await forwardedFor('203.0.113.1')).status).toBe(200);
    expect((await forwardedFor('203.0.113.1')).status).toBe(429);
    // Another client behind the same proxy has its own bucket, as does the proxy itself.
    expect((await forwardedFor('203.0.113.9, 203.0.113.2')).status).toBe(200);
    expect((await call('/status')).status).toBe(200);
  });

  for (const [what, trustProxy] of [
    ['unless told', undefined],
    ['from a peer it does not trust', ['10.0.0.0/8', 'uniquelocal']],
  ] as const) {
    it(`ignores X-Forwarded-For ${what}: a client cannot name itself another address`, async () => {
      await start({ statusRateLimit: 1, ...(trustProxy ? { trustProxy: [...trustProxy] } : {}) });
      expect((await forwardedFor('203.0.113.1')).status).toBe(200);
      expect((await forwardedFor('203.0.113.2')).status).toBe(429);
    });
  }

  it('is off unless set: no 429 and no RateLimit headers', async () => {
    await start({ statusRateLimit: null });
    for (let i = 0; i < 20; i++) {
      const response = await call('/status');
      expect([i, response.status, response.headers.get('ratelimit')]).toEqual([i, 200, null]);
    }
  });

  it('turns N a second into a bucket of N (at least one), and refuses rates that are not positive', () => {
    expect(statusBucket(5)).toEqual({ burst: 5, perSecond: 5 });
    expect(statusBucket(0.5)).toEqual({ burst: 1, perSecond: 0.5 });
    expect(statusBucket(2.5)).toEqual({ burst: 2, perSecond: 2.5 });
    expect(statusBucket(undefined)).toBeUndefined();
    expect(statusBucket(null)).toBeUndefined();
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => statusBucket(bad)).toThrow(/positive number/);
    }
  });
});

describe('RemoteStatusService against pulse serve', () => {
  afterEach(async () => {
    await server.close();
  });

  it('waits out a 429 for its Retry-After while it has retries, else reports the rate limit', async () => {
    await start({ statusRateLimit: 1 });
    await seed();
    const sleeps: number[] = [];
    // Waiting moves the server's clock: the bucket refills as the client sleeps.
    const sleep = async (ms: number) => {
      sleeps.push(ms);
      clock.advance(ms);
    };
    const patient = new RemoteStatusService(
      new HttpClient({ baseUrl: `${server.url}/status/api/v1`, maxRetries: 2, sleep }),
    );
    const impatient = new RemoteStatusService(
      new HttpClient({ baseUrl: `${server.url}/status/api/v1`, maxRetries: 0, sleep }),
    );
    try {
      expect((await patient.page()).state).toBe('degraded');
      const notices = await patient.listNotices({ type_eq: 'planned' });
      expect(notices).toMatchObject({ page: 1, hasNext: false, count: 1, totalCount: 1, nextPage: null });
      expect(sleeps).toEqual([1000]);
      const refused = await impatient.listComponents().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RateLimitedError);
      expect(refused).toMatchObject({ status: 429, retryAfter: 1 });
      expect(sleeps).toEqual([1000]);
    } finally {
      await patient.close();
      await impatient.close();
    }
  });
});
