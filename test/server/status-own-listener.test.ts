/**
 * `pulse serve --status-port`: the status page at the root of a listener of its own, as real status pages
 * answer at https://status.example.com/api/v1, with every link root-relative there (some clients follow
 * only next_page links that begin with /api/), while the main listener keeps /status/api/v1. The real
 * binary, requests as a status-page client makes them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execPulse, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'pulse-status-port-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADERS = { Accept: 'application/json', 'User-Agent': 'status-widget/2.1' };

async function json(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, { headers: HEADERS });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the status page on a port of its own', () => {
  const env = isolatedEnv();
  const store = join(dir, 'served.db');
  let served: ServeProcess;
  let named: ServeProcess;
  let incident: string;

  beforeAll(async () => {
    const local = async (args: string[]) => {
      const result = await runInProcess(['--store', store, ...args], { env });
      expect([args, result.exitCode]).toEqual([args, 0]);
      return result.stdout.trim();
    };
    await local(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com']);
    for (let n = 1; n <= 27; n++) await local(['admin', 'status', 'component', 'add', '--name', `Part ${n}`]);
    incident = await local([
      'admin',
      'status',
      'notice',
      'add',
      '--type',
      'unplanned',
      '--subject',
      'Errors',
    ]);
    // No limit per address: the test reads faster than the default 5 a second.
    served = await startServe(['--store', store], env, ['--status-port', '0', '--status-rate-limit', 'off']);
    named = await startServe(['--store', store], env, [
      '--status-port',
      '0',
      '--status-url',
      'https://status.example.com',
    ]);
  });

  it('prints its address on the line after the main one, and answers at /api/v1 with root-relative links', async () => {
    expect(served.statusUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(served.statusUrl).not.toBe(served.url);
    const page = await json(`${served.statusUrl}/api/v1/status`);
    expect(page.status).toBe(200);
    expect(page.body.page).toMatchObject({
      url: served.statusUrl,
      links: { components: { href: '/api/v1/components', count: 27 }, notices: { href: '/api/v1/notices' } },
    });
    const first = await json(`${served.statusUrl}/api/v1/components?page=1`);
    const next = (first.body.meta as { next_page: string }).next_page;
    expect(next).toBe('/api/v1/components?page=2');
    // A client that follows next_page from the status host's root reads the rest.
    const second = await json(`${served.statusUrl}${next}`);
    expect([second.status, (second.body.components as unknown[]).length]).toEqual([200, 2]);
    const notice = await json(`${served.statusUrl}/api/v1/notices/${incident}`);
    expect((notice.body.notice as { url: string }).url).toBe(
      `${served.statusUrl}/api/v1/notices/${incident}`,
    );
    const listed = await json(`${served.statusUrl}/api/v1/notices`);
    expect((listed.body.notices as { links: unknown }[])[0]?.links).toEqual({
      self: `/api/v1/notices/${incident}`,
    });
  });

  it('names its public URL with --status-url; the main listener keeps /status/api/v1', async () => {
    const page = await json(`${named.statusUrl}/api/v1/status`);
    expect(page.body.page).toMatchObject({ url: 'https://status.example.com' });
    const notice = await json(`${named.statusUrl}/api/v1/notices/${incident}`);
    expect((notice.body.notice as { url: string }).url).toBe(
      `https://status.example.com/api/v1/notices/${incident}`,
    );
    const main = await json(`${named.url}/status/api/v1/components?page=1`);
    expect((main.body.meta as { next_page: string }).next_page).toBe('/status/api/v1/components?page=2');
    expect((await json(`${named.url}/status/api/v1/status`)).body.page).toMatchObject({
      url: `${named.url}/status`,
    });
  });

  it('serves only the status page there: its OpenAPI document at /api/v1, and 404 for the other interfaces', async () => {
    const document = await json(`${served.statusUrl}/api/v1/openapi.json`);
    expect([document.status, document.body.servers]).toEqual([200, [{ url: '/api/v1' }]]);
    for (const path of ['/api/v2/me', '/api/v1/members', '/oauth/token', '/status/api/v1']) {
      const response = await fetch(`${served.statusUrl}${path}`, { headers: HEADERS });
      expect([path, response.status]).toEqual([path, 404]);
    }
  });

  it('is what `pulse status` reads with --status-url set to it, as it reads the main listener', async () => {
    const read = (statusUrl: string) =>
      execPulse(['status', 'components', '--json', 'name,state', '--status-url', statusUrl], {
        env: isolatedEnv(),
      });
    const own = await read(served.statusUrl as string);
    const main = await read(`${served.url}/status`);
    expect([own.exitCode, own.stderr]).toEqual([0, '']);
    expect(JSON.parse(own.stdout)).toEqual(JSON.parse(main.stdout));
    expect(JSON.parse(own.stdout)).toHaveLength(27);
  });

  it('refuses --status-url without --status-port, and a bad port, before listening', async () => {
    const lone = await execPulse(['--store', store, 'serve', '--status-url', 'https://status.example.com'], {
      env,
    });
    expect([lone.exitCode, lone.stderr.split('\n')[0]]).toEqual([
      2,
      'pulse: --status-url goes with --status-port (the status page on a port of its own)',
    ]);
    const bad = await execPulse(['--store', store, 'serve', '--status-port', '70000'], { env });
    expect([bad.exitCode, bad.stderr.split('\n')[0]]).toEqual([
      2,
      'pulse: --status-port must be a port number from 0 to 65535: 70000',
    ]);
  });
});
