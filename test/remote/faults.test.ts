/**
 * The remote client against a fault-injecting server on 127.0.0.1: retries only where safe, never a
 * POST twice, bounded by its timeouts, and one clear error with the documented exit code.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RateLimitedError, UnavailableError } from '../../src/core/errors.js';
import { HttpClient } from '../../src/remote/http-client.js';
import { execPulse, isolatedEnv, runInProcess } from '../helpers/cli.js';

type Fault = (request: IncomingMessage, response: ServerResponse) => void;

let server: Server;
let url: string;
let faults: Fault[];
let seen: string[];
/**
 * What a loaded two-core machine may add to a timeout: the upper bounds on elapsed time add it, and need
 * only tell a request stopped by its deadline from one left hanging (the lower bounds are exact).
 */
const LOAD_MS = 5_000;
const sleeps: number[] = [];

const ok: Fault = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
};
const status =
  (code: number, headers: Record<string, string> = {}): Fault =>
  (_request, response) => {
    response.writeHead(code, headers).end();
  };
const drop: Fault = (request) => request.socket.destroy();
const resetMidBody: Fault = (request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
  response.write('{"ok":');
  setTimeout(() => request.socket.destroy(), 10);
};
const silent: Fault = () => {};
const stallMidBody: Fault = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
  response.write('{"ok":');
};
/** A byte every 50 ms, forever: each chunk is in time, the answer never is. */
const trickle: Fault = (request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
  const timer = setInterval(() => response.write(' '), 50);
  request.socket.on('close', () => clearInterval(timer));
};
const htmlPage: Fault = (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html>sign in</html>');
};

beforeEach(async () => {
  faults = [];
  seen = [];
  sleeps.length = 0;
  server = createServer((request, response) => {
    seen.push(request.method as string);
    request.resume();
    (faults.shift() ?? ok)(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const client = (options: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) =>
  new HttpClient({
    baseUrl: url,
    token: 'service_pat_secret-token-value-for-tests-only-123456',
    backoffMs: 1,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });

describe('retries', () => {
  it('retries a GET on 502, 503, 504 and dropped connections, then succeeds', async () => {
    faults = [status(502), drop, status(504)];
    const response = await client().send('GET', '/me');
    expect(response.body).toEqual({ ok: true });
    expect(seen).toEqual(['GET', 'GET', 'GET', 'GET']);
    expect(sleeps).toHaveLength(3);
    // Exponential with jitter: each wait within 0.5x..1.5x of 1, 2, 4 ms.
    sleeps.forEach((ms, attempt) => {
      expect(ms).toBeGreaterThanOrEqual(0.5 * 2 ** attempt);
      expect(ms).toBeLessThanOrEqual(1.5 * 2 ** attempt);
    });
  });

  it('gives up after three retries with a clear error', async () => {
    faults = [status(503), status(503), status(503), status(503), status(503)];
    await expect(client().send('GET', '/me')).rejects.toThrow(
      new UnavailableError(`the server failed (HTTP 503) for GET ${url}/me`),
    );
    expect(seen).toHaveLength(4);
  });

  it('never sends a POST twice, whatever happens', async () => {
    for (const fault of [status(503), drop, status(502)]) {
      faults = [fault];
      seen = [];
      await expect(client().send('POST', '/asks', { body: { prompt: 'x' } })).rejects.toBeInstanceOf(
        UnavailableError,
      );
      expect(seen).toEqual(['POST']);
    }
  });

  it('retries a PATCH of a check-in, which is idempotent, after a reset mid-body', async () => {
    faults = [resetMidBody];
    const response = await client().send('PATCH', '/check-ins/2026-11-23', {
      body: { previous: 'x' },
      idempotent: true,
    });
    expect(response.body).toEqual({ ok: true });
    expect(seen).toEqual(['PATCH', 'PATCH']);
  });

  it('does not retry a 500 or a 4xx', async () => {
    faults = [status(500)];
    await expect(client().send('GET', '/me')).rejects.toMatchObject({ status: 500 });
    faults = [status(404)];
    await expect(client().send('GET', '/me')).rejects.toMatchObject({ status: 404 });
    expect(seen).toEqual(['GET', 'GET']);
  });
});

describe('rate limits, timeouts and bad answers', () => {
  it('waits out a 429 Retry-After within the bound, telling the person', async () => {
    const notices: string[] = [];
    faults = [status(429, { 'retry-after': '7' })];
    await client({ notice: (message) => notices.push(message) }).send('GET', '/me');
    expect(sleeps).toEqual([7000]);
    expect(notices).toEqual(['rate limited by the server; retrying in 7s']);
    expect(seen).toEqual(['GET', 'GET']);
  });

  it('fails at once on a Retry-After past the bound, and treats a missing one as 1 s', async () => {
    faults = [status(429, { 'retry-after': '3600' })];
    await expect(client().send('GET', '/me')).rejects.toEqual(new RateLimitedError(3600));
    expect(seen).toEqual(['GET']);
    faults = [status(429)];
    await client().send('GET', '/me');
    expect(sleeps).toEqual([1000]);
  });

  it('stops within its timeout when the server never answers', async () => {
    faults = [silent, silent];
    const started = Date.now();
    await expect(client({ requestTimeoutMs: 200, maxRetries: 1 }).send('GET', '/me')).rejects.toThrow(
      /the server did not answer in time/,
    );
    // Stopped rather than hung (a silent server holds on forever); undici checks timeouts on a coarse
    // (about 1 s) timer wheel, and a loaded machine adds seconds more.
    expect(Date.now() - started).toBeLessThan(2 * 1_200 + LOAD_MS);
    expect(seen).toEqual(['GET', 'GET']);
  });

  it('reports malformed JSON and an unexpected status plainly', async () => {
    faults = [
      (_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":'),
    ];
    await expect(client().send('GET', '/me')).rejects.toThrow(
      `the server sent malformed JSON (HTTP 200) for GET ${url}/me`,
    );
  });

  it('refuses a success that is not JSON (a proxy page) instead of reading it as nothing', async () => {
    faults = [htmlPage, htmlPage];
    await expect(client().send('GET', '/me')).rejects.toThrow(
      new UnavailableError(`the server answered text/html, not JSON (HTTP 200) for GET ${url}/me`),
    );
    faults = [(_request, response) => response.writeHead(200).end('plain words')];
    await expect(client().send('GET', '/me')).rejects.toThrow(
      `the server answered without a content type, not JSON (HTTP 200) for GET ${url}/me`,
    );
    // Not retried: the answer came, it is the wrong one.
    expect(seen).toEqual(['GET', 'GET']);
  });

  it('stops within its timeout when the body starts and then stalls, retrying a GET once', async () => {
    faults = [stallMidBody, stallMidBody];
    const started = performance.now();
    await expect(client({ requestTimeoutMs: 200, maxRetries: 1 }).send('GET', '/me')).rejects.toThrow(
      `cannot reach ${url}: the server did not answer in time`,
    );
    const elapsed = performance.now() - started;
    // Two attempts of 200 ms each, the stalled bodies included.
    expect(elapsed).toBeGreaterThanOrEqual(390);
    expect(elapsed).toBeLessThan(2 * 200 + LOAD_MS);
    expect(seen).toEqual(['GET', 'GET']);
  });

  it('stops a body that trickles in a byte at a time at its whole-answer deadline', async () => {
    faults = [trickle];
    const started = performance.now();
    await expect(client({ requestTimeoutMs: 200, maxRetries: 0 }).send('GET', '/me')).rejects.toThrow(
      `cannot reach ${url}: the server did not finish its answer in time`,
    );
    const elapsed = performance.now() - started;
    // Each byte comes within the 200 ms request timeout; the answer must come within 4 of them.
    expect(elapsed).toBeGreaterThanOrEqual(4 * 200 - 10);
    // Without the whole-answer deadline the trickle would go on for over an hour.
    expect(elapsed).toBeLessThan(4 * 200 + LOAD_MS);
  });

  it('retries a GET after a reset mid-body, and gives a POST reset mid-body up at once', async () => {
    faults = [resetMidBody];
    expect((await client().send('GET', '/me')).body).toEqual({ ok: true });
    expect(seen).toEqual(['GET', 'GET']);
    seen = [];
    faults = [resetMidBody];
    await expect(client().send('POST', '/asks', { body: { prompt: 'x' } })).rejects.toThrow(
      `cannot reach ${url}: ECONNRESET`,
    );
    expect(seen).toEqual(['POST']);
  });
});

describe('through the CLI', () => {
  it('exits 6 with one line after retries, and never prints the token', async () => {
    faults = Array.from({ length: 4 }, () => status(503));
    const token = 'service_pat_secret-token-value-for-tests-only-123456';
    const result = await runInProcess(['me'], {
      env: isolatedEnv({ PULSE_BASE_URL: url, PULSE_TOKEN: token }),
    });
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toBe(`pulse: the server failed (HTTP 503) for GET ${url}/api/v2/me\n`);
    expect(seen).toHaveLength(4);
  });

  it('says when a deployment does not support adding reactions (a pulse serve extension)', async () => {
    faults = [
      status(404),
      (_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('[]'),
    ];
    const env = isolatedEnv({ PULSE_BASE_URL: url, PULSE_TOKEN: 'service_pat_x' });
    const result = await runInProcess(['checkin', 'react', '00000000-0000-4000-8000-000000000000', 'tada'], {
      env,
    });
    expect([result.exitCode, result.stderr]).toEqual([
      1,
      'pulse: this deployment does not support adding or removing reactions (a pulse serve extension)\n',
    ]);
    expect(seen).toEqual(['POST', 'GET']);
  });

  it('tells a missing Echo or digest extension from a missing item', async () => {
    const env = isolatedEnv({ PULSE_BASE_URL: url, PULSE_TOKEN: 'service_pat_x' });
    const question = '00000000-0000-4000-8000-000000000000';
    const json = (body: unknown) => (_request: IncomingMessage, response: ServerResponse) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const unsupported = (what: string) =>
      `pulse: this deployment does not support ${what} (a pulse serve extension)\n`;

    // The question exists, the pause route does not: the operation is missing.
    faults = [status(404), json({ id: question })];
    let result = await runInProcess(['echo', 'pause', question], { env });
    expect([result.exitCode, result.stderr, seen]).toEqual([
      1,
      unsupported('pausing and resuming Echoes'),
      ['POST', 'GET'],
    ]);
    // Neither exists: the question is not found.
    seen = [];
    faults = [status(404), status(404)];
    result = await runInProcess(['echo', 'resume', question], { env });
    expect(result.exitCode).toBe(3);
    seen = [];
    faults = [status(405, { allow: 'GET' })];
    result = await runInProcess(['digest', 'read', question], { env });
    expect([result.exitCode, result.stderr]).toEqual([1, unsupported('marking digest entries read')]);
    faults = [status(404)];
    result = await runInProcess(['digest', 'read', '--all'], { env });
    expect([result.exitCode, result.stderr]).toEqual([1, unsupported('marking digest entries read')]);
  });

  it('exits 6 for a 500 at once, and for 502 and 503 once the retries are spent', async () => {
    const env = isolatedEnv({ PULSE_BASE_URL: url, PULSE_TOKEN: 'service_pat_x' });
    faults = [status(500)];
    let result = await runInProcess(['me'], { env });
    expect([result.exitCode, result.stderr, seen]).toEqual([
      6,
      `pulse: the server failed (HTTP 500) for GET ${url}/api/v2/me\n`,
      ['GET'],
    ]);
    seen = [];
    faults = [status(502), status(503), status(502), status(502)];
    result = await runInProcess(['me'], { env });
    expect([result.exitCode, result.stderr, seen.length]).toEqual([
      6,
      `pulse: the server failed (HTTP 502) for GET ${url}/api/v2/me\n`,
      4,
    ]);
  });

  it('exits 6 with one line when a proxy answers HTML, for a command and for a list', async () => {
    const env = isolatedEnv({ PULSE_BASE_URL: url, PULSE_TOKEN: 'service_pat_x' });
    for (const [args, path] of [
      [['me'], '/me'],
      [['checkin', 'list'], '/check-ins'],
      [['people', 'list'], '/people'],
    ] as const) {
      faults = [htmlPage];
      const result = await runInProcess([...args], { env });
      expect(result.exitCode).toBe(6);
      expect(result.stderr).toMatch(
        new RegExp(
          `^pulse: the server answered text/html, not JSON \\(HTTP 200\\) for GET ${url}/api/v2${path}\n$`,
        ),
      );
      expect(result.stdout).toBe('');
    }
  });

  it('exits 7 after waiting out a 429 without Retry-After (1 s) three times, telling the waits only with --verbose', async () => {
    const env = isolatedEnv({ PULSE_BASE_URL: url, PULSE_TOKEN: 'service_pat_x' });
    faults = Array.from({ length: 4 }, () => status(429));
    const quiet = await runInProcess(['me'], { env });
    expect([quiet.exitCode, seen.length]).toEqual([7, 4]);
    expect(quiet.stderr).toBe('pulse: rate limited; retry after 1s\n');
    faults = Array.from({ length: 4 }, () => status(429));
    const verbose = await runInProcess(['me', '--verbose'], { env });
    expect([verbose.exitCode, seen.length]).toEqual([7, 8]);
    expect(verbose.stderr).toBe(
      `${'pulse: rate limited by the server; retrying in 1s\n'.repeat(3)}pulse: rate limited; retry after 1s\n`,
    );
  });

  it('the real binary exits 6 on a proxy page and 7 on a long rate limit', async () => {
    const env = isolatedEnv({ PULSE_BASE_URL: url, PULSE_TOKEN: 'service_pat_x' });
    faults = [htmlPage];
    let result = await execPulse(['me'], { env });
    expect([result.exitCode, result.stderr]).toEqual([
      6,
      `pulse: the server answered text/html, not JSON (HTTP 200) for GET ${url}/api/v2/me`,
    ]);
    faults = [status(429, { 'retry-after': '600' })];
    result = await execPulse(['me'], { env });
    expect([result.exitCode, result.stderr]).toEqual([7, 'pulse: rate limited; retry after 600s']);
  });

  it('exits 7 for a rate limit it will not wait out', async () => {
    faults = [status(429, { 'retry-after': '600' })];
    const env = isolatedEnv({ PULSE_BASE_URL: url, PULSE_TOKEN: 'service_pat_x' });
    const result = await runInProcess(['me'], { env });
    expect([result.exitCode, result.stderr]).toEqual([7, 'pulse: rate limited; retry after 600s\n']);
  });

  it('exits 6 on a redirect of any kind, naming where to and what base_url should be', async () => {
    const env = isolatedEnv({ PULSE_BASE_URL: url, PULSE_TOKEN: 'service_pat_x' });
    const moved = 'https://pulse.new.test';
    const redirect =
      (code: number): Fault =>
      (request, response) =>
        response.writeHead(code, { location: `${moved}${request.url}` }).end();
    for (const [code, args, request] of [
      [301, ['me'], `GET ${url}/api/v2/me`],
      [302, ['people', 'list'], `GET ${url}/api/v2/people`],
      [307, ['checkin', 'list'], `GET ${url}/api/v2/check-ins`],
      [
        308,
        ['goal', 'view', '00000000-0000-4000-8000-000000000000'],
        `GET ${url}/api/v2/goals/00000000-0000-4000-8000-000000000000`,
      ],
    ] as const) {
      seen = [];
      faults = [redirect(code)];
      const result = await execPulse([...args], { env });
      expect([result.exitCode, result.stdout, seen]).toEqual([6, '', ['GET']]);
      expect(result.stderr).toMatch(
        new RegExp(
          `^pulse: the server redirected ${request} to ${moved}/api/v2/\\S+ \\(HTTP ${code}\\); set base_url to ${moved}$`,
        ),
      );
    }
    // A redirect without a location, and one elsewhere than the same path.
    faults = [status(302)];
    let result = await execPulse(['me'], { env });
    expect([result.exitCode, result.stderr]).toEqual([
      6,
      `pulse: the server redirected GET ${url}/api/v2/me (HTTP 302) without saying where; pulse follows no redirect`,
    ]);
    faults = [status(302, { location: '/login' })];
    result = await execPulse(['me'], { env });
    expect([result.exitCode, result.stderr]).toEqual([
      6,
      `pulse: the server redirected GET ${url}/api/v2/me to ${url}/login (HTTP 302); pulse follows no redirect: check base_url (${url})`,
    ]);
  });

  it('exits 6 on a 200 whose JSON is not the resource or list asked for, never a TypeError', async () => {
    const env = isolatedEnv({ PULSE_BASE_URL: url, PULSE_TOKEN: 'service_pat_x' });
    const json =
      (body: string): Fault =>
      (_request, response) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    const person = { id: 'p1', name: 'Ana Diaz', email: 'ana@example.com', time_zone: 'UTC', teams: [] };
    for (const [args, body, message] of [
      [['me'], '{}', `the server's answer to GET ${url}/api/v2/me is not a person: it has no "id"`],
      [['me'], 'null', `the server's answer to GET ${url}/api/v2/me is not a person: it is nothing`],
      [['me'], '', `the server's answer to GET ${url}/api/v2/me is not a person: it is nothing`],
      [['me'], '[]', `the server's answer to GET ${url}/api/v2/me is not a person: it is a list`],
      [
        ['me'],
        JSON.stringify({ ...person, administrator: 'yes' }),
        `the server's answer to GET ${url}/api/v2/me is not a person: its "administrator" is a string`,
      ],
      [
        ['people', 'list'],
        '{}',
        `the server's answer to GET ${url}/api/v2/people is not a list: it is an object`,
      ],
      [
        ['people', 'list'],
        'null',
        `the server's answer to GET ${url}/api/v2/people is not a list: it is nothing`,
      ],
      [
        ['people', 'list'],
        '[{"id":"p1"}]',
        `item 1 of the server's answer to GET ${url}/api/v2/people is not a person: it has no "name"`,
      ],
      [
        ['goal', 'list'],
        '{"goals":[]}',
        `the server's answer to GET ${url}/api/v2/goals is not a list: it is an object`,
      ],
    ] as const) {
      faults = [json(body)];
      const result = await execPulse([...args], { env });
      expect([result.exitCode, result.stdout, result.stderr]).toEqual([6, '', `pulse: ${message}`]);
    }
  });

  it('exits 6 when the token endpoint redirects a refresh, naming auth_url', async () => {
    const env = isolatedEnv({ PULSE_BASE_URL: url });
    // An OAuth sign-in kept in the 0600 file, due for a refresh.
    const host = new URL(url).host;
    const tokens = {
      access_token: 'service_oat_x',
      refresh_token: 'service_ort_x',
      expires_at: '2000-01-01T00:00:00.000Z',
      scope: 'read',
      client_id: 'pulse-cli',
      auth_url: url,
    };
    mkdirSync(join(env.XDG_CONFIG_HOME as string, 'pulse'), { recursive: true });
    writeFileSync(
      join(env.XDG_CONFIG_HOME as string, 'pulse', 'credentials.json'),
      JSON.stringify({ [`default@${host}#oauth`]: JSON.stringify(tokens) }),
      { mode: 0o600 },
    );
    faults = [status(302, { location: 'https://auth.new.test/oauth/token' })];
    const result = await execPulse(['me'], { env });
    expect([result.exitCode, result.stdout, seen]).toEqual([6, '', ['POST']]);
    expect(result.stderr).toBe(
      `pulse: ${host}'s token endpoint redirected to https://auth.new.test/oauth/token (HTTP 302); pulse follows no redirect: check auth_url (${url})`,
    );
  });
});
