/** A real `pulse serve` app on 127.0.0.1 over a fixture store, with tokens for the fixture's people. */
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { type Clock, systemClock } from '../../src/core/clock.js';
import type { RatePolicy, TokenBucketPolicy } from '../../src/core/rate-limit.js';
import { buildServer, type ServerLimits } from '../../src/server/app.js';
import { createFixture, type Fixture, PUBLIC_URL } from './store.js';
import { endChecksumConnection } from './store-checksum.js';
import { SQLITE, type StoreUnderTest } from './stores.js';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  fixture: Fixture;
  /** Write-scope tokens by person key (ana, ben, cy, dee, eve). */
  tokens: Record<string, string>;
  close(): Promise<void>;
}

const running: TestServer[] = [];
afterAll(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

export async function startTestServer(
  options: {
    /** The kind of store the fixture is made on (test/helpers/stores.ts); SQLite by default. */
    store?: StoreUnderTest;
    clock?: Clock;
    rateLimit?: RatePolicy[] | null;
    /** The v1 token bucket per team key; none by default. */
    v1RateLimit?: TokenBucketPolicy | null;
    /** Requests a second per client address on /status/api/v1; none by default. */
    statusRateLimit?: number | null;
    publicUrl?: string;
    /** The listening address as the public URL, like `pulse serve` without --public-url (OAuth discovery). */
    listeningAsPublicUrl?: boolean;
    echoSchedulerMs?: number | null;
    /** Timeouts and the connection limit; unset ones take the server's defaults. */
    limits?: Partial<ServerLimits>;
    /** Where requests that failed on the server are reported; stderr by default. */
    onRequestFailure?: (line: string) => void;
    /** Lifetime of OAuth access tokens; the server's default (1 hour) when unset. */
    accessTokenTtlSeconds?: number;
    /** Form posts to the OAuth endpoints per client address; none by default. */
    oauthRateLimit?: TokenBucketPolicy | null;
    /** Reverse proxies whose X-Forwarded-For is believed; none by default. */
    trustProxy?: string[];
  } = {},
): Promise<TestServer> {
  const clock = options.clock ?? systemClock;
  const store = options.store ?? SQLITE;
  const fixture = await createFixture(clock, { location: await store.create() });
  const tokens: Record<string, string> = {};
  for (const person of ['ana', 'ben', 'cy', 'dee', 'eve']) {
    tokens[person] = (
      await fixture.store.admin.createToken({ person: `${person}@example.com`, name: 'test' })
    ).token;
  }
  let publicUrl = options.publicUrl ?? PUBLIC_URL;
  const app = await buildServer({
    instance: fixture.store,
    clock,
    publicUrl: () => publicUrl,
    rateLimit: options.rateLimit === undefined ? null : options.rateLimit,
    ...(options.v1RateLimit !== undefined ? { v1RateLimit: options.v1RateLimit } : {}),
    ...(options.statusRateLimit !== undefined ? { statusRateLimit: options.statusRateLimit } : {}),
    ...(options.echoSchedulerMs !== undefined ? { echoSchedulerMs: options.echoSchedulerMs } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.onRequestFailure ? { onRequestFailure: options.onRequestFailure } : {}),
    ...(options.accessTokenTtlSeconds !== undefined
      ? { accessTokenTtlSeconds: options.accessTokenTtlSeconds }
      : {}),
    ...(options.oauthRateLimit !== undefined ? { oauthRateLimit: options.oauthRateLimit } : {}),
    ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  if (options.listeningAsPublicUrl) publicUrl = address;
  const server: TestServer = {
    url: address,
    app,
    fixture,
    tokens,
    close: async () => {
      await app.close();
      await fixture.store.close();
      await endChecksumConnection(fixture.path);
      await store.remove(fixture.path);
    },
  };
  running.push(server);
  return server;
}
