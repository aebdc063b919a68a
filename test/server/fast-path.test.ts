/**
 * The fast path (src/server/fast-path.ts) in front of a small Fastify app on real HTTP: what it replays,
 * byte for byte, and every request it leaves to Fastify.
 */
import { request as httpRequest } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../src/core/errors.js';
import { TokenBucketLimiter } from '../../src/core/rate-limit.js';
import { FastPath } from '../../src/server/fast-path.js';
import { publishBucket, takeToken } from '../../src/server/routes/json-interface.js';

interface Answer {
  status: number;
  /** Raw header names and values as sent, Date left out (it follows the wall clock). */
  headers: string[];
  body: string;
}

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** What the test controls: the data version, the clock, and how the route answers. */
interface World {
  version: string;
  now: number;
  expiresAt: number;
  /** Requests that reached Fastify, and renderings the route made. */
  reached: number;
  rendered: number;
  etag: boolean;
  status: number;
}

async function start(options: { limit?: number } = {}) {
  const world: World = {
    version: '1:0',
    now: 1_000,
    expiresAt: Number.POSITIVE_INFINITY,
    reached: 0,
    rendered: 0,
    etag: false,
    status: 200,
  };
  const clock = { now: () => new Date(world.now) };
  const limiter =
    options.limit === undefined
      ? undefined
      : new TokenBucketLimiter({ burst: options.limit, perSecond: options.limit }, clock);
  const fastPath = new FastPath({ dataVersion: () => world.version, now: () => world.now }, true);
  const server = Fastify();
  app = server;
  fastPath.install(server);
  server.addHook('onRequest', async () => {
    world.reached++;
  });
  server.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof RateLimitedError)) return reply.code(500).send({ errors: ['failed'] });
    return reply
      .code(429)
      .header('Retry-After', String(error.retryAfter))
      .send({ errors: ['limited'] });
  });
  await server.register(async (plugin) => {
    plugin.addHook('onRequest', async (request, reply) => {
      if (request.headers.accept === 'text/html') return reply.code(406).send({ errors: ['JSON only'] });
    });
    if (limiter) {
      plugin.addHook('onRequest', async (request) => takeToken(request, limiter, request.ip));
      publishBucket(plugin, limiter, 'test');
    }
    plugin.addHook('onSend', async (_request, reply, payload) => {
      reply.header('Access-Control-Allow-Origin', '*');
      return payload;
    });
    const replays = fastPath.mount(plugin, {
      accepts: (accept) => accept !== 'text/html',
      ...(limiter ? { limiter, limitName: 'test' } : {}),
    });
    plugin.get('/thing', async (request, reply) => {
      const body = Buffer.from(JSON.stringify({ rendering: ++world.rendered, url: request.url }));
      replays.keep(request, { body, version: world.version, expiresAt: world.expiresAt });
      if (world.etag) reply.header('ETag', '"tag"');
      return reply.code(world.status).header('Cache-Control', 'no-cache').type('application/json').send(body);
    });
  });
  const url = await server.listen({ host: '127.0.0.1', port: 0 });
  const call = (path: string, method = 'GET', headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const sent = httpRequest(`${url}${path}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = response.rawHeaders;
          const headers = raw.flatMap((name, at) =>
            at % 2 === 0 && name.toLowerCase() !== 'date' ? [name, raw[at + 1] ?? ''] : [],
          );
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString() });
        });
      });
      sent.on('error', reject);
      sent.end();
    });
  return { world, call };
}

describe('the fast path', () => {
  it('answers a kept GET again byte for byte without Fastify, while the data version holds', async () => {
    const { world, call } = await start();
    const first = await call('/thing');
    expect([first.status, world.reached, world.rendered]).toEqual([200, 1, 1]);
    expect(first.headers).toEqual([
      'cache-control',
      'no-cache',
      'content-type',
      'application/json',
      'access-control-allow-origin',
      '*',
      'content-length',
      String(first.body.length),
      'Connection',
      'keep-alive',
      'Keep-Alive',
      'timeout=72',
    ]);
    expect(await call('/thing')).toEqual(first);
    expect(await call('/thing')).toEqual(first);
    expect([world.reached, world.rendered]).toEqual([1, 1]);

    world.version = '2:0';
    const afterWrite = await call('/thing');
    expect(JSON.parse(afterWrite.body)).toEqual({ rendering: 2, url: '/thing' });
    expect([world.reached, world.rendered]).toEqual([2, 2]);
    expect(await call('/thing')).toEqual(afterWrite);
    expect(world.reached).toBe(2);
  });

  it('lets Fastify answer once the clock reaches the expiry the route gave', async () => {
    const { world, call } = await start();
    world.expiresAt = 5_000;
    await call('/thing');
    world.now = 4_999;
    await call('/thing');
    expect(world.reached).toBe(1);
    world.now = 5_000;
    expect(JSON.parse((await call('/thing')).body)).toEqual({ rendering: 2, url: '/thing' });
    // Made at or past its expiry: never kept.
    await call('/thing');
    expect([world.reached, world.rendered]).toEqual([3, 3]);
  });

  it('leaves to Fastify other methods, HEAD, other URLs, a refused Accept and answers other than 200', async () => {
    const { world, call } = await start();
    await call('/thing');
    expect((await call('/thing', 'HEAD')).body).toBe('');
    expect((await call('/thing', 'POST')).status).toBe(404);
    expect(JSON.parse((await call('/thing?x=1')).body).url).toBe('/thing?x=1');
    expect(await call('/thing', 'GET', { accept: 'text/html' })).toMatchObject({
      status: 406,
      body: '{"errors":["JSON only"]}',
    });
    expect(world.reached).toBe(5);

    world.version = '2:0';
    world.status = 203;
    await call('/thing');
    await call('/thing');
    expect(world.reached).toBe(7);
  });

  it('leaves conditional requests to Fastify when the kept answer has validators, not otherwise', async () => {
    const { world, call } = await start();
    await call('/thing');
    await call('/thing', 'GET', { 'if-none-match': '"tag"' });
    expect(world.reached).toBe(1);

    world.version = '2:0';
    world.etag = true;
    await call('/thing');
    await call('/thing');
    expect(world.reached).toBe(2);
    await call('/thing', 'GET', { 'if-none-match': '"tag"' });
    await call('/thing', 'GET', { 'if-modified-since': 'Mon, 23 Nov 2026 10:00:00 GMT' });
    expect(world.reached).toBe(4);
  });

  it("takes one token a replayed request from the interface's bucket, and leaves refusals to Fastify", async () => {
    const { world, call } = await start({ limit: 3 });
    const seen: [number, string | undefined][] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await call('/thing');
      const at = answer.headers.indexOf('ratelimit');
      seen.push([answer.status, at === -1 ? undefined : answer.headers[at + 1]]);
    }
    expect(seen).toEqual([
      [200, '"test";r=2;t=1'],
      [200, '"test";r=1;t=1'],
      [200, '"test";r=0;t=1'],
      [429, '"test";r=0;t=1'],
    ]);
    // The first answer and the refusal came from Fastify; the refusal took no token twice.
    expect(world.reached).toBe(2);
    world.now += 1_000;
    const refilled = await call('/thing');
    expect(refilled.headers).toContain('"test";r=2;t=1');
    expect(refilled.headers).toContain('"test";q=3;w=1');
    expect(world.reached).toBe(2);
  });
});
