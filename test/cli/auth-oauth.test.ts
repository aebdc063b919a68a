/**
 * `pulse auth login --web` end to end: the real binary against real `pulse serve` processes, the test
 * playing the browser over plain HTTP ($BROWSER writes the address to a file; the test follows the
 * authorize page with a sign-in code, presses Allow or Deny, and follows the redirect to the CLI's
 * listener). Then the tokens are used, shown, refreshed before expiry and after a 401, refreshed by
 * several processes at once without tripping reuse detection, and refused once the grant is revoked.
 *
 * The servers share one store; each group of tests has its own, as the token endpoint limits requests per
 * client address (a burst of 20).
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, execPulse, initAnaAndBen, isolatedEnv, type Result } from '../helpers/cli.js';
import { eventually } from '../helpers/eventually.js';
import { formFields, postForm, recordingBrowser } from '../helpers/oauth.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { inKeyringSession, missingParts } from '../helpers/system-parts.js';
import { tempDir } from '../helpers/temp.js';

let serverEnv: Record<string, string>;
let storePath: string;

/** The operator, on the machine of the store. */
const operator = (args: string[]) => execPulse(['--store', storePath, ...args], { env: serverEnv });

beforeAll(async () => {
  serverEnv = isolatedEnv();
  storePath = join(tempDir(), 'server.db');
  await initAnaAndBen(operator);
});

/**
 * The person in the browser: opens the authorization page, signs in with a code from `pulse admin
 * login-code`, presses Allow or Deny; resolves to where the server sends the browser.
 */
async function signInAndDecide(
  server: ServeProcess,
  address: string,
  email: string,
  decision: 'allow' | 'deny',
): Promise<string> {
  const page = await fetch(address);
  expect(page.status).toBe(200);
  const made = await operator(['admin', 'login-code', '--person', email]);
  expect(made.exitCode, made.stderr).toBe(0);
  const consent = await postForm(`${server.url}/oauth/authorize`, {
    ...formFields(await page.text()),
    code: made.stdout.trim(),
    action: 'sign-in',
  });
  expect(consent.status).toBe(200);
  const decided = await postForm(`${server.url}/oauth/authorize`, {
    ...formFields(await consent.text()),
    action: decision,
  });
  expect(decided.status).toBe(302);
  return decided.headers.get('location') as string;
}

const serve = (...serveArgs: string[]) => startServe(['--store', storePath], serverEnv, serveArgs);

interface Client {
  env: Record<string, string>;
  openedUrl: () => string | undefined;
  credentials: string;
  account: string;
}

/** A client machine of its own, in remote mode against `server`, whose $BROWSER records the address. */
function clientOf(server: ServeProcess): Client {
  const env = isolatedEnv({ PULSE_BASE_URL: server.url });
  const { script, openedUrl } = recordingBrowser(env.HOME as string);
  return {
    env: { ...env, BROWSER: script },
    openedUrl,
    credentials: join(env.XDG_CONFIG_HOME as string, 'pulse', 'credentials.json'),
    account: `default@${new URL(server.url).host}#oauth`,
  };
}

/** `pulse doctor --json`'s checks by name. */
const checks = (result: Result): Record<string, { ok: boolean; detail: string; fix?: string }> =>
  Object.fromEntries(
    (JSON.parse(result.stdout) as { check: string; ok: boolean; detail: string }[]).map((check) => [
      check.check,
      check,
    ]),
  );

interface KeptTokens {
  access_token: string;
  refresh_token: string;
  expires_at: string;
  scope: string;
  client_id: string;
  auth_url: string;
}

const kept = (client: Client): KeptTokens =>
  JSON.parse(JSON.parse(readFileSync(client.credentials, 'utf8'))[client.account]);

function keep(client: Client, tokens: KeptTokens): void {
  const all = JSON.parse(readFileSync(client.credentials, 'utf8'));
  all[client.account] = JSON.stringify(tokens);
  writeFileSync(client.credentials, JSON.stringify(all));
}

/**
 * Runs `pulse auth login --web ARGS` and plays the browser: signs in as `email` with a fresh code, presses
 * `decision`, and follows the redirect to the CLI's listener. Resolves to the login's result and the page
 * the listener answered.
 */
async function webLogin(
  server: ServeProcess,
  client: Client,
  options: { args?: string[]; email?: string; decision?: 'allow' | 'deny' } = {},
): Promise<Result & { callbackPage: string }> {
  const running = execa(
    process.execPath,
    [BIN, 'auth', 'login', '--web', '--insecure-storage', '--timeout', '60s', ...(options.args ?? [])],
    { env: client.env, extendEnv: false, reject: false, timeout: 90_000 },
  );
  const opened = await eventually(client.openedUrl, 'the browser to be opened', 60_000);
  const back = await signInAndDecide(
    server,
    opened,
    options.email ?? 'ana@example.com',
    options.decision ?? 'allow',
  );
  const page = await fetch(back);
  const callbackPage = await page.text();
  const result = await running;
  return {
    exitCode: result.exitCode ?? -1,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    callbackPage,
  };
}

describe('auth login --web against pulse serve', () => {
  let server: ServeProcess;
  beforeAll(async () => {
    server = await serve('--oauth-rate-limit', '1000:100');
  });

  it('signs in through the browser, keeps the tokens in the 0600 file, and later commands use them', async () => {
    const client = clientOf(server);
    const login = await webLogin(server, client, { args: ['--scopes', 'write'] });
    const host = new URL(server.url).host;
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stdout).toBe('');
    expect(login.stderr).toContain(
      `Logged in to ${host} as Ana Diaz <ana@example.com> with OAuth (scope write); the tokens are kept in ${client.credentials} (mode 0600; --insecure-storage).`,
    );
    expect(login.callbackPage).toContain('you can close this tab');
    expect(statSync(client.credentials).mode & 0o777).toBe(0o600);
    const tokens = kept(client);
    expect(tokens.access_token).toMatch(/^service_oat_/);
    expect(tokens.refresh_token).toMatch(/^service_ort_/);
    expect(tokens).toMatchObject({ scope: 'write', client_id: 'pulse-cli', auth_url: server.url });
    const lifetime = Date.parse(tokens.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(3500_000);
    expect(lifetime).toBeLessThanOrEqual(3600_000);
    // Never printed, and never in the configuration file.
    expect(login.stderr).not.toContain(tokens.access_token);
    expect(login.stderr).not.toContain(tokens.refresh_token);
    const config = join(client.env.XDG_CONFIG_HOME as string, 'pulse', 'config.json');
    if (existsSync(config)) expect(readFileSync(config, 'utf8')).not.toContain('service_o');

    const me = await execPulse(['me', '--json'], { env: client.env });
    expect(me.exitCode, me.stderr).toBe(0);
    expect(JSON.parse(me.stdout)).toMatchObject({ email: 'ana@example.com' });
    // Write scope: a check-in goes through.
    const checkin = await execPulse(
      ['checkin', '--previous', 'a', '--intentions', 'b', '--blockers', 'none', '--mood', 'happy'],
      { env: client.env },
    );
    expect(checkin.exitCode, checkin.stderr).toBe(0);
    // No refresh was due.
    expect(kept(client).access_token).toBe(tokens.access_token);

    const status = await execPulse(['auth', 'status', '--json'], { env: client.env });
    expect(status.exitCode, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      sign_in: 'oauth',
      token_source: 'file',
      accepted: true,
      person: { email: 'ana@example.com' },
      oauth: { scope: 'write', expires_at: tokens.expires_at, client_id: 'pulse-cli', auth_url: server.url },
    });
    const text = await execPulse(['auth', 'status'], { env: client.env });
    expect(text.stdout).toContain('sign-in: OAuth, scope write (tokens from file)\n');
    expect(text.stdout).toMatch(
      new RegExp(
        `^access token expires: in (59|60) minutes \\(${tokens.expires_at.replace(/\./g, '\\.')}\\)$`,
        'm',
      ),
    );
    expect((await execPulse(['auth', 'token'], { env: client.env })).stdout).toBe(tokens.access_token);
    const doctor = await execPulse(['doctor', '--json'], { env: client.env });
    expect(doctor.exitCode, doctor.stdout).toBe(0);
    expect(checks(doctor)).toMatchObject({
      keychain: { ok: true, detail: 'OAuth tokens (auth login --web) are kept in the 0600 credentials file' },
      token: { ok: true, detail: `${host} accepts the token` },
    });

    const logout = await execPulse(['auth', 'logout'], { env: client.env });
    expect(logout.stderr).toContain(`Logged out of ${host}: forgot the OAuth tokens.`);
    expect(JSON.parse(readFileSync(client.credentials, 'utf8'))).toEqual({});
    const after = await execPulse(['me'], { env: client.env });
    expect(after.exitCode).toBe(4);
  });

  it('read scope by default: a write is refused with 403', async () => {
    const client = clientOf(server);
    const login = await webLogin(server, client, { email: 'ben@example.com' });
    expect(login.exitCode, login.stderr).toBe(0);
    expect(kept(client).scope).toBe('read');
    const write = await execPulse(
      ['checkin', '--previous', 'a', '--intentions', 'b', '--blockers', 'none', '--mood', 'happy'],
      { env: client.env },
    );
    expect(write.exitCode).toBe(5);
  });

  it('reports a Deny as access_denied and keeps nothing', async () => {
    const client = clientOf(server);
    const login = await webLogin(server, client, { decision: 'deny' });
    expect(login.exitCode).toBe(4);
    expect(login.stderr).toContain('pulse: the sign-in was denied in the browser');
    expect(login.callbackPage).toContain('You can close this tab');
    expect(existsSync(client.credentials)).toBe(false);
  });

  it('signs in as another registered client with --client-id', async () => {
    const added = await operator([
      'admin',
      'oauth-client',
      'add',
      '--name',
      'Desk app',
      '--redirect-uri',
      'http://127.0.0.1/callback',
    ]);
    expect(added.exitCode, added.stderr).toBe(0);
    const clientId = added.stdout.trim();
    const client = clientOf(server);
    const login = await webLogin(server, client, { args: ['--client-id', clientId] });
    expect(login.exitCode, login.stderr).toBe(0);
    expect(kept(client).client_id).toBe(clientId);
    expect((await execPulse(['me'], { env: client.env })).exitCode).toBe(0);
  });

  it('replaces a kept personal access token, so the OAuth sign-in is the one used', async () => {
    const client = clientOf(server);
    const pat = (await operator(['admin', 'token', 'create', '--person', 'ben@example.com'])).stdout.trim();
    const patLogin = await execPulse(['auth', 'login', '--with-token', '--insecure-storage'], {
      env: client.env,
      input: pat,
    });
    expect(patLogin.exitCode, patLogin.stderr).toBe(0);
    const login = await webLogin(server, client);
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stderr).toContain('The personal access token kept before for this host was forgotten.');
    const me = await execPulse(['me', '--json'], { env: client.env });
    expect(JSON.parse(me.stdout)).toMatchObject({ email: 'ana@example.com' });
  });
});

describe('refreshing the OAuth tokens', () => {
  let server: ServeProcess;
  beforeAll(async () => {
    // A 2 s access token is always within the refresh margin: every command refreshes first.
    server = await serve('--access-token-ttl', '2s', '--oauth-rate-limit', '1000:100');
  });

  it('refreshes before expiry: the next command rotates both tokens and goes through', async () => {
    const client = clientOf(server);
    expect((await webLogin(server, client)).exitCode).toBe(0);
    const before = kept(client);
    const me = await execPulse(['me', '--json'], { env: client.env });
    expect(me.exitCode, me.stderr).toBe(0);
    expect(JSON.parse(me.stdout)).toMatchObject({ email: 'ana@example.com' });
    const after = kept(client);
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.scope).toBe('read');
    expect(me.stderr).toBe('');
  });

  it('refreshes once on a 401 (an access token that expired earlier than the client thought) and retries', async () => {
    const client = clientOf(server);
    expect((await webLogin(server, client)).exitCode).toBe(0);
    // The client believes the token good for an hour; the server lets it lapse after 2 s.
    const before = { ...kept(client), expires_at: new Date(Date.now() + 3600_000).toISOString() };
    keep(client, before);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const me = await execPulse(['me', '--json'], { env: client.env });
    expect(me.exitCode, me.stderr).toBe(0);
    expect(kept(client).access_token).not.toBe(before.access_token);
  });

  it('two processes refreshing at once take turns: the grant survives reuse detection', async () => {
    const client = clientOf(server);
    expect((await webLogin(server, client)).exitCode).toBe(0);
    const runs = await Promise.all(
      Array.from({ length: 3 }, () => execPulse(['me', '--json'], { env: client.env })),
    );
    for (const run of runs) expect(run.exitCode, run.stderr).toBe(0);
    // Had two of them spent the same refresh token, the server would have revoked the grant.
    const next = await execPulse(['me', '--json'], { env: client.env });
    expect(next.exitCode, next.stderr).toBe(0);
    expect(existsSync(join(client.env.XDG_CONFIG_HOME as string, 'pulse', 'oauth-refresh.lock'))).toBe(false);
  });
});

describe('a revoked grant', () => {
  let server: ServeProcess;
  beforeAll(async () => {
    server = await serve('--access-token-ttl', '2s', '--oauth-rate-limit', '1000:100');
  });

  it('gives exit 4 with the way out, in commands and in auth status', async () => {
    const client = clientOf(server);
    expect((await webLogin(server, client)).exitCode).toBe(0);
    const spent = kept(client).refresh_token;
    expect((await execPulse(['me'], { env: client.env })).exitCode).toBe(0);
    // Someone replays the spent refresh token: reuse detection revokes the whole grant.
    const replay = await postForm(`${server.url}/oauth/token`, {
      grant_type: 'refresh_token',
      refresh_token: spent,
      client_id: 'pulse-cli',
    });
    expect(replay.status).toBe(400);

    const me = await execPulse(['me'], { env: client.env });
    expect(me.exitCode).toBe(4);
    expect(me.stderr).toMatch(
      new RegExp(
        `^pulse: the OAuth sign-in to ${new URL(server.url).host} is no longer valid \\([^()]+\\): sign in again with pulse auth login --web$`,
      ),
    );
    const status = await execPulse(['auth', 'status', '--json'], { env: client.env });
    expect(status.exitCode).toBe(4);
    expect(JSON.parse(status.stdout)).toMatchObject({ sign_in: 'oauth', accepted: false });
    const doctor = await execPulse(['doctor', '--json'], { env: client.env });
    expect(doctor.exitCode).toBe(1);
    expect(checks(doctor).token).toMatchObject({ ok: false, fix: 'pulse auth login --web' });
  });
});

// Skipped, saying why, where no Secret Service answers (system-parts.ts); CI requires it.
describe.skipIf(await missingParts('secret-service'))(
  'the OAuth tokens in the OS keychain (Secret Service)',
  () => {
    let server: ServeProcess;
    beforeAll(async () => {
      server = await serve('--access-token-ttl', '2s', '--oauth-rate-limit', '1000:100');
    });

    it('keeps them in the keychain, refreshes them there, and forgets them on logout', async () => {
      const client = clientOf(server);
      const env = { ...client.env, PATH: process.env.PATH as string };
      // A fresh D-Bus session with an unlocked keyring (as keychain.test.ts); `pulse` is the binary.
      const script = [
        'pulse auth login --web --timeout 60s',
        'echo "--- token"; pulse auth token',
        'echo "--- status"; pulse auth status --json',
        'echo "--- me"; pulse me --json',
        'echo "--- again"; pulse auth token',
        'echo "--- logout"; pulse auth logout',
        'echo "--- after"; pulse auth status --json; echo "exit=$?"',
      ].join('\n');
      const running = inKeyringSession(script, env, 100_000);
      const opened = await eventually(client.openedUrl, 'the browser to be opened', 60_000);
      await fetch(await signInAndDecide(server, opened, 'ana@example.com', 'allow'));
      const result = await running;
      const stdout = String(result.stdout);
      const stderr = String(result.stderr);

      expect(stderr).toContain('with OAuth (scope read); the tokens are kept in the OS keychain.');
      const [, token, status, me, again, , after] = stdout.split(/^--- \w+$/m);
      expect((token as string).trim(), stderr).toMatch(/^service_oat_/);
      // Every command refreshed (2 s tokens): each rotated pair was kept in the keychain, or the next
      // refresh would have spent a spent token and the server would have revoked the grant.
      expect((again as string).trim(), stderr).toMatch(/^service_oat_/);
      expect((again as string).trim()).not.toBe((token as string).trim());
      expect(JSON.parse(status as string)).toMatchObject({
        sign_in: 'oauth',
        token_source: 'keychain',
        accepted: true,
      });
      expect(JSON.parse(me as string)).toMatchObject({ email: 'ana@example.com' });
      expect(stderr).toContain('forgot the OAuth tokens');
      expect(after).toContain('"sign_in": null');
      expect(after).toContain('exit=4');
      // Nothing went to the file.
      expect(existsSync(client.credentials)).toBe(false);
    }, 120_000); // a sign-in and seven runs of the binary in a keyring session, on a loaded machine
  },
);

// Servers of their own: every sign-in and refresh spends a request of the OAuth endpoints' per-address
// bucket, so the suites that sign in repeatedly raise it (--oauth-rate-limit) and one suite spends it.
describe('pulse api with an OAuth sign-in', () => {
  let server: ServeProcess;
  beforeAll(async () => {
    server = await serve('--access-token-ttl', '2s', '--oauth-rate-limit', '1000:100');
  });

  it('pulse api signs in with the OAuth tokens too, refreshing them first and once on a 401', async () => {
    const client = clientOf(server);
    expect((await webLogin(server, client)).exitCode).toBe(0);
    const first = kept(client);
    const me = await execPulse(['api', 'me'], { env: client.env });
    expect(me.exitCode, me.stderr).toBe(0);
    expect(JSON.parse(me.stdout)).toMatchObject({ email: 'ana@example.com' });
    expect(kept(client).access_token).not.toBe(first.access_token);

    // A lapsed token the client still trusts: the 401 is renewed once and the request retried.
    const lapsed = { ...kept(client), expires_at: new Date(Date.now() + 3600_000).toISOString() };
    keep(client, lapsed);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const again = await execPulse(['api', 'me'], { env: client.env });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(kept(client).access_token).not.toBe(lapsed.access_token);
  });
});

describe('a rate-limited token endpoint', () => {
  let server: ServeProcess;
  beforeAll(async () => {
    server = await serve('--access-token-ttl', '2s', '--oauth-rate-limit', '6:0.01');
  });

  it('is reported as rate limiting (exit 7), not as a sign-in to redo, and the tokens stay kept', async () => {
    const client = clientOf(server);
    expect((await webLogin(server, client)).exitCode).toBe(0);
    const before = kept(client);
    // The sign-in spent 4 of the 6; spend the rest at the token endpoint (refused requests count too).
    for (let request = 0; request < 2; request++) {
      await fetch(`${server.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=refresh_token&refresh_token=service_ort_unknown&client_id=pulse-cli',
      });
    }
    const me = await execPulse(['me', '--json'], { env: client.env });
    expect(me.exitCode, me.stderr).toBe(7);
    expect(me.stderr).toMatch(/rate limited/);
    expect(me.stderr).not.toMatch(/sign in again/);
    expect(kept(client)).toEqual(before);
  });
});
