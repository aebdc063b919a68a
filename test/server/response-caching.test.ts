/**
 * Cached GET responses of the v1 and status interfaces over real HTTP: a repeated read is served without
 * asking the core again, yet a write anywhere, or the clock moving far enough to change the answer,
 * retires it; nothing is shared between teams, errors are never kept, per-request headers stay per request.
 * And v2's authentication, which caches tokens: a revoked token is refused on the very next request.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoreStatusService } from '../../src/core/status/core-status-service.js';
import { CoreTeamService } from '../../src/core/v1/core-team-service.js';
import { type SteppingClock, steppingClock } from '../helpers/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { openInstance, PUBLIC_URL } from '../helpers/store.js';

const MONDAY = '2026-11-23T10:00:00Z';

let server: TestServer;
let clock: SteppingClock;
let core: { teamId: string; apiKey: string };
let design: { teamId: string; apiKey: string };

async function start(options: Parameters<typeof startTestServer>[0] = {}, at = MONDAY) {
  clock = steppingClock(at);
  server = await startTestServer({ clock, ...options });
  core = await server.fixture.store.admin.teamApiKey('Core');
  design = await server.fixture.store.admin.teamApiKey('Design');
}

const v1 = (path: string, init: RequestInit = {}, team = core) =>
  fetch(`${server.url}/api/v1${path}`, {
    ...init,
    headers: { 'x-team-id': team.teamId, 'x-api-key': team.apiKey, ...init.headers },
  });
const v1Post = (path: string, body: unknown) =>
  v1(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

interface Report {
  date: string;
  team_id: string;
  completed_status_ids: string[];
}
const reports = async (team = core) =>
  ((await (await v1('/reports', {}, team)).json()) as { reports: Report[] }).reports;
const reportDates = async () => (await reports()).map((report) => report.date);

afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

describe('v1 response cache', () => {
  it('answers a repeated GET from the cache, with its Link header and per-request Cache-Control', async () => {
    await start();
    const listReports = vi.spyOn(CoreTeamService.prototype, 'listReports');
    const first = await v1('/reports');
    const second = await v1('/reports');
    expect(listReports).toHaveBeenCalledTimes(1);
    for (const response of [first, second]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect(second.headers.get('link')).toBe(first.headers.get('link'));
    expect(second.headers.get('link')).toContain(`<${PUBLIC_URL}/api/v1/reports?page=1>; rel="first"`);
    expect(await second.text()).toBe(await first.text());
    // Another URL is another entry.
    await v1('/reports?page=1');
    expect(listReports).toHaveBeenCalledTimes(2);
  });

  it('never serves one team what another asked for', async () => {
    await start();
    const listReports = vi.spyOn(CoreTeamService.prototype, 'listReports');
    const ofCore = await reports(core);
    const ofDesign = await reports(design);
    expect(listReports).toHaveBeenCalledTimes(2);
    expect(new Set(ofCore.map((report) => report.team_id))).toEqual(new Set([core.teamId]));
    expect(new Set(ofDesign.map((report) => report.team_id))).toEqual(new Set([design.teamId]));
  });

  it('retires its entries on a write through v1, through v2 and through another connection', async () => {
    await start();
    // The team began today: its one report is today's.
    expect(await reportDates()).toEqual(['2026-11-23']);

    expect((await v1Post('/team_absences', { date: '2026-11-23' })).status).toBe(201);
    expect(await reportDates()).toEqual([]);

    // Another connection to the same file (as another process would be) takes the absence back.
    const other = await openInstance(server.fixture.path, { clock, publicUrl: PUBLIC_URL });
    try {
      await other.teamServiceFor(core.teamId).removeTeamAbsence('2026-11-23');
    } finally {
      await other.close();
    }
    const [today] = await reports();
    expect(today).toMatchObject({ date: '2026-11-23', completed_status_ids: [] });

    const patched = await fetch(`${server.url}/api/v2/check-ins/2026-11-23`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${server.tokens.ben}`, 'content-type': 'application/json' },
      body: JSON.stringify({ previous: 'a', intentions: 'b', blockers: 'none' }),
    });
    const { id } = (await patched.json()) as { id: string };
    expect((await reports())[0]?.completed_status_ids).toEqual([id]);
  });

  it('turns to a new date when the clock passes midnight in a member’s zone, within the minute', async () => {
    // Ben is in Berlin (UTC+1): his Tuesday begins at 23:00 UTC.
    await start({}, '2026-11-23T22:59:50Z');
    const listReports = vi.spyOn(CoreTeamService.prototype, 'listReports');
    expect((await reportDates())[0]).toBe('2026-11-23');
    clock.advance(9_000);
    expect((await reportDates())[0]).toBe('2026-11-23');
    expect(listReports).toHaveBeenCalledTimes(1);
    clock.advance(1_000);
    expect((await reportDates())[0]).toBe('2026-11-24');
    expect(listReports).toHaveBeenCalledTimes(2);
  });

  it('never keeps an error', async () => {
    await start();
    const getReport = vi.spyOn(CoreTeamService.prototype, 'getReport');
    for (let i = 0; i < 2; i++) {
      const response = await v1('/reports/2020-01-01');
      expect(response.status).toBe(404);
      expect(((await response.json()) as { errors: string[] }).errors).toHaveLength(1);
    }
    expect(getReport).toHaveBeenCalledTimes(2);
  });

  it('counts the rate limit down on every request, cached or not', async () => {
    await start({ v1RateLimit: { burst: 3, perSecond: 1 } });
    const listReports = vi.spyOn(CoreTeamService.prototype, 'listReports');
    const seen: [number, string | null][] = [];
    for (let i = 0; i < 4; i++) {
      const response = await v1('/reports');
      seen.push([response.status, response.headers.get('ratelimit')]);
    }
    expect(seen).toEqual([
      [200, '"v1";r=2;t=1'],
      [200, '"v1";r=1;t=1'],
      [200, '"v1";r=0;t=1'],
      [429, '"v1";r=0;t=1'],
    ]);
    expect(listReports).toHaveBeenCalledTimes(1);
  });
});

describe('status response cache', () => {
  const call = (path: string) => fetch(`${server.url}/status/api/v1${path}`);
  const ids = async (path: string) =>
    ((await (await call(path)).json()) as { notices: { id: number }[] }).notices.map((notice) => notice.id);

  it('reuses a rendering while nothing is written and no notice turns, however the clock moves', async () => {
    await start();
    const admin = server.fixture.store.statusAdmin;
    const listNotices = vi.spyOn(CoreStatusService.prototype, 'listNotices');
    const first = await admin.addNotice({ type: 'unplanned', subject: 'Errors' });
    expect(await ids('/notices')).toEqual([first.id]);
    const counted = listNotices.mock.calls.length;
    clock.advance(86_400_000);
    const cached = await call('/notices');
    expect(cached.headers.get('cache-control')).toBe('no-cache');
    expect(cached.headers.get('access-control-allow-origin')).toBe('*');
    expect(listNotices).toHaveBeenCalledTimes(counted);

    const second = await admin.addNotice({ type: 'unplanned', subject: 'Timeouts' });
    expect(await ids('/notices')).toEqual([second.id, first.id]);
    expect(listNotices.mock.calls.length).toBeGreaterThan(counted);
  });

  it('retires its renderings on a write that returns rows (a component inserted RETURNING its id)', async () => {
    await start();
    const admin = server.fixture.store.statusAdmin;
    const names = async () =>
      ((await (await call('/components')).json()) as { components: { name: string }[] }).components.map(
        (component) => component.name,
      );
    await admin.addComponent({ name: 'API' });
    expect(await names()).toEqual(['API']);
    await admin.addComponent({ name: 'DB' });
    expect(await names()).toEqual(['API', 'DB']);
  });

  it('moves a notice from past_recent to past_distant the moment 7 days have passed, nothing written', async () => {
    await start();
    const admin = server.fixture.store.statusAdmin;
    const { id } = await admin.addNotice({ type: 'unplanned', subject: 'Errors' });
    clock.advance(60_000);
    const resolved = await admin.updateNotice(id, { state: 'resolved', content: 'Fixed' });
    const ended = Date.parse(resolved.ended_at as string);
    const timeline = async () =>
      ((await (await call(`/notices/${id}`)).json()) as { notice: { timeline_state: string } }).notice
        .timeline_state;
    const recent = '/notices?filter[timeline_state_eq]=past_recent';
    const distant = '/notices?filter[timeline_state_eq]=past_distant';

    expect(await timeline()).toBe('past_recent');
    expect([await ids(recent), await ids(distant)]).toEqual([[id], []]);
    clock.set(new Date(ended + 7 * 86_400_000).toISOString());
    expect(await timeline()).toBe('past_recent');
    expect([await ids(recent), await ids(distant)]).toEqual([[id], []]);
    clock.advance(1);
    expect(await timeline()).toBe('past_distant');
    expect([await ids(recent), await ids(distant)]).toEqual([[], [id]]);
    // The other filters still read the stored notices, not another filter's rendering.
    expect(await ids('/notices?filter[type_eq]=planned')).toEqual([]);
    expect(await ids('/notices?filter[type_eq]=unplanned')).toEqual([id]);
  });

  it('reads the default page afresh: it was "created" at the time of each reading', async () => {
    await start();
    const createdAt = async () =>
      ((await (await call('/status')).json()) as { page: { created_at: string } }).page.created_at;
    expect(await createdAt()).toBe(MONDAY);
    clock.advance(1_000);
    expect(await createdAt()).toBe('2026-11-23T10:00:01Z');
  });
});

describe('v1 authentication', () => {
  it('refuses a key on the next request once it is rotated, and a wrong key for a team it knows', async () => {
    await start();
    expect((await v1('/members')).status).toBe(200);
    expect((await v1('/members')).status).toBe(200);
    const wrong = { teamId: core.teamId, apiKey: `service_team_${'A'.repeat(43)}` };
    expect((await v1('/members', {}, wrong)).status).toBe(401);
    const rotated = await server.fixture.store.admin.teamApiKey('Core', { rotate: true });
    expect((await v1('/members')).status).toBe(401);
    expect((await v1('/members', {}, rotated)).status).toBe(200);
    // The team id in any case, as the core reads it.
    const upper = { teamId: rotated.teamId.toUpperCase(), apiKey: rotated.apiKey };
    expect((await v1('/members', {}, upper)).status).toBe(200);
    expect((await v1('/members', {}, { ...upper, apiKey: core.apiKey })).status).toBe(401);
  });
});

describe('v2 authentication', () => {
  it('refuses a revoked token on the next request', async () => {
    await start();
    const me = () =>
      fetch(`${server.url}/api/v2/me`, { headers: { authorization: `Bearer ${server.tokens.ben}` } });
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200);
    await server.fixture.store.admin.revokeToken(server.tokens.ben as string);
    const refused = await me();
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('the access token was revoked');
  });

  it('refuses a token it knows once the clock passes its expiry', async () => {
    await start();
    const { token } = await server.fixture.store.admin.createToken({
      person: 'ben@example.com',
      expiresIn: 60,
    });
    const me = () => fetch(`${server.url}/api/v2/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me()).status).toBe(200);
    clock.advance(59_000);
    expect((await me()).status).toBe(200);
    clock.advance(1_000);
    const expired = await me();
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('the access token expired');
  });
});

describe('v2 response cache', () => {
  it('makes no Service for a request answered from the cache, and one for each request that needs it', async () => {
    await start();
    const serviceFor = vi.spyOn(server.fixture.store, 'serviceFor');
    const checkIns = () =>
      fetch(`${server.url}/api/v2/check-ins`, { headers: { authorization: `Bearer ${server.tokens.ben}` } });
    const first = await checkIns();
    const second = await checkIns();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await second.text()).toBe(await first.text());
    expect(serviceFor).toHaveBeenCalledTimes(1);
    // A request as another person is another entry, with its own Service.
    await fetch(`${server.url}/api/v2/check-ins`, {
      headers: { authorization: `Bearer ${server.tokens.ana}` },
    });
    expect(serviceFor).toHaveBeenCalledTimes(2);
  });
});
