/**
 * The HTML status page over real HTTP: its headers (CSP, caching, validators and 304s), the content it
 * shows, operator text escaped, the HTML 404 and 429 pages, and the paths on the status listener of its
 * own (the real binary with --status-port). The browser's view of the page is status-page-browser.test.ts.
 */
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { STATUS_PAGE_CSP } from '../../src/core/status/page/render.js';
import { isolatedEnv, runInProcess } from '../helpers/cli.js';
import { type SteppingClock, steppingClock } from '../helpers/clock.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { MONDAY, PAST_INCIDENT_DAY, seedStatusPage } from '../helpers/status-page.js';
import { tempDir } from '../helpers/temp.js';

let server: TestServer;
let clock: SteppingClock;

async function start(options: Parameters<typeof startTestServer>[0] = {}) {
  clock = steppingClock(MONDAY);
  server = await startTestServer({ clock, ...options });
  return server.fixture.store.statusAdmin;
}

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers });

describe('the HTML status page over HTTP', () => {
  afterEach(async () => {
    await server.close();
  });

  it('is HTML under a strict CSP, cached briefly, with a strong ETag and the page’s Last-Modified', async () => {
    const admin = await start();
    await seedStatusPage(admin, clock);
    const response = await get('/status');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=15');
    const csp = response.headers.get('content-security-policy');
    expect(csp).toBe(STATUS_PAGE_CSP);
    expect(csp).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; script-src 'sha256-[A-Za-z0-9+/]+=*'; img-src data:; base-uri 'none'; form-action 'none'$/,
    );
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    // The last write was on 2026-11-20; the history moved on at today's midnight, which is later.
    expect(response.headers.get('last-modified')).toBe('Mon, 23 Nov 2026 00:00:00 GMT');
    const html = await response.text();
    expect(html.startsWith('<!doctype html>')).toBe(true);
    // Nothing external: no src= or stylesheet link, no inline handler.
    expect(html).not.toMatch(/\ssrc=|rel="stylesheet"|\son[a-z]+=/i);
    expect(html).toContain('<h1>Acme status</h1>');
    expect(html).toContain('<span aria-hidden="true">✓</span> All systems operational</h2>');
    // The same bytes again while nothing changes.
    const again = await get('/status');
    expect(again.headers.get('etag')).toBe(response.headers.get('etag'));
    expect(await again.text()).toBe(html);
    // HEAD answers the same headers without a body.
    const head = await fetch(`${server.url}/status`, { method: 'HEAD' });
    expect([head.status, head.headers.get('etag'), await head.text()]).toEqual([
      200,
      response.headers.get('etag'),
      '',
    ]);
  });

  it('answers 304 to If-None-Match and If-Modified-Since until the status changes', async () => {
    const admin = await start();
    const seeded = await seedStatusPage(admin, clock);
    const first = await get('/status');
    const etag = first.headers.get('etag') as string;
    const lastModified = first.headers.get('last-modified') as string;

    const byTag = await get('/status', { 'If-None-Match': `"other", ${etag}` });
    expect([byTag.status, await byTag.text(), byTag.headers.get('etag')]).toEqual([304, '', etag]);
    expect(byTag.headers.get('cache-control')).toBe('public, max-age=15');
    expect((await get('/status', { 'If-None-Match': `W/${etag}` })).status).toBe(304);
    expect((await get('/status', { 'If-None-Match': '"other"' })).status).toBe(200);
    // If-None-Match decides when sent, whatever If-Modified-Since says.
    const both = await get('/status', { 'If-None-Match': '"other"', 'If-Modified-Since': lastModified });
    expect(both.status).toBe(200);
    expect((await get('/status', { 'If-Modified-Since': lastModified })).status).toBe(304);
    const before = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await get('/status', { 'If-Modified-Since': before })).status).toBe(200);
    expect((await get('/status', { 'If-Modified-Since': 'not a date' })).status).toBe(200);

    clock.advance(60_000);
    await admin.setComponentState(seeded.email, 'degraded');
    const changed = await get('/status', { 'If-None-Match': etag, 'If-Modified-Since': lastModified });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.headers.get('last-modified')).toBe('Mon, 23 Nov 2026 10:01:00 GMT');
    expect(await changed.text()).toContain('Partial outage');

    const incident = await get(`/status/incidents/${seeded.pastIncident}`);
    expect(incident.status).toBe(200);
    // The incident's last update: resolved two hours after it opened.
    expect(incident.headers.get('last-modified')).toBe('Tue, 10 Nov 2026 10:00:00 GMT');
    const incidentTag = incident.headers.get('etag') as string;
    expect(
      (await get(`/status/incidents/${seeded.pastIncident}`, { 'If-None-Match': incidentTag })).status,
    ).toBe(304);
  });

  it('moves the history on at midnight UTC: a new rendering, Last-Modified at the day’s start', async () => {
    const admin = await start();
    await seedStatusPage(admin, clock);
    const monday = await get('/status');
    expect(await monday.text()).toContain(`<a href="#day-${PAST_INCIDENT_DAY}">`);
    clock.set('2026-11-24T00:00:05Z');
    const tuesday = await get('/status', { 'If-None-Match': monday.headers.get('etag') as string });
    expect(tuesday.status).toBe(200);
    expect(tuesday.headers.get('last-modified')).toBe('Tue, 24 Nov 2026 00:00:00 GMT');
    expect(await tuesday.text()).toContain('From 2026-08-27 to 2026-11-24 (UTC)');
  });

  it('shows operator text as text: a hostile subject and update cannot add markup', async () => {
    const admin = await start();
    const hostile = await admin.addNotice({
      type: 'unplanned',
      subject: '<script>alert("subject")</script>',
      content: '<img src=x onerror="alert(1)"> & <a href="javascript:alert(2)">click</a>',
    });
    await admin.addComponent({ name: 'API "v2" <beta>', description: "it's <i>fine</i>" });
    for (const path of ['/status', `/status/incidents/${hostile.id}`]) {
      const html = await (await get(path)).text();
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<img');
      expect(html).not.toContain('<a href="javascript:');
      expect(html).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
      expect(html).toContain(
        '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;a href=&quot;javascript:alert(2)&quot;&gt;click&lt;/a&gt;',
      );
      // The page's only script is its own.
      expect(html.match(/<script>/g)).toHaveLength(1);
    }
    const page = await (await get('/status')).text();
    expect(page).toContain('API &quot;v2&quot; &lt;beta&gt;');
    expect(page).toContain('it&#39;s &lt;i&gt;fine&lt;/i&gt;');
  });

  it('answers an unknown or malformed incident with an HTML 404 page', async () => {
    const admin = await start();
    await admin.setPage({ name: 'Acme', url: 'https://status.acme.test' });
    for (const id of ['999', 'abc', '0', '%3Cscript%3E']) {
      const response = await get(`/status/incidents/${id}`);
      expect([id, response.status]).toEqual([id, 404]);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(STATUS_PAGE_CSP);
      const html = await response.text();
      expect(html).toContain('<h1>Page not found</h1>');
      expect(html).toContain('<a href="/status">Acme status</a>');
      expect(html.match(/<script>/g)).toHaveLength(1);
    }
  });

  it('applies the status interface’s token bucket per address, with an HTML 429 page', async () => {
    await start({ statusRateLimit: 1 });
    const first = await get('/status');
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toContain('status');
    // The JSON interface and the page share the bucket.
    const json = await get('/status/api/v1/status');
    expect(json.status).toBe(429);
    const limited = await get('/status');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await limited.text()).toContain('<h1>Too many requests</h1>');
  });
});

describe('the HTML status page on a listener of its own', () => {
  const env = isolatedEnv();
  const store = join(tempDir(), 'served.db');
  let served: ServeProcess | undefined;
  afterAll(async () => {
    await served?.stop();
  });

  it('is at / with incidents at /incidents/ID and links under the root', async () => {
    const local = async (args: string[]) => {
      const result = await runInProcess(['--store', store, ...args], { env });
      expect([args, result.exitCode]).toEqual([args, 0]);
      return result.stdout.trim();
    };
    await local(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com']);
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
    served = await startServe(['--store', store], env, ['--status-port', '0', '--status-rate-limit', 'off']);
    const root = served.statusUrl as string;

    const page = await fetch(`${root}/`);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    const html = await page.text();
    expect(html).toContain(`<a href="/incidents/${incident}">Errors</a>`);
    expect(html).toContain('<a href="/feed.atom">');
    expect(html).toContain('<a href="/api/v1/status">JSON interface</a>');

    const detail = await fetch(`${root}/incidents/${incident}`);
    expect(detail.status).toBe(200);
    expect(await detail.text()).toContain('<h1 id="subject">Errors</h1>');
    const missing = await fetch(`${root}/incidents/999`);
    expect([missing.status, missing.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
    expect(await missing.text()).toContain('<a href="/">pulse status</a>');

    // The main listener keeps the page at /status.
    const main = await fetch(`${served.url}/status`);
    expect(main.status).toBe(200);
    expect(await main.text()).toContain(`<a href="/status/incidents/${incident}">Errors</a>`);
  }, 60_000);
});
