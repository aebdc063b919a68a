/**
 * `pulse status` in remote mode, in-process against real servers on 127.0.0.1: where the status URL comes
 * from, the same answers as the store behind the server, failures that must never read as operational
 * (exit 6), a rate-limited `wait`, and the built binary.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.js';
import { BIN, execPulse, type InProcessOptions, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { steppingClock } from '../helpers/clock.js';
import { startServe } from '../helpers/serve-process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { tempDir } from '../helpers/temp.js';

let server: TestServer;
let statusUrl: string;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A client machine of its own (no local store, no profile unless given), with instant waits. */
const pulse = (args: string[], options: InProcessOptions & { extraEnv?: Record<string, string> } = {}) =>
  runInProcess(args, { env: isolatedEnv(options.extraEnv ?? {}), ...options });

beforeAll(async () => {
  server = await startTestServer();
  statusUrl = `${server.url}/status`;
  const admin = server.fixture.store.statusAdmin;
  await admin.setPage({ name: 'Acme Cloud' });
  await admin.addComponent({ name: 'API' });
  await admin.addComponent({ name: 'Auth', parent_id: 1, state: 'degraded' });
  await admin.addComponent({ name: 'Website' });
  await admin.addNotice({
    type: 'planned',
    subject: 'Website migration',
    component_ids: [3],
    begins_at: '2030-01-01T02:00:00Z',
    ends_at: '2030-01-01T04:00:00Z',
  });
});

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A hand-written HTTP server for answers pulse serve never gives. */
async function fakeServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<string> {
  const fake: Server = createServer(handler);
  fake.listen(0, '127.0.0.1');
  await once(fake, 'listening');
  fakes.push(fake);
  return `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
}
const fakes: Server[] = [];
afterAll(async () => {
  await Promise.all(fakes.map((fake) => new Promise((resolve) => fake.close(resolve))));
});

describe('where the status page is read from', () => {
  it('PULSE_STATUS_URL: the same page, components and notices as the store behind the server', async () => {
    const env = { PULSE_STATUS_URL: statusUrl };
    const result = await pulse(['status', '--check'], { extraEnv: env });
    expect(result).toEqual({ exitCode: 8, stdout: 'degraded\n', stderr: 'component 2 Auth: degraded\n' });

    const json = JSON.parse((await pulse(['status', '--json'], { extraEnv: env })).stdout);
    const core = server.fixture.store.statusService();
    expect(json).toEqual({
      page: await core.page(),
      components: (await core.listComponents()).items,
      notices: (await core.listNotices({ timeline_state_eq: 'future' })).items,
    });
    expect(json.page).toMatchObject({
      name: 'Acme Cloud',
      url: 'https://pulse.test/status',
      state: 'degraded',
    });

    expect((await pulse(['status'], { extraEnv: env })).stdout).toBe(
      [
        'Acme Cloud: degraded',
        '',
        'Components',
        '  API      operational',
        '    Auth   degraded',
        '  Website  operational',
        '',
        'Incidents and maintenance now',
        '  none',
        '',
        'Planned maintenance',
        '  #1 Website migration (scheduled)',
        '     2030-01-01 02:00 to 04:00 UTC',
        '',
      ].join('\n'),
    );
    const website = await pulse(['status', '--check', '--component', 'Website'], { extraEnv: env });
    expect([website.exitCode, website.stdout]).toEqual([0, 'operational\n']);
    const api = await pulse(['status', '--check', '--component', 'API'], { extraEnv: env });
    expect([api.exitCode, api.stdout]).toEqual([8, 'degraded\n']);
    const unknown = await pulse(['status', '--check', '--component', 'Payments'], { extraEnv: env });
    expect(unknown.exitCode).toBe(3);
    const detail = JSON.parse((await pulse(['status', 'notice', '1', '--json'], { extraEnv: env })).stdout);
    expect(detail).toEqual(await core.getNotice(1));
    const missing = await pulse(['status', 'notice', '99'], { extraEnv: env });
    expect([missing.exitCode, missing.stderr]).toEqual([3, 'pulse: no notice 99\n']);
    expect((await pulse(['status', 'components'], { extraEnv: env })).stdout).toBe(
      '1\tAPI\toperational\t\t\n2\tAuth\tdegraded\t1\t\n3\tWebsite\toperational\t\t\n',
    );
  });

  it("the profile's base_url + /status, or its status_url, which comes first", async () => {
    const env = isolatedEnv();
    const run = (args: string[], extra: Record<string, string> = {}) =>
      runInProcess(args, { env: { ...env, ...extra } });
    expect((await run(['config', 'set', 'base_url', server.url])).exitCode).toBe(0);
    const viaBase = await run(['status', '--check']);
    expect([viaBase.exitCode, viaBase.stdout]).toEqual([8, 'degraded\n']);

    const dead = `http://127.0.0.1:${await closedPort()}`;
    expect((await run(['config', 'set', 'base_url', dead])).exitCode).toBe(0);
    expect((await run(['config', 'set', 'status_url', statusUrl])).exitCode).toBe(0);
    const viaStatusUrl = await run(['status', '--check']);
    expect([viaStatusUrl.exitCode, viaStatusUrl.stdout]).toEqual([8, 'degraded\n']);

    // --status-url beats PULSE_STATUS_URL, which beats the profile.
    const flag = await run(['status', '--check', '--status-url', statusUrl], { PULSE_STATUS_URL: dead });
    expect([flag.exitCode, flag.stdout]).toEqual([8, 'degraded\n']);
    const variable = await run(['status', '--check'], { PULSE_STATUS_URL: `${dead}/status` });
    expect([variable.exitCode, variable.stderr]).toEqual([6, `pulse: cannot reach ${dead}: ECONNREFUSED\n`]);

    // An explicit local store beats the profile (but not PULSE_STATUS_URL).
    const store = join(tempDir(), 'local.db');
    const local = await run(['--store', store, 'status', '--check']);
    expect([local.exitCode, local.stdout]).toEqual([0, 'operational\n']);
    const both = await run(['--store', store, 'status', '--check'], { PULSE_STATUS_URL: statusUrl });
    expect([both.exitCode, both.stdout]).toEqual([8, 'degraded\n']);
    // Status administration goes to the profile's deployment, with its login (none here: exit 4);
    // the other operator commands never go remote.
    const adminRemote = await run(['admin', 'status', 'page', '--name', 'X']);
    expect([adminRemote.exitCode, adminRemote.stderr]).toEqual([4, expect.stringContaining('not logged in')]);
    const personRemote = await run(['admin', 'person', 'add', '--name', 'X', '--email', 'x@example.com']);
    expect(personRemote.exitCode).toBe(2);
  });

  it('refuses a status URL that is not an absolute http(s) URL, naming where it came from', async () => {
    const flag = await pulse(['status', '--status-url', 'status.example.com']);
    expect([flag.exitCode, flag.stderr]).toEqual([
      2,
      'pulse: --status-url must be an absolute http(s) URL: status.example.com\nRun with --help for usage.\n',
    ]);
    const variable = await pulse(['status', 'wait'], {
      extraEnv: { PULSE_STATUS_URL: 'ftp://example.com/status' },
    });
    expect([variable.exitCode, variable.stderr]).toEqual([
      2,
      'pulse: PULSE_STATUS_URL must be an absolute http(s) URL: ftp://example.com/status\nRun with --help for usage.\n',
    ]);
  });

  it('follows next_page for every notice over HTTP', async () => {
    const paged = await startTestServer();
    for (let i = 1; i <= 30; i++) {
      await paged.fixture.store.statusAdmin.addNotice({
        type: 'planned',
        subject: `Window ${i}`,
        begins_at: '2030-01-01T02:00:00Z',
        ends_at: '2030-01-01T04:00:00Z',
      });
    }
    const env = { PULSE_STATUS_URL: `${paged.url}/status` };
    const first = await pulse(['status', 'notices', '--json'], { extraEnv: env });
    expect([JSON.parse(first.stdout).length, first.stderr]).toEqual([
      25,
      'Showing 25 of 30 notices; --all lists every page.\n',
    ]);
    const all = JSON.parse((await pulse(['status', 'notices', '--all', '--json'], { extraEnv: env })).stdout);
    expect(all.map((n: { id: number }) => n.id)).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
    const page = JSON.parse((await pulse(['status', '--json'], { extraEnv: env })).stdout);
    expect(page.notices).toHaveLength(30);
  });
});

describe('failures never read as operational', () => {
  it('a closed port exits 6 with one clear line, for --check, the page and the lists', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    for (const args of [['status', '--check'], ['status'], ['status', 'components']]) {
      const result = await pulse(args, { extraEnv: { PULSE_STATUS_URL: `${dead}/status` } });
      expect([args, result.exitCode, result.stdout, result.stderr]).toEqual([
        args,
        6,
        '',
        `pulse: cannot reach ${dead}: ECONNREFUSED\n`,
      ]);
    }
  });

  it('wait counts a page that never answers as "not yet", and exits 6 at the timeout', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const result = await pulse(['status', 'wait', '--timeout', '1m', '--interval', '20s'], {
      extraEnv: { PULSE_STATUS_URL: `${dead}/status` },
      clock,
      sleep: async (ms) => clock.advance(ms),
    });
    expect([result.exitCode, result.stdout]).toEqual([6, '']);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      `pulse: cannot reach ${dead}: ECONNREFUSED; waiting up to 1m for operational`,
      `pulse: timed out after 1m waiting for operational: cannot reach ${dead}: ECONNREFUSED`,
    ]);
  });

  it('a server error, an answer that is not the status interface, or a wrong URL', async () => {
    let requests = 0;
    const failing = await fakeServer((_request, response) => {
      requests++;
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"errors":["boom"]}');
    });
    const five = await pulse(['status', '--check', '--status-url', failing]);
    expect([five.exitCode, five.stdout, five.stderr]).toEqual([
      6,
      '',
      `pulse: the server failed (HTTP 500) for GET ${failing}/api/v1/status\n`,
    ]);
    expect(requests).toBe(1);

    const html = await fakeServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>status</html>');
    });
    const notJson = await pulse(['status', '--check', '--status-url', html]);
    expect([notJson.exitCode, notJson.stderr]).toEqual([
      6,
      `pulse: the server answered text/html, not JSON (HTTP 200) for GET ${html}/api/v1/status\n`,
    ]);

    // JSON, but not the status interface's.
    const other = await fakeServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":"world"}');
    });
    const notStatus = await pulse(['status', '--check', '--status-url', other]);
    expect([notStatus.exitCode, notStatus.stderr]).toEqual([
      6,
      `pulse: the server's answer to GET ${other}/api/v1/status has no "page" (is this a status interface?)\n`,
    ]);

    // The deployment's base URL instead of its status URL: /api/v1/status is another interface.
    const wrong = await pulse(['status', '--check', '--status-url', server.url]);
    expect(wrong).toEqual({
      exitCode: 4,
      stdout: '',
      stderr: `pulse: the server refused the credentials (401): a status page needs none: is ${server.url} a status URL (e.g. https://pulse.example.com/status)?\n`,
    });
    const missing = await pulse(['status', '--check', '--status-url', `${server.url}/nowhere`]);
    expect([missing.exitCode, missing.stdout, missing.stderr]).toEqual([
      3,
      '',
      `pulse: not found (404): GET ${server.url}/nowhere/api/v1/status\n`,
    ]);
  });
});

describe('pulse status wait, remotely', () => {
  it('waits out 429s (the client retries, then the command polls again) and reaches the state', async () => {
    // Every request is refused until the fifth: the client's three retries, then a poll of the command.
    let requests = 0;
    const limited = await fakeServer((request, response) => {
      requests++;
      if (requests <= 4) {
        response.writeHead(429, { 'retry-after': '2', 'content-type': 'application/json' }).end('{}');
        return;
      }
      expect(request.url).toBe('/status/api/v1/status');
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          page: {
            name: 'Fake',
            state: 'operational',
            url: 'https://fake.test',
            links: {
              components: { href: '/status/api/v1/components', count: 0 },
              notices: { href: '/status/api/v1/notices', count: 0 },
            },
            created_at: '2026-11-23T10:00:00Z',
            updated_at: '2026-11-23T10:00:00Z',
          },
        }),
      );
    });
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const sleeps: number[] = [];
    const result = await pulse(['status', 'wait', '--interval', '1s', '--verbose'], {
      extraEnv: { PULSE_STATUS_URL: `${limited}/status` },
      clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock.advance(ms);
      },
    });
    expect(result).toEqual({
      exitCode: 0,
      stdout: 'operational\n',
      stderr: [
        'pulse: rate limited by the server; retrying in 2s',
        'pulse: rate limited by the server; retrying in 2s',
        'pulse: rate limited by the server; retrying in 2s',
        'pulse: rate limited by the status page; polling again in 2s',
        'pulse: status is operational at 10:00:08 UTC; waiting up to 10m for operational',
        '',
      ].join('\n'),
    });
    expect(sleeps).toEqual([2000, 2000, 2000, 2000]);
  });

  it('polls a real rate-limited server (1 a second) until a change, waiting out its 429s', async () => {
    const limited = await startTestServer({ statusRateLimit: 1 });
    const admin = limited.fixture.store.statusAdmin;
    await admin.addComponent({ name: 'API', state: 'under_maintenance' });
    let waitedOut = 0;
    const result = await runInProcess(
      ['status', 'wait', '--interval', '200ms', '--timeout', '30s', '--verbose'],
      {
        env: isolatedEnv({ PULSE_STATUS_URL: `${limited.url}/status` }),
        clock: systemClock,
        sleep: async (ms) => {
          await realSleep(ms);
          // After the first 429 has been waited out, the maintenance ends.
          if (ms >= 1000 && ++waitedOut === 1) await admin.setComponentState(1, 'operational');
        },
      },
    );
    expect([result.exitCode, result.stdout]).toEqual([0, 'operational\n']);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^pulse: status is under_maintenance at .* UTC; waiting up to 30s for operational$/,
    );
    expect(lines).toContain('pulse: rate limited by the server; retrying in 1s');
    expect(lines.at(-1)).toMatch(/^pulse: status is operational at /);
  });

  it('keeps polling a page that stops answering, and times out with the code of the state it last answered', async () => {
    let up = true;
    let state = 'under_maintenance';
    const flaky = await fakeServer((_request, response) => {
      if (!up) {
        response.writeHead(503).end();
        return;
      }
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ page: { name: 'Fake', state } }));
    });
    const clock = steppingClock('2026-11-23T10:00:00Z');
    let polls = 0;
    const run = (changes: Record<number, () => void>) =>
      pulse(['status', 'wait', '--timeout', '1m', '--interval', '20s'], {
        extraEnv: { PULSE_STATUS_URL: flaky },
        clock,
        sleep: async (ms) => {
          clock.advance(ms);
          // The command's own waits are the interval's; the client's backoffs between retries are shorter.
          if (ms === 20_000) changes[++polls]?.();
        },
      });
    const down = await run({ 1: () => (up = false) });
    expect([down.exitCode, down.stdout]).toEqual([9, 'under_maintenance\n']);
    expect(down.stderr.trimEnd().split('\n')).toEqual([
      'pulse: status is under_maintenance at 10:00:00 UTC; waiting up to 1m for operational',
      `pulse: the server failed (HTTP 503) for GET ${flaky}/api/v1/status; still trying`,
      `pulse: timed out after 1m waiting for operational: the status is under_maintenance (then: the server failed (HTTP 503) for GET ${flaky}/api/v1/status)`,
    ]);

    up = true;
    polls = 0;
    const back = await run({
      1: () => (up = false),
      2: () => {
        up = true;
        state = 'operational';
      },
    });
    expect([back.exitCode, back.stdout]).toEqual([0, 'operational\n']);
    expect(
      back.stderr
        .trimEnd()
        .split('\n')
        .map((line) => line.replace(/ at \S+ UTC/, '')),
    ).toEqual([
      'pulse: status is under_maintenance; waiting up to 1m for operational',
      `pulse: the server failed (HTTP 503) for GET ${flaky}/api/v1/status; still trying`,
      'pulse: the status page answers again',
      'pulse: status is operational',
    ]);
  });
});

describe('the built binary', () => {
  it('gates on the status page through PULSE_STATUS_URL and a local store', async () => {
    const remote = await execPulse(['status', '--check'], {
      env: isolatedEnv({ PULSE_STATUS_URL: statusUrl }),
    });
    expect(remote).toEqual({ exitCode: 8, stdout: 'degraded', stderr: 'component 2 Auth: degraded' });
    const passing = await execPulse(['status', '--check', '--fail-on', 'maintenance'], {
      env: isolatedEnv({ PULSE_STATUS_URL: statusUrl }),
    });
    expect([passing.exitCode, passing.stdout]).toEqual([0, 'degraded']);

    const store = join(tempDir(), 'bin.db');
    const env = isolatedEnv();
    const added = await execPulse(
      ['--store', store, 'admin', 'status', 'component', 'add', '--name', 'API'],
      { env },
    );
    expect([added.exitCode, added.stdout]).toEqual([0, '1']);
    await execPulse(
      ['--store', store, 'admin', 'status', 'component', 'set', '1', '--state', 'under_maintenance'],
      {
        env,
      },
    );
    const local = await execPulse(['--store', store, 'status', '--check'], { env });
    expect([local.exitCode, local.stdout]).toEqual([9, 'under_maintenance']);
    const waited = await execPulse(
      ['--store', store, 'status', 'wait', '--timeout', '400ms', '--interval', '200ms'],
      {
        env,
      },
    );
    expect([waited.exitCode, waited.stdout]).toEqual([9, 'under_maintenance']);
  });

  it('status wait waits through a restart: a status server that is down at the start is "not yet"', async () => {
    const env = isolatedEnv();
    const store = join(tempDir(), 'restarting.db');
    const init = await runInProcess(['--store', store, 'init', '--name', 'Ana Diaz', '--email', 'a@x.io'], {
      env,
    });
    expect(init.exitCode).toBe(0);
    const port = await closedPort();
    const statusAt = `http://127.0.0.1:${port}/status`;
    const waiting = execa(
      process.execPath,
      [BIN, 'status', 'wait', '--timeout', '60s', '--interval', '200ms', '--status-url', statusAt],
      { env: isolatedEnv(), extendEnv: false, reject: false },
    );
    // The deploy: the status server comes up once the wait has seen it down.
    await new Promise<void>((resolve) => {
      let said = '';
      waiting.stderr?.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        if (said.includes('waiting up to 60s')) resolve();
      });
    });
    await startServe(['--store', store], env, ['--port', String(port)]);
    const result = await waiting;
    expect([result.exitCode, result.stdout]).toEqual([0, 'operational']);
    expect(
      String(result.stderr)
        .split('\n')
        .map((line) => line.replace(/ at \S+ UTC/, '')),
    ).toEqual([
      `pulse: cannot reach http://127.0.0.1:${port}: ECONNREFUSED; waiting up to 60s for operational`,
      'pulse: the status page answers again',
      'pulse: status is operational',
    ]);
  });

  it('--timeout bounds --check and the page, retries included: a hanging server is exit 6', async () => {
    let requests = 0;
    const hanging = await fakeServer(() => {
      requests++; // never answers
    });
    for (const args of [
      ['status', '--check', '--timeout', '2s'],
      ['status', '--timeout', '2s'],
    ]) {
      requests = 0;
      const result = await execPulse(args, { env: isolatedEnv({ PULSE_STATUS_URL: `${hanging}/status` }) });
      expect([args, result.exitCode, result.stdout, result.stderr]).toEqual([
        args,
        6,
        '',
        `pulse: no answer within 2s (--timeout): cannot reach ${hanging}: no answer within the time allowed`,
      ]);
      expect(requests).toBe(1);
    }
    const bad = await execPulse(['status', '--check', '--timeout', 'soon'], {
      env: isolatedEnv({ PULSE_STATUS_URL: `${hanging}/status` }),
    });
    expect([bad.exitCode, bad.stderr.split('\n')[0]]).toEqual([
      2,
      'pulse: --timeout must be a number with ms, s, m or h (e.g. 500ms, 15s, 10m, 1h): soon',
    ]);
  });

  it('pulse serve publishes the page at /status, limited per address by --status-rate-limit', async () => {
    const env = isolatedEnv();
    const store = join(tempDir(), 'served.db');
    const local = async (args: string[]) => {
      const result = await runInProcess(['--store', store, ...args], { env });
      expect([args, result.exitCode]).toEqual([args, 0]);
    };
    await local(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com']);
    await local(['admin', 'status', 'component', 'add', '--name', 'API', '--state', 'degraded']);
    for (let day = 1; day <= 8; day++) {
      const at = `2030-01-0${day}`;
      const window = ['--begins-at', `${at}T01:00:00Z`, '--ends-at', `${at}T02:00:00Z`];
      await local(['admin', 'status', 'notice', 'add', '--type', 'planned', '--subject', at, ...window]);
    }
    // `pulse status` makes four requests: within the default 5 a second; --component reads the 8 notices too.
    const served = await startServe(['--store', store], env);
    const client = isolatedEnv({ PULSE_BASE_URL: served.url });
    const fine = await execPulse(['status'], { env: client });
    expect([fine.exitCode, fine.stdout.split('\n')[0], fine.stderr]).toEqual([0, 'pulse: degraded', '']);
    await realSleep(1000);
    const twelve = await execPulse(['status', '--component', 'API'], { env: client });
    expect(twelve.exitCode).toBe(0);
    // Waiting out a 429 is normal operation: said only with --verbose.
    expect(twelve.stderr).not.toContain('rate limited');
    const slow = await startServe(['--store', store], env, ['--status-rate-limit', '1']);
    const limited = await execPulse(['status', '--check', '--verbose'], {
      env: isolatedEnv({ PULSE_STATUS_URL: `${slow.url}/status` }),
    });
    expect([limited.exitCode, limited.stdout]).toEqual([8, 'degraded']);
    expect(limited.stderr).toContain('pulse: rate limited by the server; retrying in 1s');

    const bad = await runInProcess(['--store', store, 'serve', '--status-rate-limit', 'fast'], { env });
    expect([bad.exitCode, bad.stderr]).toEqual([
      2,
      'pulse: --status-rate-limit must be requests a second above 0, or off: fast\nRun with --help for usage.\n',
    ]);
  });

  it('pulse serve answers what status-page clients read: past, update ids, state_text, positions', async () => {
    const env = isolatedEnv();
    const store = join(tempDir(), 'clients.db');
    const local = async (args: string[]) => {
      const result = await execPulse(['--store', store, ...args], { env });
      expect([args, result.exitCode, result.stderr]).toEqual([args, 0, result.stderr]);
      return result.stdout.trim();
    };
    await local(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com']);
    for (const name of ['API', 'Website', 'Database']) {
      await local(['admin', 'status', 'component', 'add', '--name', name]);
    }
    expect(await local(['admin', 'status', 'component', 'move', '3', '--to', '1'])).toBe('3');
    const incident = await local([
      'admin',
      'status',
      'notice',
      'add',
      '--type',
      'unplanned',
      '--subject',
      'Errors',
    ]);
    await local([
      'admin',
      'status',
      'notice',
      'update',
      incident,
      '--state',
      'resolved',
      '--content',
      'Fixed',
    ]);
    await local(['admin', 'status', 'notice', 'add', '--type', 'unplanned', '--subject', 'Slow']);

    const served = await startServe(['--store', store], env, ['--status-rate-limit', 'off']);
    const get = async (path: string) => {
      const response = await fetch(`${served.url}/status/api/v1${path}`, {
        headers: { Accept: 'application/json' },
      });
      expect([path, response.status]).toEqual([path, 200]);
      return response.json();
    };
    expect(await get('/status')).toMatchObject({ page: { state: 'degraded', state_text: 'Partial outage' } });
    const components = (await get('/components')) as { components: { name: string; position: number }[] };
    expect(components.components.map((component) => [component.name, component.position])).toEqual([
      ['Database', 1],
      ['API', 2],
      ['Website', 3],
    ]);
    const past = (await get('/notices?filter%5Btimeline_state_eq%5D=past')) as {
      notices: { id: number; latest_update: { id: number; content: string } }[];
    };
    expect(past.notices.map((notice) => [notice.id, notice.latest_update.content])).toEqual([
      [Number(incident), 'Fixed'],
    ]);
    const detail = (await get(`/notices/${incident}`)) as { notice: { updates: { id: number }[] } };
    expect(detail.notice.updates.map((update) => update.id)).toEqual([2, 1]);
    expect(past.notices[0]?.latest_update.id).toBe(2);

    // The CLI in remote mode asks the same.
    const client = isolatedEnv({ PULSE_STATUS_URL: `${served.url}/status` });
    const ended = await execPulse(['status', 'notices', '--timeline', 'past', '--json', 'id,state'], {
      env: client,
    });
    expect([ended.exitCode, JSON.parse(ended.stdout)]).toEqual([
      0,
      [{ id: Number(incident), state: 'resolved' }],
    ]);
    const listed = await execPulse(['status', 'components', '--json', 'name,position'], { env: client });
    expect(JSON.parse(listed.stdout)).toEqual([
      { name: 'Database', position: 1 },
      { name: 'API', position: 2 },
      { name: 'Website', position: 3 },
    ]);
  });
});
