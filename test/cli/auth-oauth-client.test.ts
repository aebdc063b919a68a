/**
 * The client side of `pulse auth login --web` up to the token request, with the test playing the browser:
 * $BROWSER is a script that writes the address it is given to a file. What the browser comes back with
 * (a wrong state, access_denied) is refused before any token request, and the loopback listener is closed
 * however the login ends.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { browserCommand } from '../../src/cli/oauth/browser.js';
import { withRefreshLock } from '../../src/cli/oauth/refresh-lock.js';
import { BIN, isolatedEnv, type Result, runInProcess } from '../helpers/cli.js';
import { eventually } from '../helpers/eventually.js';
import { tempDir } from '../helpers/temp.js';

/** Nothing listens there: these logins never reach a token endpoint. */
const BASE_URL = 'http://127.0.0.1:9';

/** A $BROWSER that writes the address it is asked to open to $URL_FILE. */
function fakeBrowser(): { env: Record<string, string>; urlFile: string } {
  const dir = tempDir('pulse-browser-');
  const script = join(dir, 'browser.sh');
  writeFileSync(
    script,
    '#!/bin/sh\nprintf "%s\\n" "$1" > "$URL_FILE.tmp" && mv "$URL_FILE.tmp" "$URL_FILE"\n',
  );
  chmodSync(script, 0o755);
  const urlFile = join(dir, 'url');
  return { env: isolatedEnv({ PULSE_BASE_URL: BASE_URL, BROWSER: script, URL_FILE: urlFile }), urlFile };
}

/** Real waits, so --timeout passes in real time in-process too. */
const realSleep = (ms: number, signal?: AbortSignal) =>
  wait(ms, undefined, signal ? { signal } : {}).then(
    () => {},
    () => {},
  );

const login = (env: Record<string, string>, args: string[] = []) =>
  runInProcess(['auth', 'login', '--web', '--insecure-storage', '--timeout', '20s', ...args], {
    env,
    sleep: realSleep,
  });

/** Plays the browser coming back: a GET of the redirect URI with `parameters`; resolves to the page. */
function comeBack(redirectUri: string, parameters: Record<string, string>) {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, value);
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      request(url, (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

/** Whether anything still accepts connections at `url`. */
function listening(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    request(url, (response) => {
      response.resume();
      resolve(true);
    })
      .on('error', () => resolve(false))
      .end();
  });
}

async function authorizationUrl(urlFile: string): Promise<URL> {
  const text = await eventually(
    () => (existsSync(urlFile) ? readFileSync(urlFile, 'utf8').trim() : undefined),
    'the browser to be opened',
    60_000,
  );
  return new URL(text);
}

describe('auth login --web: the authorization request', () => {
  it('opens $BROWSER on the authorize address with PKCE S256, a state and the loopback redirect', async () => {
    const { env, urlFile } = fakeBrowser();
    const running = login(env, ['--scopes', 'write']);
    const url = await authorizationUrl(urlFile);
    const redirectUri = url.searchParams.get('redirect_uri') as string;
    // Unblock the login: the browser comes back denied.
    await comeBack(redirectUri, { error: 'access_denied', state: url.searchParams.get('state') as string });
    const result = await running;

    expect(`${url.origin}${url.pathname}`).toBe(`${BASE_URL}/oauth/authorize`);
    const parameters = Object.fromEntries(url.searchParams);
    expect(parameters).toMatchObject({
      response_type: 'code',
      client_id: 'pulse-cli',
      scope: 'write',
      code_challenge_method: 'S256',
    });
    expect(parameters.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(parameters.state).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    // The address is printed as well, for a person whose browser did not open.
    expect(result.stderr).toContain(url.toString());
    expect(result.stderr).not.toContain('could not start a browser');
  });

  it('reports access_denied, shows a page that says the tab can be closed, keeps nothing and closes the listener', async () => {
    const { env, urlFile } = fakeBrowser();
    const running = login(env);
    const url = await authorizationUrl(urlFile);
    const redirectUri = url.searchParams.get('redirect_uri') as string;
    const page = await comeBack(redirectUri, {
      error: 'access_denied',
      state: url.searchParams.get('state') as string,
    });
    const result = await running;

    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('You can close this tab');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(result.exitCode, result.stderr).toBe(4);
    expect(result.stderr).toContain('pulse: the sign-in was denied in the browser; nothing was kept');
    expect(await listening(redirectUri)).toBe(false);
    expect(existsSync(join(env.XDG_CONFIG_HOME as string, 'pulse', 'credentials.json'))).toBe(false);
  });

  it('refuses a redirect whose state is not this login’s', async () => {
    const { env, urlFile } = fakeBrowser();
    const running = login(env);
    const url = await authorizationUrl(urlFile);
    const redirectUri = url.searchParams.get('redirect_uri') as string;
    await comeBack(redirectUri, { code: 'stolen-code', state: 'not-the-state' });
    const result = await running;

    expect(result.exitCode, result.stderr).toBe(4);
    expect(result.stderr).toContain(
      "the browser came back with a state that is not this login's (a stale or forged redirect); nothing was kept",
    );
    expect(await listening(redirectUri)).toBe(false);
  });

  it('answers only /callback, and only once', async () => {
    const { env, urlFile } = fakeBrowser();
    const running = login(env);
    const url = await authorizationUrl(urlFile);
    const redirectUri = url.searchParams.get('redirect_uri') as string;
    const elsewhere = await comeBack(new URL('/favicon.ico', redirectUri).toString(), {});
    expect(elsewhere.status).toBe(404);
    await comeBack(redirectUri, { error: 'access_denied', state: url.searchParams.get('state') as string });
    expect((await running).exitCode).toBe(4);
  });
});

describe('auth login --web without a browser', () => {
  it('--no-browser prints the address and opens nothing; the timeout ends the wait with exit 4', async () => {
    const { env, urlFile } = fakeBrowser();
    const result = await runInProcess(
      ['auth', 'login', '--web', '--insecure-storage', '--no-browser', '--timeout', '1s'],
      {
        env,
        sleep: realSleep,
      },
    );
    expect(result.exitCode).toBe(4);
    expect(existsSync(urlFile)).toBe(false);
    const printed = /^ {2}(http:\/\/\S+)$/m.exec(result.stderr)?.[1] as string;
    expect(printed.startsWith(`${BASE_URL}/oauth/authorize?response_type=code&client_id=pulse-cli&`)).toBe(
      true,
    );
    expect(result.stderr).toContain(
      'pulse: no sign-in came back within 1s; nothing was kept (run pulse auth login --web again)',
    );
    expect(await listening(new URL(printed).searchParams.get('redirect_uri') as string)).toBe(false);
  });

  it('says so when the browser cannot be started, and still prints the address', async () => {
    const env = isolatedEnv({ PULSE_BASE_URL: BASE_URL, BROWSER: '/nonexistent/browser' });
    const result = await runInProcess(['auth', 'login', '--web', '--insecure-storage', '--timeout', '1s'], {
      env,
      sleep: realSleep,
    });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('pulse could not start a browser here; open the address above yourself.');
    expect(result.stderr).toMatch(/^ {2}http:\/\/127\.0\.0\.1:9\/oauth\/authorize\?/m);
  });

  it('the real binary: --no-browser prints the address on stderr, --client-id and auth_url are used', async () => {
    const env = isolatedEnv({ PULSE_BASE_URL: BASE_URL });
    await execa(process.execPath, [BIN, 'config', 'set', 'auth_url', 'http://127.0.0.1:7/auth'], {
      env,
      extendEnv: false,
    });
    const result: Result = await execa(
      process.execPath,
      [
        BIN,
        'auth',
        'login',
        '--web',
        '--insecure-storage',
        '--no-browser',
        '--client-id',
        'my-app',
        '--timeout',
        '1s',
      ],
      { env, extendEnv: false, reject: false },
    ).then((done) => ({
      exitCode: done.exitCode ?? -1,
      stdout: String(done.stdout),
      stderr: String(done.stderr),
    }));
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    const printed = new URL(/^ {2}(http:\/\/\S+)$/m.exec(result.stderr)?.[1] as string);
    expect(`${printed.origin}${printed.pathname}`).toBe('http://127.0.0.1:7/auth/oauth/authorize');
    expect(printed.searchParams.get('client_id')).toBe('my-app');
    expect(printed.searchParams.get('scope')).toBe('read');
  });
});

describe('auth login options', () => {
  const env = () => isolatedEnv({ PULSE_BASE_URL: BASE_URL });

  it('refuses --web with --with-token or --team-id, and --web-only options without --web', async () => {
    const clash = await runInProcess(['auth', 'login', '--web', '--with-token'], { env: env() });
    expect(clash.exitCode).toBe(2);
    expect(clash.stderr).toContain('--web signs in through the browser: it takes no --with-token');
    const alone = await runInProcess(['auth', 'login', '--scopes', 'write', '--with-token'], {
      env: env(),
      stdin: 'x',
    });
    expect(alone.exitCode).toBe(2);
    expect(alone.stderr).toContain('--scopes goes with --web');
    const bad = await runInProcess(['auth', 'login', '--web', '--scopes', 'admin'], { env: env() });
    expect(bad.exitCode).toBe(2);
    const timeout = await runInProcess(['auth', 'login', '--web', '--timeout', 'soon'], { env: env() });
    expect(timeout.exitCode).toBe(2);
    expect(timeout.stderr).toContain('--timeout must be a number with ms, s, m or h');
  });

  it('opens $BROWSER, else the platform opener, always without a shell', () => {
    const url = 'https://pulse.example.com/oauth/authorize?a=1&b=$(reboot)';
    expect(browserCommand(url, { BROWSER: 'firefox:chromium' }, 'linux')).toEqual(['firefox', [url]]);
    expect(browserCommand(url, {}, 'linux')).toEqual(['xdg-open', [url]]);
    expect(browserCommand(url, {}, 'darwin')).toEqual(['open', [url]]);
    expect(browserCommand(url, {}, 'win32')).toEqual(['rundll32', ['url.dll,FileProtocolHandler', url]]);
  });
});

describe('the refresh lock', () => {
  const noWait = { sleep: () => new Promise<void>((resolve) => setImmediate(resolve)) };

  it('takes over a lock whose owner no longer runs, and removes it after the work', async () => {
    const path = join(tempDir('pulse-lock-'), 'oauth-refresh.lock');
    const gone = await execa(process.execPath, ['-e', 'console.log(process.pid)']);
    writeFileSync(path, gone.stdout.trim());
    expect(await withRefreshLock(path, noWait, async () => readFileSync(path, 'utf8'))).toBe(
      String(process.pid),
    );
    expect(existsSync(path)).toBe(false);
  });

  it('waits for a live owner, and gives up naming the file', async () => {
    const path = join(tempDir('pulse-lock-'), 'oauth-refresh.lock');
    // This process's parent runs as long as the test does.
    writeFileSync(path, String(process.ppid));
    await expect(withRefreshLock(path, { ...noWait, maxTries: 5 }, async () => 'ran')).rejects.toThrow(
      `another pulse process has been refreshing the OAuth tokens for too long (lock ${path})`,
    );
    expect(readFileSync(path, 'utf8')).toBe(String(process.ppid));
  });

  it('is released when the work fails', async () => {
    const path = join(tempDir('pulse-lock-'), 'oauth-refresh.lock');
    await expect(
      withRefreshLock(path, noWait, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(existsSync(path)).toBe(false);
  });
});
