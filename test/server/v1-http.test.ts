/** The v1 interface over real HTTP: team keys, statuses, headers and `{"errors": [...]}` bodies. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../src/core/errors.js';
import { V1_PAGE_SIZE } from '../../src/core/v1/team-service.js';
import { HttpClient } from '../../src/remote/http-client.js';
import { RemoteTeamService } from '../../src/remote/remote-team-service.js';
import { type SteppingClock, steppingClock } from '../helpers/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { PUBLIC_URL } from '../helpers/store.js';

const MONDAY = '2026-11-23T10:00:00.000Z';

let server: TestServer;
let clock: SteppingClock;
let core: { teamId: string; apiKey: string };
let design: { teamId: string; apiKey: string };

type CallInit = RequestInit & { team?: string | null; key?: string | null };
const call = (path: string, init: CallInit = {}) => {
  const headers = new Headers(init.headers);
  const team = init.team === undefined ? core.teamId : init.team;
  const key = init.key === undefined ? core.apiKey : init.key;
  if (team !== null) headers.set('x-team-id', team);
  if (key !== null) headers.set('x-api-key', key);
  return fetch(`${server.url}/api/v1${path}`, { ...init, headers });
};
const send = (method: string, path: string, body?: unknown, init: CallInit = {}) =>
  call(path, {
    ...init,
    method,
    headers: { 'content-type': 'application/json', ...init.headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const errorsOf = async (response: Response) => ((await response.json()) as { errors: string[] }).errors;

async function start(options: Parameters<typeof startTestServer>[0] = {}) {
  clock = steppingClock(MONDAY);
  server = await startTestServer({ clock, ...options });
  core = await server.fixture.store.admin.teamApiKey('Core');
  design = await server.fixture.store.admin.teamApiKey('Design');
}

describe('v1 over HTTP', () => {
  beforeEach(async () => {
    await start();
  });
  afterEach(async () => {
    await server.close();
  });

  it('serves wrapped resources and collections as JSON, never cached, with a Link header', async () => {
    const list = await call('/members');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.headers.get('link')).toBe(`<${PUBLIC_URL}/api/v1/members?page=1>; rel="first"`);
    // No limit configured (as in tests and the contract suite): no RateLimit headers.
    expect(list.headers.get('ratelimit')).toBeNull();
    const { members } = (await list.json()) as { members: { id: string; user: { email: string } }[] };
    expect(members.map((member) => member.user.email)).toContain('ben@example.com');

    const ben = server.fixture.ids.ben as string;
    const one = await call(`/members/${ben}`);
    expect(one.headers.get('cache-control')).toBe('no-store');
    expect(((await one.json()) as { member: { id: string } }).member.id).toBe(ben);

    const narrowed = (await (await call('/members?q=OKAF')).json()) as { members: { id: string }[] };
    expect(narrowed.members.map((member) => member.id)).toEqual([ben]);
    const second = await call('/members?q=a&page=2');
    expect(await second.json()).toEqual({ members: [] });
    expect(second.headers.get('link')).toBe(
      `<${PUBLIC_URL}/api/v1/members?q=a&page=1>; rel="first", <${PUBLIC_URL}/api/v1/members?q=a&page=1>; rel="prev"`,
    );
    for (const [path, key] of [
      ['/reports', 'reports'],
      ['/statuses', 'statuses'],
      ['/tags', 'tags'],
    ] as const) {
      const response = await call(path);
      expect([path, response.status]).toEqual([path, 200]);
      expect(Array.isArray(((await response.json()) as Record<string, unknown>)[key])).toBe(true);
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await call('/members', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.text()).toBe('');
  });

  it('refuses missing, wrong and other teams’ credentials with 401 and errors', async () => {
    const cases: [string, CallInit][] = [
      ['no headers', { team: null, key: null }],
      ['no key', { key: null }],
      ['no team id', { team: null }],
      ['a wrong key', { key: `service_team_${'A'.repeat(43)}` }],
      ['a malformed key', { key: 'x' }],
      ['a malformed team id', { team: 'core' }],
      ['another team’s key', { key: design.apiKey }],
      ['a key with another team’s id', { team: design.teamId }],
      ['an unknown team', { team: '00000000-0000-4000-8000-000000000000' }],
    ];
    for (const [name, init] of cases) {
      const response = await call('/members', init);
      expect([name, response.status]).toEqual([name, 401]);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const errors = await errorsOf(response);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/X-Team-ID|not valid/);
    }
    // Authentication comes before routing: an unknown path or a wrong method tells a stranger nothing.
    expect((await call('/nothing', { key: null })).status).toBe(401);
    expect((await call('/members', { method: 'DELETE', key: null })).status).toBe(401);
    // Each team's own pair works.
    expect((await call('/members', { team: design.teamId, key: design.apiKey })).status).toBe(200);
  });

  it('stops accepting the old key once the key is rotated', async () => {
    const rotated = await server.fixture.store.admin.teamApiKey('Core', { rotate: true });
    expect(rotated.teamId).toBe(core.teamId);
    const old = await call('/members');
    expect(old.status).toBe(401);
    expect(await errorsOf(old)).toHaveLength(1);
    expect((await call('/members', { key: rotated.apiKey })).status).toBe(200);
  });

  it('answers 406 when Accept excludes JSON, before asking for credentials', async () => {
    for (const accept of [
      'text/html',
      'text/html, application/json;q=0',
      'application/json;q=0, */*',
      'image/*',
    ]) {
      const response = await call('/members', { headers: { accept } });
      expect([accept, response.status]).toEqual([accept, 406]);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await errorsOf(response))[0]).toMatch(/only JSON/);
    }
    expect((await call('/members', { headers: { accept: 'text/html' }, key: null })).status).toBe(406);
    for (const accept of [
      'application/json',
      '*/*',
      'application/*',
      'text/html, application/json;q=0.1',
      'application/vnd.api+json',
      'text/html;q=0.9, */*;q=0.1',
    ]) {
      const response = await call('/members', { headers: { accept } });
      expect([accept, response.status]).toEqual([accept, 200]);
    }
  });

  it('answers 405 with Allow for a known path and another method', async () => {
    const cases: [string, string, string][] = [
      ['DELETE', '/members', 'GET, HEAD'],
      ['POST', '/members/x', 'GET, HEAD'],
      ['PUT', '/statuses/x', 'GET, HEAD'],
      ['PATCH', '/reports', 'GET, HEAD'],
      ['PUT', '/team_absences', 'GET, POST, HEAD'],
      ['DELETE', '/comments', 'GET, HEAD'],
      ['POST', '/reactions', 'GET, HEAD'],
      ['DELETE', '/status_activities', 'POST'],
      ['GET', '/member_absences/x', 'POST'],
      ['POST', '/member_absences/x/2026-11-23', 'DELETE'],
      ['PUT', '/team_absences/2026-11-23', 'DELETE'],
      ['OPTIONS', '/tags', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const response = await send(method, path);
      expect([method, path, response.status, response.headers.get('allow')]).toEqual([
        method,
        path,
        405,
        allow,
      ]);
      expect((await errorsOf(response))[0]).toContain(`${method} is not allowed`);
    }
  });

  it('answers 404 with errors for what is not there, in this team or at all', async () => {
    const secretOnly = server.fixture.ids.dee as string;
    for (const path of [
      '/members/nobody',
      `/members/${secretOnly}`,
      '/statuses/00000000-0000-4000-8000-000000000000',
      '/reports/2020-01-01',
      '/comments/x',
      '/reactions/x',
      '/status_activities/x',
      '/nothing',
      '/members/x/y',
    ]) {
      const response = await call(path);
      expect([path, response.status]).toEqual([path, 404]);
      const errors = await errorsOf(response);
      expect(errors).toHaveLength(1);
      expect(typeof errors[0]).toBe('string');
    }
  });

  it('answers 400 with errors for bad parameters and bodies, and 413 past the body limit', async () => {
    const cases: [Promise<Response>, string][] = [
      [call('/members?page=abc'), 'page must be an integer of at least 1'],
      [call('/statuses?page=0'), 'page must be an integer of at least 1'],
      [call('/reports?page=1&page=2'), 'page must be an integer of at least 1'],
      [call('/members?q=a&q=b'), 'q must be a single string'],
      [send('POST', '/team_absences', '{"date":'), 'the request body is not valid JSON'],
      // An empty body is no body (a DELETE sent with Content-Type: application/json has none).
      [send('POST', '/team_absences', ''), 'the request body must be a JSON object with a date'],
      [send('POST', '/team_absences'), 'the request body must be a JSON object with a date'],
      [send('POST', '/status_activities', ''), 'the request body must be a JSON object'],
      [
        send('POST', '/team_absences', 'date=2026-11-23', { headers: { 'content-type': 'text/plain' } }),
        'the request body must be JSON',
      ],
      [send('POST', '/team_absences', { date: '2026-02-30' }), 'date must be a date (YYYY-MM-DD)'],
      [send('POST', '/team_absences', []), 'the request body must be a JSON object with a date'],
      [send('DELETE', '/team_absences/tomorrow'), 'date must be a date (YYYY-MM-DD)'],
    ];
    for (const [pending, message] of cases) {
      const response = await pending;
      expect([message, response.status]).toEqual([message, 400]);
      expect((await errorsOf(response))[0]).toContain(message);
    }
    const huge = await send('POST', '/status_activities', { description: 'x'.repeat(1024 * 1024) });
    expect(huge.status).toBe(413);
    expect((await errorsOf(huge))[0]).toMatch(/larger than/);
  });

  it('adds (201, then 202) and removes (204) member and team absences', async () => {
    const ben = server.fixture.ids.ben as string;
    const first = await send('POST', `/member_absences/${ben}`, { date: '2026-11-25' });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ member_absence: { member_id: ben, date: '2026-11-25' } });
    const again = await send('POST', `/member_absences/${ben}`, { date: '2026-11-25' });
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ member_absence: { member_id: ben, date: '2026-11-25' } });
    for (let i = 0; i < 2; i++) {
      const removed = await send('DELETE', `/member_absences/${ben}/2026-11-25`);
      expect(removed.status).toBe(204);
      expect(await removed.text()).toBe('');
    }
    expect((await send('POST', `/member_absences/${ben}`, { date: '2026-11-25' })).status).toBe(201);

    const holiday = await send('POST', '/team_absences', { date: '2026-12-24' });
    expect(holiday.status).toBe(201);
    expect(await holiday.json()).toEqual({ team_absence: { team_id: core.teamId, date: '2026-12-24' } });
    expect((await send('POST', '/team_absences', { date: '2026-12-24' })).status).toBe(202);
    // With Content-Type: application/json and no body, a DELETE is fine; a body of spaces is no JSON.
    const spaces = await send('DELETE', '/team_absences/2026-12-24', '  ');
    expect(spaces.status).toBe(400);
    expect(await errorsOf(spaces)).toEqual([expect.stringContaining('not valid JSON')]);
    expect((await send('DELETE', '/team_absences/2026-12-24')).status).toBe(204);
    expect((await send('POST', '/team_absences', { date: '2026-12-24' })).status).toBe(201);
    // A member of another team is not found through this team's key.
    const dee = server.fixture.ids.dee as string;
    expect((await send('POST', `/member_absences/${dee}`, { date: '2026-11-25' })).status).toBe(404);
  });

  it('serves the comment and reaction lists as a polling automation reads them: ?page=N, newest first', async () => {
    const ana = server.fixture.store.serviceFor(server.fixture.ids.ana as string);
    const ben = server.fixture.store.serviceFor(server.fixture.ids.ben as string);
    const saved = await ana.updateCheckIn('2026-11-23', { previous: 'a', intentions: 'b', blockers: 'none' });
    const ref = { type: 'check-in' as const, id: saved.id };
    const made: string[] = [];
    for (let n = 1; n <= V1_PAGE_SIZE + 1; n += 1) {
      made.push((await ben.createComment(ref, { body: `comment ${n}` })).id);
      clock.advance(1_000);
    }
    const { reaction } = await ben.addReaction(ref, { name: 'heart' });

    // The automation asks page 1, emits what it has not seen, and follows rel="next" while there is one.
    const first = await call('/comments?page=1');
    expect(first.status).toBe(200);
    expect(first.headers.get('link')).toBe(
      `<${PUBLIC_URL}/api/v1/comments?page=1>; rel="first", <${PUBLIC_URL}/api/v1/comments?page=2>; rel="next"`,
    );
    const { comments } = (await first.json()) as { comments: { id: string; created_at: string }[] };
    expect(comments.map((comment) => comment.id)).toEqual(made.slice(1).reverse());
    const single = (await (await call(`/comments/${comments[0]?.id}`)).json()) as { comment: unknown };
    expect(comments[0]).toEqual(single.comment);
    const second = await call('/comments?page=2');
    expect(await second.json()).toEqual({ comments: [expect.objectContaining({ id: made[0] })] });
    expect(second.headers.get('link')).not.toContain('rel="next"');

    const reactions = await call('/reactions?page=1');
    expect(reactions.status).toBe(200);
    const single2 = (await (await call(`/reactions/${reaction.id}`)).json()) as { reaction: unknown };
    expect(await reactions.json()).toEqual({ reactions: [single2.reaction] });

    // Another team's key sees none of them.
    const other = await call('/comments?page=1', { team: design.teamId, key: design.apiKey });
    expect(await other.json()).toEqual({ comments: [] });
    // A page far past the end is empty, like any list's (it was a 500 once: no offset for the walk).
    for (const list of ['comments', 'reactions']) {
      const far = await call(`/${list}?page=${Number.MAX_SAFE_INTEGER}`);
      expect([list, far.status, await far.json()]).toEqual([list, 200, { [list]: [] }]);
    }

    // curl -f: a page that is no page fails the run with 400 and says why.
    for (const query of ['page=0', 'page=abc', 'page=1&page=2', 'page=']) {
      for (const list of ['/comments', '/reactions']) {
        const response = await call(`${list}?${query}`);
        expect([list, query, response.status]).toEqual([list, query, 400]);
        expect(await errorsOf(response)).toEqual(['page must be an integer of at least 1']);
      }
    }
  });

  it('reads absences back (pulse extensions): by date, narrowed by member, from and to', async () => {
    const ben = server.fixture.ids.ben as string;
    const cy = server.fixture.ids.cy as string;
    for (const [who, date] of [
      ['ben-okafor', '2026-11-26'],
      [cy, '2026-11-24'],
      ['ben-okafor', '2026-11-24'],
    ]) {
      expect((await send('POST', `/member_absences/${who}`, { date })).status).toBe(201);
    }
    expect((await send('POST', '/team_absences', { date: '2026-12-24' })).status).toBe(201);
    expect((await send('POST', '/team_absences', { date: '2026-12-25' })).status).toBe(201);

    const benOnly = await call('/member_absences?member=ben-okafor&from=2026-11-23&to=2026-11-27&page=1');
    expect(benOnly.status).toBe(200);
    const benMember = { id: ben, slug: 'ben-okafor', email: 'ben@example.com' };
    expect(await benOnly.json()).toEqual({
      member_absences: [
        { member: benMember, date: '2026-11-24' },
        { member: benMember, date: '2026-11-26' },
      ],
    });
    const all = (await (await call('/member_absences?from=2026-11-24&to=2026-11-24')).json()) as {
      member_absences: { member: { id: string }; date: string }[];
    };
    expect(all.member_absences.map((item) => item.member.id)).toEqual([ben, cy].sort());
    expect(await (await call('/team_absences?from=2026-12-25')).json()).toEqual({
      team_absences: [{ date: '2026-12-25' }],
    });
    expect(await (await call('/team_absences')).json()).toEqual({
      team_absences: [{ date: '2026-12-24' }, { date: '2026-12-25' }],
    });

    const cases: [string, number, string][] = [
      ['/member_absences?from=2026-13-01', 400, 'from must be a date (YYYY-MM-DD)'],
      ['/member_absences?to=tomorrow', 400, 'to must be a date (YYYY-MM-DD)'],
      [
        '/team_absences?from=2026-12-31&to=2026-12-01',
        400,
        'from must not be after to (from 2026-12-31, to 2026-12-01)',
      ],
      ['/team_absences?page=-1', 400, 'page must be an integer of at least 1'],
      ['/member_absences?member=dee-roy', 404, 'no member dee-roy in this team'],
    ];
    for (const [path, status, message] of cases) {
      const response = await call(path);
      expect([path, response.status]).toEqual([path, status]);
      expect(await errorsOf(response)).toEqual([message]);
    }
  });

  it('pushes a status activity (201) and serves it back; rules broken are 422', async () => {
    const pushed = await send('POST', '/status_activities', {
      email: 'ben@example.com',
      source: 'github',
      description: 'Merged <b>PR</b>',
    });
    expect(pushed.status).toBe(201);
    const { status_activity: activity } = (await pushed.json()) as {
      status_activity: { id: string; status_id: string; kind: string };
    };
    expect(activity.kind).toBe('github');
    expect(await (await call(`/status_activities/${activity.id}`)).json()).toEqual({
      status_activity: activity,
    });
    const status = (await (await call(`/statuses/${activity.status_id}`)).json()) as {
      status: { status_activity_ids: string[] };
    };
    expect(status.status.status_activity_ids).toEqual([activity.id]);

    const stranger = await send('POST', '/status_activities', {
      email: 'dee@example.com',
      source: 'github',
      description: 'x',
    });
    expect(stranger.status).toBe(422);
    expect((await errorsOf(stranger))[0]).toMatch(/not an address of a member/);
  });
});

describe('v1 rate limit', () => {
  afterEach(async () => {
    await server.close();
  });

  it('publishes the bucket on every response and answers 429 with Retry-After past the burst', async () => {
    await start({ v1RateLimit: { burst: 3, perSecond: 1 } });
    const seen: [number, string | null][] = [];
    for (const path of ['/members', '/members/nobody', '/members']) {
      const response = await call(path);
      expect(response.headers.get('ratelimit-policy')).toBe('"v1";q=3;w=3');
      seen.push([response.status, response.headers.get('ratelimit')]);
    }
    expect(seen).toEqual([
      [200, '"v1";r=2;t=1'],
      [404, '"v1";r=1;t=1'],
      [200, '"v1";r=0;t=1'],
    ]);
    const limited = await call('/members');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('ratelimit')).toBe('"v1";r=0;t=1');
    expect(limited.headers.get('ratelimit-policy')).toBe('"v1";q=3;w=3');
    expect((await errorsOf(limited))[0]).toMatch(/rate limited/);
    // Refused requests take nothing, other teams have their own bucket, refused credentials none at all.
    expect((await call('/members', { team: design.teamId, key: design.apiKey })).status).toBe(200);
    const refused = await call('/members', { key: 'x' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('ratelimit')).toBeNull();
    clock.advance(1000);
    const refilled = await call('/members');
    expect(refilled.status).toBe(200);
    expect(refilled.headers.get('ratelimit')).toBe('"v1";r=0;t=1');
    clock.advance(60_000);
    expect((await call('/members')).headers.get('ratelimit')).toBe('"v1";r=2;t=1');
  });

  it('counts 405s and 404s like any request, and a slow rate in whole seconds', async () => {
    await start({ v1RateLimit: { burst: 1, perSecond: 0.25 } });
    const first = await call('/members', { method: 'DELETE' });
    expect(first.status).toBe(405);
    expect(first.headers.get('ratelimit')).toBe('"v1";r=0;t=4');
    expect(first.headers.get('ratelimit-policy')).toBe('"v1";q=1;w=4');
    clock.advance(1500);
    const limited = await call('/nothing');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
  });
});

describe('RemoteTeamService against pulse serve', () => {
  afterEach(async () => {
    await server.close();
  });

  it('paces itself under the bucket instead of failing a long run', async () => {
    await start({ v1RateLimit: { burst: 2, perSecond: 1 } });
    const waits: number[] = [];
    // Waiting moves the server's clock: the bucket refills as the client sleeps.
    const sleep = async (ms: number) => {
      waits.push(ms);
      clock.advance(ms);
    };
    const http = new HttpClient({
      baseUrl: `${server.url}/api/v1`,
      headers: { 'x-team-id': core.teamId, 'x-api-key': core.apiKey },
      sleep,
    });
    const team = new RemoteTeamService(http, core.teamId, { sleep });
    try {
      for (let day = 1; day <= 6; day++) {
        const outcome = await team.addTeamAbsence({ date: `2026-12-0${day}` });
        expect(outcome).toEqual({
          absence: { team_id: core.teamId, date: `2026-12-0${day}` },
          created: true,
        });
      }
      // Two from the burst, then one a second: paced by RateLimit, never refused.
      expect(waits).toEqual([1000, 1000, 1000, 1000]);
      const members = await team.listMembers({ q: 'okafor' });
      expect(members).toMatchObject({ page: 1, hasNext: false });
      expect(members.items.map((member) => member.id)).toEqual([server.fixture.ids.ben]);
      expect((await team.addTeamAbsence({ date: '2026-12-01' })).created).toBe(false);
      await team.removeTeamAbsence('2026-12-01');
    } finally {
      await team.close();
    }
  });
});

type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

describe('RemoteTeamService against a fault-injecting server', () => {
  let fake: Server;
  let base: string;
  let answers: Answer[];
  let seen: { method: string; url: string; headers: IncomingMessage['headers'] }[];
  let sleeps: number[];
  let team: RemoteTeamService;

  beforeEach(async () => {
    answers = [];
    seen = [];
    sleeps = [];
    fake = createServer((request, response) => {
      seen.push({ method: request.method as string, url: request.url as string, headers: request.headers });
      request.resume();
      const answer = answers.shift() ?? { status: 200, body: {} };
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/api/v1`;
    const sleep = async (ms: number) => {
      sleeps.push(ms);
    };
    const http = new HttpClient({
      baseUrl: base,
      headers: { 'x-team-id': 'the-team', 'x-api-key': 'the-key' },
      authHint: 'log in again with pulse auth login --team-id',
      backoffMs: 1,
      sleep,
    });
    team = new RemoteTeamService(http, 'the-team', { sleep });
  });
  afterEach(async () => {
    await team.close();
    fake.closeAllConnections();
    await new Promise((resolve) => fake.close(resolve));
  });

  it('waits t seconds before the next request once a response says r=0, and not after the last', async () => {
    answers = [
      { status: 200, headers: { ratelimit: '"v1";r=1;t=1' }, body: { tags: ['a'] } },
      { status: 200, headers: { ratelimit: '"v1";r=0;t=1' }, body: { tags: ['b'] } },
      { status: 404, headers: { ratelimit: '"v1";r=0;t=3' }, body: { errors: ['no such member'] } },
      { status: 200, headers: { ratelimit: '"v1";r=4;t=1' }, body: { tags: [] } },
    ];
    await team.listTags();
    await team.listTags({ page: 2 });
    // The wait is owed, not yet taken.
    expect(sleeps).toEqual([]);
    // Error responses count too: the 404 said to wait 3 s before the next.
    await expect(team.getMember('nobody')).rejects.toMatchObject({ status: 404 });
    expect(sleeps).toEqual([1000]);
    await team.listTags();
    expect(sleeps).toEqual([1000, 3000]);
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/v1/tags',
      'GET /api/v1/tags?page=2',
      'GET /api/v1/members/nobody',
      'GET /api/v1/tags',
    ]);
    for (const request of seen) {
      expect(request.headers).toMatchObject({ 'x-team-id': 'the-team', 'x-api-key': 'the-key' });
    }
  });

  it('retries an absence POST past a 429 with Retry-After; a status activity POST is sent once', async () => {
    answers = [
      {
        status: 429,
        headers: { 'retry-after': '2', ratelimit: '"v1";r=0;t=2' },
        body: { errors: ['slow down'] },
      },
      {
        status: 202,
        headers: { ratelimit: '"v1";r=3;t=1' },
        body: { member_absence: { member_id: 'm', date: 'd' } },
      },
    ];
    expect(await team.addMemberAbsence('ben okafor/x', { date: '2026-11-25' })).toEqual({
      absence: { member_id: 'm', date: 'd' },
      created: false,
    });
    expect(sleeps).toEqual([2000]);
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/v1/member_absences/ben%20okafor%2Fx',
      'POST /api/v1/member_absences/ben%20okafor%2Fx',
    ]);

    seen = [];
    answers = [
      {
        status: 429,
        headers: { 'retry-after': '1', ratelimit: '"v1";r=0;t=1' },
        body: { errors: ['slow down'] },
      },
      { status: 503 },
      { status: 204 },
    ];
    await expect(team.createStatusActivity({ email: 'x' })).rejects.toBeInstanceOf(RateLimitedError);
    // Deletes are retried on a 5xx, after the wait the 429 asked for.
    await team.removeTeamAbsence('2026-11-25');
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/v1/status_activities',
      'DELETE /api/v1/team_absences/2026-11-25',
      'DELETE /api/v1/team_absences/2026-11-25',
    ]);
    expect(sleeps[1]).toBe(1000);
  });

  it('reads hasNext from Link rel="next", or from a full page when there is no Link', async () => {
    const full = Array.from({ length: V1_PAGE_SIZE }, (_, index) => `tag${index}`);
    answers = [
      { status: 200, headers: { link: `<${base}/tags?page=1>; rel="first"` }, body: { tags: full } },
      {
        status: 200,
        headers: { link: `<${base}/tags?page=1>; rel="first", <${base}/tags?page=3>; rel="next"` },
        body: { tags: ['x'] },
      },
      { status: 200, body: { tags: full } },
      { status: 200, body: { tags: ['x'] } },
      { status: 201, body: { team_absence: { team_id: 't', date: 'd' } } },
    ];
    expect(await team.listTags()).toMatchObject({ page: 1, hasNext: false });
    expect(await team.listTags({ page: '2' })).toMatchObject({ page: 2, hasNext: true });
    expect(await team.listTags()).toMatchObject({ hasNext: true });
    expect(await team.listTags()).toMatchObject({ hasNext: false });
    expect((await team.addTeamAbsence({ date: 'd' })).created).toBe(true);
  });

  it('says a deployment lacks the absence lists (pulse extensions) on 405, or 404 for team absences', async () => {
    answers = [
      { status: 405, headers: { allow: 'POST' }, body: { errors: ['GET is not allowed'] } },
      { status: 404, body: { errors: ['no such route'] } },
      { status: 405, body: { errors: ['GET is not allowed'] } },
      { status: 404, body: { errors: ['no member nobody in this team'] } },
    ];
    const unsupported = 'this deployment does not support reading absences back (a pulse serve extension)';
    await expect(team.listTeamAbsences({ from: '2026-12-01' })).rejects.toThrow(unsupported);
    await expect(team.listTeamAbsences()).rejects.toThrow(unsupported);
    await expect(team.listMemberAbsences()).rejects.toThrow(unsupported);
    // A 404 for a member stands: the deployment has the list, not the member.
    await expect(team.listMemberAbsences({ member: 'nobody' })).rejects.toMatchObject({
      status: 404,
      message: 'no member nobody in this team',
    });
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/v1/team_absences?from=2026-12-01',
      'GET /api/v1/team_absences',
      'GET /api/v1/member_absences',
      'GET /api/v1/member_absences?member=nobody',
    ]);
  });

  it('reports a missing wrapper plainly and a 401 with the hint for team keys', async () => {
    answers = [
      { status: 200, body: [] },
      { status: 401, body: { errors: ['the team id or API key is not valid'] } },
    ];
    await expect(team.getStatus('s')).rejects.toThrow(/has no "status"/);
    await expect(team.getStatus('s')).rejects.toThrow(
      'the server refused the credentials (401): log in again with pulse auth login --team-id',
    );
  });
});
