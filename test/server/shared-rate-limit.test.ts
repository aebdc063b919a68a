/**
 * Rate limits across instances (issue 11): two `buildServer` apps on one PostgreSQL database, as two
 * `pulse serve` behind one address, driven by one client. The v2 windows, the v1 bucket and the status
 * bucket count across both, an OAuth grant's too (a refreshed token at the other instance has no fresh
 * burst); concurrent requests at both never grant more than the quota; counting moves
 * no data version; the table keeps no key in clear; expired states are pruned.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/instance.js';
import { buildServer } from '../../src/server/app.js';
import { type SteppingClock, steppingClock } from '../helpers/clock.js';
import { oauthTokens, postForm, type TokenBody } from '../helpers/oauth.js';
import { createDatabase, dropDatabase, queryRows } from '../helpers/postgres.js';
import { createFixture, openInstance, PUBLIC_URL } from '../helpers/store.js';
import { postgresServer } from '../helpers/system-parts.js';

// The run's PostgreSQL when it answers; without it these tests skip, saying why (CI requires it).
const server = await postgresServer();

describe.skipIf(!server)('rate limits shared by two instances on one PostgreSQL database', () => {
  let database: string;
  let clock: SteppingClock;
  const stores: Instance[] = [];
  const apps: FastifyInstance[] = [];
  const urls: string[] = [];
  let token: string;
  let tokenId: string;
  let team: { teamId: string; apiKey: string };

  beforeAll(async () => {
    database = await createDatabase(server as string);
    clock = steppingClock('2026-11-23T10:00:00.000Z');
    const { store } = await createFixture(clock, { location: database });
    ({ token, id: tokenId } = await store.admin.createToken({ person: 'ana@example.com', name: 'test' }));
    team = await store.admin.teamApiKey('Core');
    stores.push(store, await openInstance(database, { clock, publicUrl: PUBLIC_URL }));
    for (const each of stores) {
      const app = await buildServer({
        instance: each,
        clock,
        publicUrl: () => PUBLIC_URL,
        rateLimit: [
          { name: 'burst', quota: 5, windowSeconds: 10 },
          { name: 'sustained', quota: 100, windowSeconds: 1800 },
        ],
        v1RateLimit: { burst: 3, perSecond: 1 },
        statusRateLimit: 3,
        echoSchedulerMs: null,
      });
      apps.push(app);
      urls.push(await app.listen({ host: '127.0.0.1', port: 0 }));
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const store of stores) await store.close();
    if (database) await dropDatabase(database);
  });

  const me = (url: string) => fetch(`${url}/api/v2/me`, { headers: { authorization: `Bearer ${token}` } });
  const members = (url: string) =>
    fetch(`${url}/api/v1/members`, { headers: { 'x-team-id': team.teamId, 'x-api-key': team.apiKey } });
  const status = (url: string) => fetch(`${url}/status/api/v1/status`);
  /** Requests alternating between the two instances: first, second, first... */
  const alternately = async (count: number, request: (url: string) => Promise<Response>) => {
    const responses: Response[] = [];
    for (let i = 0; i < count; i++) responses.push(await request(urls[i % 2] as string));
    return responses;
  };
  const remaining = (response: Response) => /r=(\d+)/.exec(response.headers.get('ratelimit') ?? '')?.[1];
  const freshWindows = () => clock.advance(3_600_000);

  it('counts the v2 burst across both: 5 allowed, alternating, then 429 with Retry-After', async () => {
    freshWindows();
    const responses = await alternately(7, me);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Each instance's answer counts the other's requests too.
    expect(responses.map(remaining)).toEqual(['4', '3', '2', '1', '0', '0', '0']);
    expect(responses[5]?.headers.get('ratelimit')).toContain('"burst";r=0;t=10');
    expect(responses[5]?.headers.get('retry-after')).toBe('10');
    // The window ends for both at once.
    clock.advance(10_000);
    expect((await me(urls[1] as string)).status).toBe(200);
  });

  it('counts the v1 bucket per team and the status bucket per address across both', async () => {
    freshWindows();
    const v1 = await alternately(5, members);
    expect(v1.map((response) => response.status)).toEqual([200, 200, 200, 429, 429]);
    expect(v1.map(remaining)).toEqual(['2', '1', '0', '0', '0']);
    expect(v1[3]?.headers.get('retry-after')).toBe('1');
    const statuses = await alternately(5, status);
    expect(statuses.map((response) => response.status)).toEqual([200, 200, 200, 429, 429]);
    expect(statuses.map(remaining)).toEqual(['2', '1', '0', '0', '0']);
    // A second refills one token, wherever the next request lands.
    clock.advance(1000);
    expect((await alternately(2, members)).map((response) => response.status)).toEqual([200, 429]);
  });

  it('never grants more than the quota to concurrent requests at both instances', async () => {
    freshWindows();
    const responses = await Promise.all(Array.from({ length: 24 }, (_, i) => me(urls[i % 2] as string)));
    const allowed = responses.filter((response) => response.status === 200);
    expect(allowed).toHaveLength(5);
    // Each allowed request saw a different count: no two read the same state and both wrote.
    expect(allowed.map(remaining).sort()).toEqual(['0', '1', '2', '3', '4']);
    freshWindows();
    const buckets = await Promise.all(Array.from({ length: 12 }, (_, i) => status(urls[i % 2] as string)));
    expect(buckets.filter((response) => response.status === 200)).toHaveLength(3);
  });

  it('moves no data version: a GET keeps its ETag across rate-limited requests, allowed or refused', async () => {
    freshWindows();
    const etag = (await me(urls[0] as string)).headers.get('etag');
    expect(etag).toMatch(/"/);
    const versions = stores.map((store) => store.dataVersion());
    const counter = await readCounter();
    await alternately(6, members);
    await alternately(6, status);
    await alternately(4, me);
    expect(await readCounter()).toBe(counter);
    expect(stores.map((store) => store.dataVersion())).toEqual(versions);
    clock.advance(10_000);
    const again = await fetch(`${urls[1]}/api/v2/me`, {
      headers: { authorization: `Bearer ${token}`, 'if-none-match': etag as string },
    });
    expect(again.status).toBe(304);
  });

  it('counts an OAuth grant across both: a token refreshed at the other instance is still refused', async () => {
    freshWindows();
    const first = await oauthTokens(stores[0] as Instance, urls[0] as string, { scope: 'write' });
    const bearer = (url: string, accessToken: string) =>
      fetch(`${url}/api/v2/me`, { headers: { authorization: `Bearer ${accessToken}` } });
    const spent = await alternately(6, (url) => bearer(url, first.access_token));
    expect(spent.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 429]);
    clock.advance(3_000);
    const refreshed = await postForm(`${urls[1]}/oauth/token`, {
      client_id: 'pulse-cli',
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const { access_token: second } = (await refreshed.json()) as TokenBody;
    for (const url of urls) {
      const limited = await bearer(url, second);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('7');
    }
  });

  it('keeps only hashes of the keys, and prunes the states that expired', async () => {
    const rows = await query<{ key: string }>('SELECT key FROM pulse_rate_limits');
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const { key } of rows) {
      // A SHA-256 in base64url, and nothing else (a short name such as "v2" could occur by chance).
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      for (const clear of [tokenId, team.teamId]) expect(key).not.toContain(clear);
    }
    const unlogged = await query<{ persistence: string }>(
      "SELECT relpersistence AS persistence FROM pg_class WHERE relname = 'pulse_rate_limits'",
    );
    expect(unlogged[0]?.persistence).toBe('u');
    // Everything is past its window and full again an hour on.
    freshWindows();
    expect(await apps[0]?.answers.rateLimitCleanup?.tick()).toBe(rows.length);
    expect(await query('SELECT key FROM pulse_rate_limits')).toEqual([]);
    // A pruned state decides as no state: the full burst again.
    expect(remaining(await me(urls[0] as string))).toBe('4');
  });

  const query = <T>(text: string) => queryRows<T>(database, text);
  const readCounter = async () =>
    (await query<{ version: string }>('SELECT version FROM pulse_data_version'))[0]?.version;
});

describe('a shared limiter whose database fails', () => {
  it('fails the request (500, reported), neither letting it through nor blaming the client', async () => {
    const clock = steppingClock('2026-11-23T10:00:00.000Z');
    const { store } = await createFixture(clock);
    const { token } = await store.admin.createToken({ person: 'ana@example.com', name: 'test' });
    const failures: string[] = [];
    const broken: Instance = {
      ...store,
      sharedRateLimits: {
        read: () => Promise.reject(new Error('connection refused')),
        create: async () => true,
        replace: async () => true,
        prune: async () => 0,
      },
    };
    const app = await buildServer({
      instance: broken,
      clock,
      publicUrl: () => PUBLIC_URL,
      rateLimit: [{ name: 'burst', quota: 5, windowSeconds: 10 }],
      echoSchedulerMs: null,
      onRequestFailure: (line) => failures.push(line),
    });
    try {
      const response = await app.inject({ url: '/api/v2/me', headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(500);
      expect(failures).toEqual(['pulse serve: GET /api/v2/me failed: connection refused\n']);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
