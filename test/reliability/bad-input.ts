/**
 * The harness of the bad-input suites: a real server over a seeded fixture store (SQLite, and PostgreSQL
 * in the full tier: test/helpers/stores.ts), requests sent over 127.0.0.1 with undici, the checks every
 * answer must pass, a tally for the summary line, and the routes the server really has (so a route the
 * suite does not cover fails it).
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { request } from 'undici';
import { expect } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { storeChecksumAt } from '../helpers/store-checksum.js';
import type { StoreUnderTest } from '../helpers/stores.js';
import { type Attempt, badRequests, type Endpoint, type Interface } from './requests.js';

/** A Monday; the seeded check-ins are on the Friday before. */
export const NOW = '2026-11-23T10:00:00Z';
/** PULSE_SOAK=1 (npm run soak) runs ten times as many requests. */
export const SOAK = process.env.PULSE_SOAK === '1';
/**
 * Whether the suites soak on this store: on SQLite only. The inputs are the same on both stores and most
 * are refused by the core before any store sees them; PostgreSQL gets the everyday number, which puts
 * every kind of fault through every endpoint, for a tenth of the soak's minutes on CI's two cores
 * (docs/decisions.md, "The robustness suites on both stores").
 */
export const soaksOn = (store: StoreUnderTest) => SOAK && store.kind === 'sqlite';
/** How many bad requests each endpoint gets on a store. */
export const runsPerEndpoint = (quick: number, store: StoreUnderTest) =>
  soaksOn(store) ? quick * 10 : quick;
/**
 * A test's timeout for `runsPerEndpoint`'s work: ten times the work, ten times the time. On PostgreSQL
 * the same work takes longer (the checksum after each request, the store's round trips): v2's 1,150
 * requests took 91 s to over 120 s on the loaded two-core machine, so it gets two and a half times.
 */
export const timeoutForRuns = (quickMs: number, store: StoreUnderTest) => {
  if (soaksOn(store)) return quickMs * 10;
  return store.kind === 'postgres' ? quickMs * 2.5 : quickMs;
};

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Sends an attempt; a connection error or no answer within 10 s fails the property. */
export async function send(server: TestServer, attempt: Attempt): Promise<Answer> {
  let body: string | Readable | Buffer | undefined = attempt.body;
  if (attempt.huge) {
    const bytes = Buffer.alloc(attempt.huge.bytes, 'x');
    bytes.write('{"note":"', 0);
    body = attempt.huge.chunked ? Readable.from(chunks(bytes)) : bytes;
  }
  const response = await request(`${server.url}${attempt.path}`, {
    method: attempt.method as 'GET',
    headers: attempt.headers,
    ...(body === undefined ? {} : { body }),
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    text: await response.body.text(),
  };
}

function* chunks(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
}

/** `{"errors": [...], "code": "..."}` with at least one non-empty string, and nothing else. */
export function expectErrorsBody(answer: Answer): void {
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as { errors?: unknown; code?: unknown };
  expect(Object.keys(body)).toEqual(['errors', 'code']);
  expect(typeof body.code === 'string' && /^[a-z_]+$/.test(body.code)).toBe(true);
  expect(Array.isArray(body.errors) && body.errors.length > 0).toBe(true);
  for (const error of body.errors as unknown[]) {
    expect(typeof error === 'string' && error.length > 0).toBe(true);
  }
}

/** Requests sent and statuses seen, per interface, for the summary line. */
export class Tally {
  total = 0;
  mustReject = 0;
  serverErrors = 0;
  readonly statuses = new Map<number, number>();

  constructor(
    private readonly name: string,
    private readonly soak: boolean,
  ) {}

  count(attempt: Attempt, answer: Answer): void {
    this.total++;
    if (attempt.mustReject) this.mustReject++;
    if (answer.status >= 500) this.serverErrors++;
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
  }

  summary(endpoints: number): string {
    const statuses = [...this.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}:${count}`)
      .join(' ');
    return (
      `bad input ${this.name}: ${this.total} requests over ${endpoints} endpoints ` +
      `(${this.mustReject} that must be refused), ${this.serverErrors} 5xx; statuses ${statuses}` +
      (this.soak ? ' [soak]' : '')
    );
  }
}

/**
 * The property for one endpoint: every bad request gets a 4xx (those that must be refused) or at least no
 * 5xx, the body the interface documents, and a refused request leaves the store exactly as it was.
 */
export async function assertRefusesBadInput(options: {
  server: TestServer;
  api: Interface;
  endpoint: Endpoint;
  numRuns: number;
  tally: Tally;
  checkBody: (answer: Answer) => void;
}): Promise<void> {
  const { server, api, endpoint, tally } = options;
  const path = server.fixture.path;
  let checksum = await storeChecksumAt(path);
  const property = fc.assert(
    fc.asyncProperty(badRequests(api, endpoint), async (attempt) => {
      const answer = await send(server, attempt);
      tally.count(attempt, answer);
      expect(answer.status, answer.text).toBeLessThan(500);
      if (attempt.expect !== undefined) expect(answer.status).toBe(attempt.expect);
      if (attempt.mustReject) expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
      if (answer.status >= 400) {
        options.checkBody(answer);
        expect(await storeChecksumAt(path), 'a refused request changed the store').toBe(checksum);
      } else {
        // Accepted (odd but legal): whatever it wrote, background work included, is the new baseline.
        await server.app.answers.queue.idle();
        checksum = await storeChecksumAt(path);
      }
    }),
    { numRuns: options.numRuns },
  );
  await property.catch((error: Error) => {
    error.message = `${endpoint.method} ${api.prefix}${endpoint.path}: ${error.message}`;
    throw error;
  });
}

/** The property for every endpoint of the interface in turn, and not one 5xx counted over them all. */
export async function assertEveryEndpointRefusesBadInput(
  options: Omit<Parameters<typeof assertRefusesBadInput>[0], 'endpoint'>,
): Promise<void> {
  for (const endpoint of options.api.endpoints) await assertRefusesBadInput({ ...options, endpoint });
  expect(options.tally.serverErrors).toBe(0);
}

/**
 * The server's routes as `METHOD /path` with every `:name` written `:`, from Fastify's own table. The
 * interfaces' OpenAPI documents (`.../openapi.json`) describe the interfaces and are no route of theirs
 * (test/server/openapi.test.ts checks them).
 */
export function routesOf(server: TestServer): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    stack.length = depth;
    const path = `${stack[depth - 1] ?? ''}${match[2]}`;
    stack[depth] = path;
    if (path.endsWith('/openapi.json')) continue;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method) routes.push(`${method} ${normalisePath(path)}`);
    }
  }
  return routes;
}

/**
 * The routes described to the bad-input test are exactly those the reference page documents: each
 * documented route is served (and so tested), and each served route documented.
 */
export function expectDescribedAsDocumented(
  described: string[],
  page: URL,
  prefix: string,
  atLeast: number,
  /** Which of the page's routes belong to the interface (a page may document another beside it). */
  belongs: (route: string) => boolean = () => true,
): void {
  const documented = documentedRoutes(page, prefix, atLeast).filter(belongs);
  expect(
    documented.filter((route) => !described.includes(route)),
    'documented, not served',
  ).toEqual([]);
  expect(
    described.filter((route) => !documented.includes(route)),
    'served, not documented',
  ).toEqual([]);
}

/** `/goals/:id` and `/goals/{goal_id}` alike: `/goals/:`. */
export function normalisePath(path: string): string {
  return path.replace(/:\w+|\{\w+\}/g, ':');
}

/**
 * The routes an interface reference page (docs/reference/*.md) lists in its tables
 * (`| GET | \`/path/{id}\` | ... |`), extensions of `pulse serve` included, normalised and under `prefix`.
 * The pages are part of the repository: a missing one fails (readFileSync throws). At least `atLeast`
 * of them, or the table format changed under the parser; none twice, or a table was copied.
 */
export function documentedRoutes(page: URL, prefix: string, atLeast: number): string[] {
  const routes = [...readFileSync(page, 'utf8').matchAll(/^\| (GET|POST|PATCH|DELETE) \| `([^`]+)`/gm)].map(
    ([, method, path]) => `${method} ${normalisePath(prefix + (path as string))}`,
  );
  expect(routes.length).toBeGreaterThan(atLeast);
  expect(
    routes.filter((route, at) => routes.indexOf(route) !== at),
    'listed twice',
  ).toEqual([]);
  return routes;
}

/** A server on a fixed clock with no scheduler: nothing changes the store but the requests. */
export function startServer(store: StoreUnderTest): Promise<TestServer> {
  return startTestServer({ store, clock: fixedClock(NOW), echoSchedulerMs: null });
}
