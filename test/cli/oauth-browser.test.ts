/**
 * The whole OAuth sign-in in a real browser: the real binary's `pulse auth login --web` against a real
 * `pulse serve`, with Debian's Chromium (headless, driven by playwright-core) opening the address the CLI
 * hands to $BROWSER, typing the sign-in code into the labelled field, pressing Allow, and landing on the
 * CLI's callback page. The server's headers (CSP form-action with the loopback origin) are thus checked
 * by the browser that enforces them.
 *
 * Skipped only when Chromium cannot start here outside CI; in CI (.ci/run installs chromium) it must run.
 */
import { join } from 'node:path';
import { execa } from 'execa';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, execPulse, initAnaAndBen, isolatedEnv } from '../helpers/cli.js';
import { eventually } from '../helpers/eventually.js';
import { recordingBrowser } from '../helpers/oauth.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { CHROMIUM, CHROMIUM_ARGS, missingParts } from '../helpers/system-parts.js';
import { tempDir } from '../helpers/temp.js';

// Skipped, saying why, when Chromium does not start headless here (system-parts.ts); CI requires it.
describe.skipIf(await missingParts('chromium'))('auth login --web in Chromium', () => {
  let serverEnv: Record<string, string>;
  let storePath: string;
  let server: ServeProcess;
  let browser: Browser;

  beforeAll(async () => {
    serverEnv = isolatedEnv();
    storePath = join(tempDir(), 'server.db');
    await initAnaAndBen((args) => execPulse(['--store', storePath, ...args], { env: serverEnv }));
    server = await startServe(['--store', storePath], serverEnv);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** A sign-in code for `email` from `pulse admin login-code`, as the operator hands one out. */
  async function loginCode(email: string): Promise<string> {
    const made = await execPulse(['--store', storePath, 'admin', 'login-code', '--person', email], {
      env: serverEnv,
    });
    expect(made.exitCode, made.stderr).toBe(0);
    return made.stdout.trim();
  }

  /** Starts the real binary's `auth login --web` as Ana's machine; resolves with the address it opens. */
  async function startLogin() {
    const env = isolatedEnv({ PULSE_BASE_URL: server.url });
    const { script, openedUrl } = recordingBrowser(env.HOME as string);
    const login = execa(
      process.execPath,
      [BIN, 'auth', 'login', '--web', '--scopes', 'write', '--insecure-storage', '--timeout', '60s'],
      { env: { ...env, BROWSER: script }, extendEnv: false, reject: false, timeout: 90_000 },
    );
    const address = await eventually(openedUrl, 'the CLI to open the browser', 60_000);
    return { env, login, address };
  }

  it('signs in, allows, lands on the callback page; then pulse me works', async () => {
    const { env, login, address } = await startLogin();

    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(address);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to pulse');
      await page.getByLabel('Sign-in code').fill(await loginCode('ana@example.com'));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Allow' }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Ana Diaz');
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Signed in');
      expect(await page.textContent('body')).toContain('you can close this tab');
    } finally {
      await context.close();
    }

    const result = await login;
    expect(result.exitCode, String(result.stderr)).toBe(0);
    expect(String(result.stderr)).toContain('as Ana Diaz <ana@example.com> with OAuth (scope write)');
    const me = await execPulse(['me', '--json'], { env });
    expect(me.exitCode, me.stderr).toBe(0);
    expect(JSON.parse(me.stdout)).toMatchObject({ email: 'ana@example.com' });
  }, 120_000);

  it('works from the keyboard alone: the code field has focus, Enter signs in, Tab reaches Deny', async () => {
    const { login, address } = await startLogin();
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(address);
      // autofocus: typing goes straight into the labelled field.
      await page.keyboard.type(await loginCode('ana@example.com'));
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Deny' }).waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate('document.activeElement?.textContent')).toBe('Allow');
      await page.keyboard.press('Tab');
      expect(await page.evaluate('document.activeElement?.textContent')).toBe('Deny');
      await page.keyboard.press('Enter');
      await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/);
      expect(page.url()).toContain('error=access_denied');
    } finally {
      await context.close();
    }
    const result = await login;
    expect(result.exitCode).toBe(4);
    expect(String(result.stderr)).toMatch(/denied/i);
  }, 120_000);
});
