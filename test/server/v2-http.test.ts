/** The v2 interface over real HTTP: statuses, headers and bodies as the document says. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_V2_POLICIES } from '../../src/core/rate-limit.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { PUBLIC_URL } from '../helpers/store.js';

let server: TestServer;
const call = (path: string, init: RequestInit & { token?: string | null } = {}) => {
  const headers = new Headers(init.headers);
  const token = init.token === undefined ? server.tokens.ben : init.token;
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(`${server.url}/api/v2${path}`, { ...init, headers });
};
const patch = (path: string, body: string, contentType = 'application/json', token?: string) =>
  call(path, { method: 'PATCH', body, headers: { 'content-type': contentType }, token });

describe('v2 over HTTP', () => {
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('serves me with an ETag, and 304 for a matching If-None-Match', async () => {
    const response = await call('/me');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const etag = response.headers.get('etag') as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(((await response.json()) as { email: string }).email).toBe('ben@example.com');
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const cached = await call('/me', { headers: { 'if-none-match': header } });
      expect([header, cached.status]).toEqual([header, 304]);
      expect(await cached.text()).toBe('');
    }
    expect((await call('/me', { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);
  });

  it('pages lists with an absolute Link header that keeps the other parameters', async () => {
    const first = await call('/people?per_page=2&people_ids[]=x');
    // people ignores unknown parameters, but the Link keeps them.
    expect(first.status).toBe(200);
    expect(first.headers.get('link')).toBe(
      `<${PUBLIC_URL}/api/v2/people?per_page=2&people_ids[]=x&page=1>; rel="first", ` +
        `<${PUBLIC_URL}/api/v2/people?per_page=2&people_ids[]=x&page=2>; rel="next"`,
    );
    const last = await call('/people?per_page=2&page=3');
    expect(last.headers.get('link')).toBe(
      `<${PUBLIC_URL}/api/v2/people?per_page=2&page=1>; rel="first", <${PUBLIC_URL}/api/v2/people?per_page=2&page=2>; rel="prev"`,
    );
    expect(((await last.json()) as { name: string }[]).map((p: { name: string }) => p.name)).toEqual([
      'Eve Lund',
    ]);
  });

  it('answers repeated GETs from its cache but never after a write', async () => {
    const list = async () => ((await (await call('/check-ins')).json()) as unknown[]).length;
    expect(await list()).toBe(0);
    expect(await list()).toBe(0);
    await patch(
      '/check-ins/2026-11-19',
      JSON.stringify({ previous: 'a', intentions: 'b', blockers: 'none' }),
    );
    expect(await list()).toBe(1);
    await server.fixture.store.serviceFor(server.fixture.ids.ana as string).updateCheckIn('2026-11-19', {
      previous: 'x',
      intentions: 'y',
      blockers: 'none',
    });
    expect(await list()).toBe(2);
  });

  it('fills a check-in by PATCH and filters lists with array parameters', async () => {
    const saved = await patch(
      '/check-ins/2026-11-20',
      JSON.stringify({ previous: 'a', intentions: 'b', blockers: 'stuck' }),
    );
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBeTruthy();
    const body = (await saved.json()) as { id: string };
    expect(body).toMatchObject({ date: '2026-11-20', blocked: true });
    const { ben, ana } = server.fixture.ids;
    const list = await call(`/check-ins?blocked=true&people_ids[]=${ben}&people_ids[]=${ana}`);
    expect(((await list.json()) as { id: string }[]).map((c: { id: string }) => c.id)).toEqual([body.id]);
    expect((await call(`/check-ins?people_ids[]=${ana}`)).status).toBe(200);
  });

  it('answers 400 with errors for bad parameters, bad JSON and non-JSON bodies', async () => {
    const cases: [Promise<Response>, string][] = [
      [call('/check-ins?per_page=51'), 'per_page must be an integer from 1 to 50'],
      [call('/check-ins?page=1&page=2'), 'page must be an integer of at least 1'],
      [call('/check-ins?since=2026-02-30'), 'since must be a date (YYYY-MM-DD)'],
      [patch('/check-ins/2026-11-23', '{"previous":'), 'the request body is not valid JSON'],
      [
        patch('/check-ins/2026-11-23', 'previous=x', 'application/x-www-form-urlencoded'),
        'the request body must be JSON',
      ],
      [patch('/check-ins/2026-11-23', '{"previous": 1}'), 'previous must be a string or null'],
    ];
    for (const [pending, message] of cases) {
      const response = await pending;
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errors: string[] }).errors[0]).toContain(message);
    }
  });

  it('names a body that is not JSON, or not valid JSON, a bad_request in the code of its error', async () => {
    for (const response of [
      await patch('/check-ins/2026-11-23', '{"previous":'),
      await patch('/check-ins/2026-11-23', 'previous=x', 'application/x-www-form-urlencoded'),
    ]) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('bad_request');
    }
  });

  it('answers 422 with errors for rule violations and 413 for bodies over 1 MiB', async () => {
    const rule = await patch('/check-ins/2026-11-23', JSON.stringify({ mood: 'ecstatic' }));
    expect(rule.status).toBe(422);
    expect(((await rule.json()) as { errors: string[] }).errors[0]).toMatch(/^mood must be one of/);
    const huge = await patch('/check-ins/2026-11-23', JSON.stringify({ previous: 'x'.repeat(1024 * 1024) }));
    expect(huge.status).toBe(413);
  });

  it('answers 404 with an empty body for what is not there or not visible', async () => {
    for (const path of [
      '/people/not-a-uuid',
      `/teams/${server.fixture.ids.secret}`,
      '/check-ins/2026-11-21',
      '/nothing',
    ]) {
      const response = await call(path);
      expect([path, response.status, await response.text()]).toEqual([path, 404, '']);
    }
  });

  it('refuses missing and bad tokens with 401, an empty body and WWW-Authenticate', async () => {
    const missing = await call('/me', { token: null });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="pulse"');
    expect(await missing.text()).toBe('');
    const admin = server.fixture.store.admin;
    const expired = await admin.createToken({ person: 'ben@example.com', expiresIn: 1 });
    const revoked = await admin.createToken({ person: 'ben@example.com' });
    await admin.revokeToken(revoked.token);
    const { setTimeout } = await import('node:timers/promises');
    await setTimeout(1100);
    const cases: [string, string][] = [
      ['service_pat_bad', 'the access token is malformed'],
      [`service_pat_${'A'.repeat(43)}`, 'the access token is not known'],
      [expired.token, 'the access token expired'],
      [revoked.token, 'the access token was revoked'],
    ];
    for (const [token, description] of cases) {
      const response = await call('/me', { token });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(
        `Bearer realm="pulse", error="invalid_token", error_description="${description}"`,
      );
      expect(await response.text()).toBe('');
    }
    const basic = await call('/me', { token: null, headers: { authorization: 'Basic YTpi' } });
    expect(basic.status).toBe(401);
  });

  it('refuses writes with a read-scope token (403, empty body) but serves reads', async () => {
    const read = await server.fixture.store.admin.createToken({ person: 'ben@example.com', scope: 'read' });
    expect((await call('/me', { token: read.token })).status).toBe(200);
    const write = await patch('/check-ins/2026-11-23', '{"previous":"x"}', 'application/json', read.token);
    expect(write.status).toBe(403);
    expect(await write.text()).toBe('');
  });
});

describe('v2 rate limits', () => {
  afterEach(async () => {
    await server.close();
  });

  it('publishes the policies on every success and 429 with Retry-After past the burst', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    server = await startTestServer({ rateLimit: DEFAULT_V2_POLICIES, clock: { now: () => new Date(now) } });
    const first = await call('/me');
    expect(first.headers.get('ratelimit-policy')).toBe('"burst";q=30;w=10, "sustained";q=500;w=1800');
    expect(first.headers.get('ratelimit')).toBe('"burst";r=29;t=10, "sustained";r=499;t=1800');
    for (let i = 0; i < 29; i++) expect((await call('/me')).status).toBe(200);
    const limited = await call('/me');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('10');
    expect(limited.headers.get('ratelimit')).toBe('"burst";r=0;t=10, "sustained";r=470;t=1800');
    // Other tokens have their own budget; the window resets after 10 s.
    expect((await call('/me', { token: server.tokens.ana })).status).toBe(200);
    now += 10_000;
    expect((await call('/me')).headers.get('ratelimit')).toBe('"burst";r=29;t=10, "sustained";r=469;t=1790');
    const etag = (await call('/me')).headers.get('etag') as string;
    const notModified = await call('/me', { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('ratelimit')).toMatch(/^"burst";r=27;t=10/);
  });
});

describe('v2 asks, Echo answers and the digest over HTTP', () => {
  afterEach(async () => {
    await server.close();
  });

  it('serves an ask with an ETag that changes once the answer is written, and pages the list', async () => {
    server = await startTestServer({ echoSchedulerMs: null });
    const post = (prompt: string) =>
      call('/asks', {
        method: 'POST',
        body: JSON.stringify({ prompt }),
        headers: { 'content-type': 'application/json' },
      });
    const created = await post('What blocked the team today?');
    expect([created.status, created.headers.get('etag')]).toEqual([201, expect.stringMatching(/^"/)]);
    const { id } = (await created.json()) as { id: string };
    await server.app.answers.queue.idle();
    const first = await call(`/asks/${id}`);
    const etag = first.headers.get('etag') as string;
    expect(etag).not.toBe(created.headers.get('etag'));
    expect(((await first.json()) as { body: string }).body).toMatch(/^I found no check-ins on Core today/);
    expect((await call(`/asks/${id}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await call(`/asks/${id}`, { token: server.tokens.ana })).status).toBe(404);
    await post('second');
    const list = await call('/asks?per_page=1');
    expect(list.headers.get('link')).toBe(
      `<${PUBLIC_URL}/api/v2/asks?per_page=1&page=1>; rel="first", <${PUBLIC_URL}/api/v2/asks?per_page=1&page=2>; rel="next"`,
    );
    const unprocessable = await post('');
    expect([unprocessable.status, await unprocessable.json()]).toEqual([
      422,
      { errors: ['prompt must be 1 to 2000 characters'], code: 'invalid' },
    ]);
  });

  it('never serves a stale digest or answer list when only the clock has moved', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    server = await startTestServer({ clock: { now: () => new Date(now) }, echoSchedulerMs: null });
    const question = await call('/echo/questions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        prompt: 'What shipped?',
        title: 'Daily',
        answer_frequency: 'daily',
        answer_time: '09:00',
      }),
    });
    const { id } = (await question.json()) as { id: string };
    expect(await (await call('/digest')).json()).toEqual([]);
    expect(await (await call(`/echo/questions/${id}/answers`)).json()).toEqual([]);
    now = Date.parse('2026-11-24T08:00:00Z');
    const digest = (await (await call('/digest')).json()) as { category: string }[];
    expect(digest.map((entry) => entry.category)).toEqual(['echo']);
    const answers = (await (await call(`/echo/questions/${id}/answers`)).json()) as {
      id: string;
      title: string;
    }[];
    expect(answers.map((answer) => answer.title)).toEqual(['Daily - Nov 23, 2026']);
    const answer = await call(`/echo/answers/${answers[0]?.id}`);
    expect(answer.status).toBe(200);
    expect((await call(`/echo/answers/${answers[0]?.id}`, { token: server.tokens.cy })).status).toBe(404);
  });
});
