/**
 * The HTML status page in a real browser (Debian's Chromium, headless, driven by playwright-core): each
 * state in words, the components in their groups, incidents with their updates newest first, maintenance
 * with its window, the history linking a past incident to its page; a 320 px screen without horizontal
 * scrolling; no console errors (a CSP violation is one); axe-core finding no serious or critical problem
 * in the light and dark schemes; and everything readable with JavaScript off.
 *
 * With PULSE_UPDATE_SCREENSHOTS=1 it writes docs/status-page.png (the README shows it); otherwise the
 * screenshot goes to a temporary folder.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SteppingClock, steppingClock } from '../helpers/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import {
  MONDAY,
  PAST_INCIDENT_DAY,
  PAST_MAINTENANCE_DAY,
  type SeededPage,
  seedStatusPage,
} from '../helpers/status-page.js';
import { CHROMIUM, CHROMIUM_ARGS, missingParts } from '../helpers/system-parts.js';
import { tempDir } from '../helpers/temp.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SCREENSHOT =
  process.env.PULSE_UPDATE_SCREENSHOTS === '1'
    ? fileURLToPath(new URL('../../docs/status-page.png', import.meta.url))
    : join(tempDir(), 'status-page.png');

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }[];
}

describe.skipIf(await missingParts('chromium'))('the status page in Chromium', () => {
  let server: TestServer;
  let clock: SteppingClock;
  let seeded: SeededPage;
  let browser: Browser;
  /** The incident the degraded case opens, which the maintenance case resolves first. */
  let openIncident: number | undefined;

  beforeAll(async () => {
    clock = steppingClock(MONDAY);
    server = await startTestServer({ clock });
    seeded = await seedStatusPage(server.fixture.store.statusAdmin, clock);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  /**
   * Opens a path in a fresh context and runs `check` on it, then asserts the page logged no console error
   * (CSP violations, failed loads, script errors).
   */
  async function onPage(path: string, options: BrowserContextOptions, check: (page: Page) => Promise<void>) {
    const context = await browser.newContext(options);
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status()).toBe(200);
      await check(page);
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  }

  /** axe-core's serious and critical violations on the page as it is. */
  async function seriousViolations(page: Page): Promise<string[]> {
    await page.addScriptTag({ path: AXE });
    const result = (await page.evaluate('axe.run()')) as AxeResult;
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.help} ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
      );
  }

  /** Each scheme, each a clean axe run and no horizontal scrolling at 320 px. */
  async function accessibleEverywhere(path: string) {
    for (const colorScheme of ['light', 'dark'] as const) {
      // axe is injected as a script, which the page's CSP rightly refuses: these contexts bypass it.
      await onPage(path, { colorScheme, bypassCSP: true }, async (page) => {
        expect([colorScheme, await seriousViolations(page)]).toEqual([colorScheme, []]);
      });
    }
    await onPage(path, { viewport: { width: 320, height: 640 } }, async (page) => {
      const widths = await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]');
      expect(widths).toEqual([320, 320]);
    });
  }

  const banner = (page: Page) => page.locator('#overall').innerText();
  const componentState = (page: Page, name: string) =>
    page
      .locator('.components .row', { has: page.locator(`.name:text-is("${name}")`) })
      .locator('.state')
      .innerText();

  it('operational: the state in words, components grouped in order, maintenance ahead, the history', async () => {
    await onPage('/status', {}, async (page) => {
      expect(await page.title()).toBe('Acme status');
      expect(await banner(page)).toBe('✓ All systems operational');
      expect(await page.locator('.components > li > .row .name').allInnerTexts()).toEqual(['Web', 'Email']);
      expect(await page.getByRole('list', { name: 'Web' }).locator('.name').allInnerTexts()).toEqual([
        'API',
        'Dashboard',
      ]);
      expect(await componentState(page, 'API')).toBe('✓ Operational');
      expect(await page.locator('#incidents + p').innerText()).toBe('No open incidents.');
      const maintenance = page.locator('article', { hasText: 'Network maintenance' });
      expect(await maintenance.locator('.meta').allInnerTexts()).toEqual([
        'Scheduled',
        expect.stringMatching(
          /^Window: 2026-11-25 01:00 UTC \(.+ your time\) to 2026-11-25 03:00 UTC \(.+ your time\)$/,
        ),
      ]);
      // 90 days, each with its state in words for screen readers; the incident's day degraded.
      expect(await page.locator('.history li').count()).toBe(90);
      expect(await page.locator(`.history a[href="#day-${PAST_INCIDENT_DAY}"]`).innerText()).toBe(
        `!\n${PAST_INCIDENT_DAY}: degraded`,
      );
      expect(await page.locator(`#day-${PAST_MAINTENANCE_DAY}`).innerText()).toContain('Under maintenance');
      // From the day in the history to the incident's own page.
      await page.locator(`.history a[href="#day-${PAST_INCIDENT_DAY}"]`).click();
      await page.locator(`#day-${PAST_INCIDENT_DAY}`).getByRole('link', { name: 'Login errors' }).click();
      await page.waitForURL(`${server.url}/status/incidents/${seeded.pastIncident}`);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Login errors');
      expect(await page.locator('.updates li .content').allInnerTexts()).toEqual([
        'A bad deploy, rolled back.',
        'Some sign-ins fail.',
      ]);
    });
    await accessibleEverywhere('/status');
  }, 120_000);

  it('degraded: an open incident with its updates newest first, on the component it impacts', async () => {
    const admin = server.fixture.store.statusAdmin;
    const incident = await admin.addNotice({
      type: 'unplanned',
      subject: 'Slow dashboard',
      content: 'Pages take 10 s to load.',
      component_ids: [seeded.dashboard],
    });
    openIncident = incident.id;
    clock.advance(30 * 60_000);
    await admin.updateNotice(incident.id, {
      state: 'identified',
      content: 'A cache node failed.\nReplacing it.',
    });
    clock.advance(5 * 60_000);
    await onPage('/status', { viewport: { width: 1000, height: 900 } }, async (page) => {
      expect(await banner(page)).toBe('! Partial outage');
      expect(await componentState(page, 'Dashboard')).toBe('! Degraded');
      expect(await componentState(page, 'Web')).toBe('! Degraded');
      expect(await componentState(page, 'Email')).toBe('✓ Operational');
      const article = page.locator('article', { hasText: 'Slow dashboard' });
      expect(await article.locator('.updates li .meta strong').allInnerTexts()).toEqual([
        'Identified',
        'Investigating',
      ]);
      expect(await article.locator('.updates li .content').allInnerTexts()).toEqual([
        'A cache node failed.\nReplacing it.',
        'Pages take 10 s to load.',
      ]);
      expect(await article.innerText()).toContain('Affects: Dashboard');
      await page.screenshot({ path: SCREENSHOT, fullPage: true });
    });
    // Without JavaScript: everything is there, times in UTC only.
    await onPage('/status', { javaScriptEnabled: false }, async (page) => {
      expect(await banner(page)).toBe('! Partial outage');
      const text = await page.locator('body').innerText();
      for (const shown of [
        'Slow dashboard',
        'A cache node failed.',
        'Network maintenance',
        'Login errors',
        '2026-11-23 10:30 UTC',
      ])
        expect([shown, text.includes(shown)]).toEqual([shown, true]);
      expect(text).not.toContain('your time');
      expect(await page.locator('.history li').count()).toBe(90);
    });
    await onPage(`/status/incidents/${incident.id}`, { javaScriptEnabled: false }, async (page) => {
      expect(await page.locator('.updates li .content').allInnerTexts()).toEqual([
        'A cache node failed.\nReplacing it.',
        'Pages take 10 s to load.',
      ]);
    });
    await accessibleEverywhere('/status');
    await accessibleEverywhere(`/status/incidents/${incident.id}`);
  }, 180_000);

  it('under maintenance: maintenance underway shows in words, with its window', async () => {
    const admin = server.fixture.store.statusAdmin;
    if (openIncident !== undefined)
      await admin.updateNotice(openIncident, { state: 'resolved', content: 'Fixed.' });
    clock.set('2026-11-25T01:00:00Z');
    await admin.updateNotice(seeded.scheduled, { state: 'underway', content: 'Started.' });
    await onPage('/status', {}, async (page) => {
      expect(await banner(page)).toBe('⚙ Under maintenance');
      expect(await componentState(page, 'API')).toBe('⚙ Under maintenance');
      const maintenance = page.locator('article', { hasText: 'Network maintenance' });
      expect(await maintenance.locator('.meta').first().innerText()).toBe('Underway');
      expect(await maintenance.locator('.content').innerText()).toBe('Started.');
      // Today in the history: maintenance underway.
      expect(await page.locator('.history li').last().innerText()).toBe('⚙\n2026-11-25: under maintenance');
    });
    await accessibleEverywhere('/status');
  }, 120_000);
});
