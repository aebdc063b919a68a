/** `pulse doctor`: each check's verdict and fix, locally and against real and fake servers. */
import { chmodSync, closeSync, copyFileSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/store/schema-version.js';
import { execPulse, isolatedEnv, type Result, runInProcess } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { tempDir } from '../helpers/temp.js';

interface Check {
  check: string;
  ok: boolean;
  detail: string;
  fix: string | null;
}

const checks = (result: Result): Check[] => JSON.parse(result.stdout);
const named = (result: Result, name: string): Check | undefined =>
  checks(result).find((check) => check.check === name);

/** A healthy local store, made by `pulse init`, in an isolated home. */
async function healthyStore(): Promise<{ env: Record<string, string>; store: string }> {
  const env = isolatedEnv();
  const store = join(tempDir(), 'pulse.db');
  const init = await runInProcess(
    ['--store', store, 'init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core'],
    { env },
  );
  expect(init.exitCode, init.stderr).toBe(0);
  return { env, store };
}

describe('pulse doctor, local mode', () => {
  it('passes on a healthy store: configuration, mode, store and its text, exit 0', async () => {
    const { env, store } = await healthyStore();
    const result = await runInProcess(['--store', store, 'doctor', '--json'], { env });
    expect(result.exitCode, result.stdout).toBe(0);
    expect(checks(result).map((check) => [check.check, check.ok])).toEqual([
      ['configuration', true],
      ['mode', true],
      ['store', true],
      ['text', true],
    ]);
    expect(named(result, 'text')?.detail).toBe('every text value is valid UTF-8 without NUL');
    expect(named(result, 'store')?.detail).toBe(
      `${store} opens, integrity ok, schema ${SCHEMA_VERSION} up to date`,
    );
  });

  it('reports a config file at 0644 with its fix, exit 1', async () => {
    const { env, store } = await healthyStore();
    const set = await runInProcess(['config', 'set', 'editor', 'vi'], { env });
    expect(set.exitCode, set.stderr).toBe(0);
    const file = join(env.XDG_CONFIG_HOME as string, 'pulse', 'config.json');
    chmodSync(file, 0o644);
    const result = await runInProcess(['--store', store, 'doctor', '--json'], { env });
    expect(result.exitCode).toBe(1);
    expect(named(result, 'configuration')).toEqual({
      check: 'configuration',
      ok: false,
      detail: `${file} is mode 0644, not 0600`,
      fix: `chmod 600 ${file}`,
    });
  });

  it('reports a config file that does not parse, and still runs the other checks', async () => {
    const { env, store } = await healthyStore();
    const dir = join(env.XDG_CONFIG_HOME as string, 'pulse');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = join(dir, 'config.json');
    writeFileSync(file, '{"profiles": {', { mode: 0o600 });
    const result = await runInProcess(['--store', store, 'doctor', '--json'], { env });
    expect(result.exitCode).toBe(1);
    const check = named(result, 'configuration');
    expect(check?.ok).toBe(false);
    expect(check?.detail).toMatch(
      new RegExp(`^${file} does not parse \\(.+\\); its profiles were not used$`),
    );
    expect(check?.fix).toBe(
      `correct ${file} or move it aside and set the profile again with pulse config set`,
    );
    expect(named(result, 'store')?.ok).toBe(true);
    // Other commands still refuse to run on it.
    expect((await runInProcess(['--store', store, 'checkin', 'list'], { env })).exitCode).toBe(1);
  });

  it('prints one line per check with ok/problem when piped, and the fix under a problem', async () => {
    const { env, store } = await healthyStore();
    const runConfig = await runInProcess(['config', 'set', 'editor', 'vi'], { env });
    expect(runConfig.exitCode).toBe(0);
    const dir = join(env.XDG_CONFIG_HOME as string, 'pulse');
    chmodSync(dir, 0o755);
    const result = await runInProcess(['--store', store, 'doctor'], { env });
    expect(result.exitCode).toBe(1);
    expect(result.stdout.split('\n')).toEqual([
      `problem configuration: ${dir} is mode 0755, not 0700`,
      `  fix: chmod 700 ${dir}`,
      `ok mode: local: ${store} (profile default)`,
      `ok store: ${store} opens, integrity ok, schema ${SCHEMA_VERSION} up to date`,
      'ok text: every text value is valid UTF-8 without NUL',
      '',
    ]);
  });

  it('marks checks with ✓ and ✗ on a terminal', async () => {
    const { env, store } = await healthyStore();
    const result = await runInProcess(['--store', store, 'doctor'], {
      env: { ...env, NO_COLOR: '1' },
      stdoutIsTTY: true,
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split('\n').map((line) => line.slice(0, 2))).toEqual(['✓ ', '✓ ', '✓ ', '✓ ', '']);
  });

  it('reports a corrupted store (garbage written into a copy), exit 1', async () => {
    const { env, store } = await healthyStore();
    const copy = join(tempDir(), 'copy.db');
    copyFileSync(store, copy);
    const fd = openSync(copy, 'r+');
    writeSync(fd, Buffer.alloc(8192, 0xa5), 0, 8192, 4096);
    closeSync(fd);
    const result = await runInProcess(['--store', copy, 'doctor', '--json'], { env });
    expect(result.exitCode).toBe(1);
    const check = named(result, 'store');
    expect(check?.ok).toBe(false);
    expect(check?.detail).toContain(`${copy} is damaged`);
    expect(check?.fix).toBe(`restore ${copy} from a backup, or move it aside to start a new store`);
  });

  it('reports a file that is no database at all', async () => {
    const env = isolatedEnv();
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    const garbage = join(dir, 'garbage.db');
    writeFileSync(garbage, 'this is not a SQLite file, only text long enough to have a header'.repeat(100));
    const result = await runInProcess(['--store', garbage, 'doctor', '--json'], { env });
    expect(result.exitCode).toBe(1);
    expect(named(result, 'store')?.detail).toContain('is damaged');
  });
});

describe('pulse doctor, remote mode', () => {
  let server: TestServer;
  let fake: Server;
  let fakeUrl: string;

  beforeAll(async () => {
    server = await startTestServer();
    // A deployment whose clock is 5 minutes ahead of the injected one (2026-11-23T10:00:00Z).
    fake = createServer((_request, response) => {
      response.sendDate = false;
      response.writeHead(200, {
        date: new Date('2026-11-23T10:05:00Z').toUTCString(),
        'content-type': 'application/json',
      });
      response.end(JSON.stringify({ id: 'x', name: 'Ana Diaz', email: 'ana@example.com', teams: [] }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => fake.close(resolve));
  });

  it('passes against a real pulse serve with a valid token (the real binary), without printing it', async () => {
    const token = server.tokens.ana as string;
    const env = isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TOKEN: token });
    for (const args of [['doctor'], ['doctor', '--json']]) {
      const result = await execPulse(args, { env });
      expect(result.exitCode, result.stdout + result.stderr).toBe(0);
      expect(result.stdout + result.stderr).not.toContain(token);
    }
    const json = await execPulse(['doctor', '--json'], { env });
    expect(checks(json).map((check) => [check.check, check.ok])).toEqual([
      ['configuration', true],
      ['mode', true],
      ['keychain', true],
      ['server', true],
      ['clock', true],
      ['token', true],
    ]);
  });

  it('reports an unknown token with the fix pulse auth login, and never prints it', async () => {
    const token = `service_pat_${'y'.repeat(43)}`;
    const env = isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TOKEN: token });
    // The real server's Date is the real clock's; the in-process clock must agree for the clock check.
    const { systemClock } = await import('../../src/core/clock.js');
    const result = await runInProcess(['doctor', '--json'], { env, clock: systemClock });
    expect(result.exitCode).toBe(1);
    expect(named(result, 'server')?.ok).toBe(true);
    expect(named(result, 'clock')?.ok).toBe(true);
    expect(named(result, 'token')).toEqual({
      check: 'token',
      ok: false,
      detail: `${new URL(server.url).host} refused the token (401)`,
      fix: 'pulse auth login',
    });
    expect(result.stdout + result.stderr).not.toContain(token);
  });

  it('reports a server clock 5 minutes off as clock skew', async () => {
    const token = `service_pat_${'z'.repeat(43)}`;
    const env = isolatedEnv({ PULSE_BASE_URL: fakeUrl, PULSE_TOKEN: token });
    const result = await runInProcess(['doctor', '--json'], { env });
    expect(result.exitCode).toBe(1);
    expect(named(result, 'clock')).toEqual({
      check: 'clock',
      ok: false,
      detail: "this machine's clock is 300 s behind the server's",
      fix: 'synchronise the clock (e.g. timedatectl set-ntp true)',
    });
    expect(named(result, 'server')?.ok).toBe(true);
    expect(named(result, 'token')?.ok).toBe(true);
    expect(result.stdout + result.stderr).not.toContain(token);
  });

  it('reports an unreachable URL (a refused port) as a reachability problem, exit 1', async () => {
    // A port that was just free: listen, note it, close.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const url = `http://127.0.0.1:${port}`;
    const token = `service_pat_${'w'.repeat(43)}`;
    const env = isolatedEnv({ PULSE_BASE_URL: url, PULSE_TOKEN: token });
    const result = await runInProcess(['doctor'], { env });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      `problem server: ${url} is unreachable: cannot reach ${url}: ECONNREFUSED`,
    );
    expect(result.stdout).toContain('  fix: check base_url (pulse config get base_url)');
    expect(result.stdout + result.stderr).not.toContain(token);
  });
});
