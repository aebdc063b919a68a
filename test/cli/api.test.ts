/**
 * `pulse api`: raw requests against a real server on 127.0.0.1 (v2 with a token, v1 with a team key, the
 * status page without credentials), and on a local store through the app built in process (inject).
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { buildServer } from '../../src/server/app.js';
import { BIN, execPulse, initAnaAndBen, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { spawnInTerminal } from '../helpers/pty.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createFixture } from '../helpers/store.js';
import { tempDir } from '../helpers/temp.js';

let server: TestServer;
let remoteEnv: Record<string, string>;
const remote = (args: string[], options: Parameters<typeof runInProcess>[1] = {}) =>
  runInProcess(['api', ...args], { env: remoteEnv, ...options });

beforeAll(async () => {
  server = await startTestServer();
  remoteEnv = isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TOKEN: server.tokens.ana as string });
});

describe('pulse api against a deployment', () => {
  it('GETs /me as received when piped, pretty-printed on a terminal', async () => {
    const piped = await remote(['/me']);
    expect(piped.exitCode, piped.stderr).toBe(0);
    expect(piped.stdout).not.toContain('\n');
    expect(JSON.parse(piped.stdout)).toMatchObject({ email: 'ana@example.com' });

    const tty = await remote(['me'], { stdoutIsTTY: true });
    expect(tty.exitCode).toBe(0);
    expect(tty.stdout).toContain('\n  "email": "ana@example.com"');
    expect(JSON.parse(tty.stdout)).toEqual(JSON.parse(piped.stdout));
  });

  it('POSTs -f and -F fields as a JSON body (typed values become JSON), creating a goal', async () => {
    const result = await remote(['goals', '-f', 'title=Ship the API', '-F', 'private=true']);
    expect(result.exitCode, result.stderr).toBe(0);
    const goal = JSON.parse(result.stdout) as { id: string; title: string; private: boolean };
    expect(goal).toMatchObject({ title: 'Ship the API', private: true });
    const stored = await server.fixture.store.serviceFor(server.fixture.ids.ana as string).getGoal(goal.id);
    expect(stored).toMatchObject({ title: 'Ship the API', private: true });
  });

  it('-F @file reads a field from a file; -f keeps "true" a string', async () => {
    const file = join(tempDir(), 'title.txt');
    writeFileSync(file, 'From a file');
    const result = await remote(['goals', '-F', `title=@${file}`]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ title: 'From a file' });
    const refused = await remote(['goals', '-f', 'title=x', '-f', 'private=true']);
    expect(refused.exitCode).toBe(2); // private must be a boolean: 400 or 422 from the server
  });

  it('--input sends a file, or stdin, as the body (POST by default)', async () => {
    const file = join(tempDir(), 'goal.json');
    writeFileSync(file, JSON.stringify({ title: 'Input from a file' }));
    const fromFile = await remote(['goals', '--input', file]);
    expect(fromFile.exitCode, fromFile.stderr).toBe(0);
    expect(JSON.parse(fromFile.stdout)).toMatchObject({ title: 'Input from a file' });

    const fromStdin = await remote(['goals', '--input', '-'], {
      stdin: JSON.stringify({ title: 'Input from stdin' }),
    });
    expect(fromStdin.exitCode, fromStdin.stderr).toBe(0);
    expect(JSON.parse(fromStdin.stdout)).toMatchObject({ title: 'Input from stdin' });

    const missing = await remote(['goals', '--input', join(tempDir(), 'none.json')]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('--input: cannot read');
  });

  it('--paginate follows the Link header and prints every page as one array', async () => {
    const service = server.fixture.store.serviceFor(server.fixture.ids.ana as string);
    for (let index = 0; index < 5; index++) await service.createGoal({ title: `Paged ${index}` });
    const whole = JSON.parse((await remote(['goals', '-X', 'GET', '-f', 'per_page=50'])).stdout) as {
      id: string;
    }[];
    expect(whole.length).toBeGreaterThan(4);

    const paged = await remote(['goals', '--paginate', '-f', 'per_page=2']);
    expect(paged.exitCode, paged.stderr).toBe(0);
    const items = JSON.parse(paged.stdout) as { id: string }[];
    expect(items.map((goal) => goal.id)).toEqual(whole.map((goal) => goal.id));

    const post = await remote(['goals', '--paginate', '-X', 'POST']);
    expect(post.exitCode).toBe(2);
  });

  it('--include prints the status line and headers as received, never the request credentials', async () => {
    const result = await remote(['me', '--include']);
    expect(result.exitCode).toBe(0);
    const [head, body] = result.stdout.split('\n\n');
    expect(head?.split('\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(head).toMatch(/^content-type: application\/json/m);
    expect(head).toMatch(/^etag: /m);
    expect(result.stdout).not.toMatch(/authorization/i);
    expect(result.stdout + result.stderr).not.toContain(server.tokens.ana);
    expect(JSON.parse(body as string)).toMatchObject({ email: 'ana@example.com' });
  });

  it('a 404 exits 3 like every command; a 401 exits 4', async () => {
    const missing = await remote(['goals/00000000-0000-4000-8000-000000000000']);
    expect(missing.exitCode).toBe(3);
    expect(missing.stderr).toBe(
      'pulse: HTTP 404 Not Found for GET path /api/v2/goals/00000000-0000-4000-8000-000000000000\n',
    );
    const unknownPath = await remote(['no-such-thing', '-i']);
    expect(unknownPath.exitCode).toBe(3);
    expect(unknownPath.stdout).toMatch(/^HTTP\/1.1 404 Not Found\n/);

    const refused = await runInProcess(['api', 'me'], {
      env: isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TOKEN: `service_pat_${'a'.repeat(43)}` }),
    });
    expect(refused.exitCode).toBe(4);
  });

  it('--v1 uses the team key (and --paginate takes the items out of the wrapper)', async () => {
    const { teamId, apiKey } = await server.fixture.store.admin.teamApiKey('Core');
    const env = isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TEAM_ID: teamId, PULSE_API_KEY: apiKey });
    const result = await runInProcess(['api', '--v1', 'members', '-i'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(apiKey);
    const body = JSON.parse(result.stdout.split('\n\n')[1] as string) as {
      members: { user: { email: string } }[];
    };
    expect(body.members.map((member) => member.user.email)).toContain('ben@example.com');

    const paged = await runInProcess(['api', '--v1', 'members', '--paginate'], { env });
    expect(paged.exitCode, paged.stderr).toBe(0);
    expect(JSON.parse(paged.stdout)).toEqual(body.members);

    const noKey = await runInProcess(['api', '--v1', 'members'], {
      env: isolatedEnv({ PULSE_BASE_URL: server.url }),
    });
    expect(noKey.exitCode).toBe(4);
  });

  it('--status reads the status page without credentials', async () => {
    const env = isolatedEnv({
      PULSE_BASE_URL: server.url,
      PULSE_TOKEN: server.tokens.ana as string,
      PULSE_DEBUG: 'api',
    });
    const result = await runInProcess(['api', '--status', '/status'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveProperty('page.state');
    expect(result.stderr).toContain(`> GET ${server.url}/status/api/v1/status`);
    expect(result.stderr).not.toMatch(/authorization/i);

    const both = await runInProcess(['api', '--status', '--v1', 'status'], { env });
    expect(both.exitCode).toBe(2);
  });

  it('shows a text body harmlessly on a terminal and exactly when piped', async () => {
    // A proxy in front of a deployment can answer with anything; here a body that would clear the screen.
    const body = 'gateway says \u001b[2Jhi\u0007';
    const proxy = createServer((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/plain' }).end(body);
    });
    await new Promise<void>((ready) => proxy.listen(0, '127.0.0.1', ready));
    try {
      const { port } = proxy.address() as AddressInfo;
      const env = isolatedEnv({ PULSE_BASE_URL: `http://127.0.0.1:${port}`, PULSE_TOKEN: 'service_pat_x' });
      const options = { env, sleep: async () => {} };
      const piped = await runInProcess(['api', '-X', 'POST', 'me'], options);
      expect(piped.stdout).toBe(body);
      const tty = await runInProcess(['api', '-X', 'POST', 'me'], { ...options, stdoutIsTTY: true });
      // The sequence removed, a lone control character shown escaped.
      expect(tty.stdout).toBe('gateway says hi\\u0007\n');
      expect(tty.exitCode).toBe(piped.exitCode);
      expect(tty.exitCode).not.toBe(0);
    } finally {
      await new Promise((closed) => proxy.close(closed));
    }
  });

  it('refuses a URL on another origin and sends nothing there', async () => {
    const env = { ...remoteEnv, PULSE_DEBUG: 'api' };
    const result = await runInProcess(['api', 'https://evil.example.com/api/v2/me'], { env });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('https://evil.example.com is not');
    expect(result.stderr).not.toContain('> GET');

    const same = await runInProcess(['api', `${server.url}/api/v2/me`], { env: remoteEnv });
    expect(same.exitCode, same.stderr).toBe(0);
    expect(JSON.parse(same.stdout)).toMatchObject({ email: 'ana@example.com' });
  });

  it('refuses malformed fields, headers and methods', async () => {
    expect((await remote(['me', '-f', 'novalue'])).exitCode).toBe(2);
    expect((await remote(['me', '-H', 'no colon'])).exitCode).toBe(2);
    expect((await remote(['me', '-X', 'GE T'])).exitCode).toBe(2);
  });

  it('pretty-prints JSON on a real terminal', async () => {
    const terminal = spawnInTerminal([BIN, 'api', 'me'], remoteEnv);
    expect(await terminal.exited).toBe(0);
    expect(terminal.output()).toMatch(/^\{\r?\n {2}"id": "/);
    expect(terminal.output()).toContain('  "email": "ana@example.com"');
  });

  it('runs as the real binary', async () => {
    const result = await execPulse(['api', 'me'], { env: remoteEnv });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ email: 'ana@example.com' });
    const missing = await execPulse(['api', 'goals/nope'], { env: remoteEnv });
    expect(missing.exitCode).toBe(3);
  });
});

describe('pulse api on a local store (in process)', () => {
  let env: Record<string, string>;
  let store: string;
  const local = (args: string[], options: Parameters<typeof runInProcess>[1] = {}) =>
    runInProcess(['--store', store, ...args], { env, ...options });

  beforeAll(async () => {
    env = isolatedEnv();
    store = join(tempDir(), 'pulse.db');
    await initAnaAndBen(local);
  });

  it('GETs as the default person, or --as, without a token in the store', async () => {
    const me = await local(['api', 'me']);
    expect(me.exitCode, me.stderr).toBe(0);
    expect(JSON.parse(me.stdout)).toMatchObject({ email: 'ana@example.com' });
    const ben = await local(['--as', 'ben@example.com', 'api', 'me']);
    expect(JSON.parse(ben.stdout)).toMatchObject({ email: 'ben@example.com' });
    expect(JSON.parse((await local(['admin', 'token', 'list', '--json'])).stdout)).toEqual([]);
  });

  it('POSTs change the store, and --paginate follows the local links', async () => {
    for (const title of ['One', 'Two', 'Three']) {
      const created = await local(['api', 'goals', '-f', `title=${title}`]);
      expect(created.exitCode, created.stderr).toBe(0);
    }
    const listed = JSON.parse((await local(['goal', 'list', '--json'])).stdout) as { title: string }[];
    // The fixed clock gives the three one creation time: the order among them is the store's.
    expect(listed.map((goal) => goal.title).sort()).toEqual(['One', 'Three', 'Two']);
    const paged = await local(['api', 'goals', '--paginate', '-f', 'per_page=1']);
    expect(paged.exitCode, paged.stderr).toBe(0);
    expect((JSON.parse(paged.stdout) as { title: string }[]).map((goal) => goal.title)).toEqual(
      listed.map((goal) => goal.title),
    );
  });

  it('answers 404 with exit 3, and serves --v1 and --status', async () => {
    expect((await local(['api', 'goals/nope'])).exitCode).toBe(3);
    const members = await local(['api', '--v1', 'members']);
    expect(members.exitCode, members.stderr).toBe(0);
    expect(JSON.parse(members.stdout).members).toHaveLength(2);
    const status = await local(['api', '--status', 'status']);
    expect(status.exitCode, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toHaveProperty('page.state', 'operational');
  });

  it('an app built for in-process use cannot listen', async () => {
    const fixture = await createFixture(fixedClock('2026-11-23T10:00:00Z'));
    const app = await buildServer({
      instance: fixture.store,
      clock: fixedClock('2026-11-23T10:00:00Z'),
      publicUrl: () => 'http://127.0.0.1:8080',
      rateLimit: null,
      echoSchedulerMs: null,
      inProcess: { principal: { personId: fixture.ids.ana as string, scope: 'write', tokenId: 'x' } },
    });
    expect(() => app.listen({ host: '127.0.0.1', port: 0 })).toThrow(/cannot listen/);
    await app.close();
    await fixture.store.close();
  });
});
