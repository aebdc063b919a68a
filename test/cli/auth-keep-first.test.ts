/**
 * A sign-in that cannot be kept is not made: without a Secret Service every `pulse auth login` refuses
 * before it asks for anything, opens a browser or reaches the server, so no grant or token is left behind;
 * and the server revokes a grant on request (RFC 7009), which the CLI does when keeping fails anyway.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execPulse, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { eventually } from '../helpers/eventually.js';
import { oauthTokens, postForm, recordingBrowser, signInAndDecide } from '../helpers/oauth.js';
import { startTestServer } from '../helpers/server.js';
import { inKeyringSession, missingParts } from '../helpers/system-parts.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
/** Why the Secret Service test cannot run here, if it cannot (system-parts.ts). */
const noSecretService = await missingParts('secret-service');

beforeAll(async () => {
  server = await startTestServer({ echoSchedulerMs: null });
});
afterAll(async () => {
  await server.close();
});

/** The live OAuth sign-ins of `email` on the server, as the operator lists them. */
async function grantsOf(email: string): Promise<unknown[]> {
  const listed = await runInProcess(
    ['--store', server.fixture.path, 'admin', 'token', 'list', '--kind', 'oauth', '--json'],
    { env: isolatedEnv() },
  );
  expect(listed.exitCode, listed.stderr).toBe(0);
  return JSON.parse(listed.stdout).filter((row: { person: { email: string } }) => row.person.email === email);
}

describe('a sign-in that cannot be kept', () => {
  it('refuses every login before it starts when there is no Secret Service', async () => {
    // No DBUS_SESSION_BUS_ADDRESS: no Secret Service to keep anything in.
    const env = isolatedEnv({ PULSE_BASE_URL: server.url });
    const { script, openedUrl } = recordingBrowser(env.HOME as string);
    const refusal = (command: string, variable?: string) =>
      new RegExp(
        `^pulse: the OS keychain is not available \\([^\\n]+\\)\\.\\n${variable ? `Either set ${variable} in the environment, or keep` : 'Keep'} .+ in a 0600 file with: ${command} --insecure-storage$`,
      );

    const web = await execPulse(['auth', 'login', '--web', '--timeout', '20s'], {
      env: { ...env, BROWSER: script },
    });
    expect(web.exitCode).toBe(1);
    expect(web.stderr).toMatch(refusal('pulse auth login --web'));
    // No browser was opened, so no sign-in happened: nothing on the server.
    expect(openedUrl()).toBeUndefined();
    expect(await grantsOf('dee@example.com')).toEqual([]);

    // A token or team key that is not even valid: refused for the keychain before the server is asked.
    const pasted = await execPulse(['auth', 'login', '--with-token'], { env, input: 'service_pat_not-real' });
    expect([pasted.exitCode, pasted.stderr]).toEqual([
      1,
      expect.stringMatching(refusal('pulse auth login', 'PULSE_TOKEN')),
    ]);
    const team = await execPulse(
      ['auth', 'login', '--team-id', '00000000-0000-4000-8000-000000000000', '--with-token'],
      { env, input: 'not-a-key' },
    );
    expect([team.exitCode, team.stderr]).toEqual([
      1,
      expect.stringMatching(refusal('pulse auth login --team-id ID', 'PULSE_API_KEY')),
    ]);
  });

  it('the server revokes the whole grant of a refresh token through /oauth/revoke, and answers 200 to any token (metadata in test/server/oauth.test.ts)', async () => {
    const tokens = await oauthTokens(server.fixture.store, server.url, { email: 'dee@example.com' });
    expect(await grantsOf('dee@example.com')).toHaveLength(1);
    const revoke = (token: string) =>
      postForm(`${server.url}/oauth/revoke`, {
        token,
        token_type_hint: 'refresh_token',
        client_id: 'pulse-cli',
      });
    const revoked = await revoke(tokens.refresh_token);
    expect([revoked.status, await revoked.text()]).toEqual([200, '']);
    expect(await grantsOf('dee@example.com')).toEqual([]);
    const me = await fetch(`${server.url}/api/v2/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(401);
    // Spent or unknown: nothing to tell (RFC 7009 §2.2).
    expect((await revoke(tokens.refresh_token)).status).toBe(200);
    expect((await revoke('service_ort_unknown')).status).toBe(200);
  });

  // Skipped, saying why, where no Secret Service answers (system-parts.ts); CI requires it.
  it.skipIf(noSecretService)(
    'revokes a web sign-in whose tokens the keychain refuses after all (its daemon killed mid-sign-in)',
    async () => {
      const env = isolatedEnv({ PULSE_BASE_URL: server.url, PATH: process.env.PATH as string });
      const home = env.HOME as string;
      const { script, openedUrl } = recordingBrowser(home);
      // The keychain answers when the login starts; once the browser is open, the script kills the
      // Secret Service's daemon (by the process id D-Bus gives for its name). D-Bus starts another, whose
      // keyring is locked, and with no one to unlock it the tokens cannot be kept.
      const session = inKeyringSession(
        [
          'pulse auth login --web --timeout 60s &',
          'login=$!',
          `while [ ! -e "${home}/kill-keyring" ]; do sleep 0.1; done`,
          'kill "$(dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets | awk \'/uint32/ {print $2}\')"',
          `: > "${home}/keyring-killed"`,
          'wait "$login"; echo "exit=$?"',
        ].join('\n'),
        { ...env, BROWSER: script },
        100_000,
      );
      const opened = await eventually(openedUrl, 'the browser to be opened', 60_000);
      writeFileSync(join(home, 'kill-keyring'), '');
      await eventually(
        () => existsSync(join(home, 'keyring-killed')) || undefined,
        'the keyring daemon to be killed',
        30_000,
      );
      const back = await signInAndDecide(server.fixture.store, server.url, opened, {
        email: 'eve@example.com',
      });
      await fetch(back);
      const result = await session;
      expect(String(result.stdout)).toContain('exit=1');
      expect(String(result.stderr)).toContain('pulse: the OS keychain is not available (');
      expect(String(result.stderr)).toContain('The tokens could not be kept; the sign-in was revoked.');
      expect(await grantsOf('eve@example.com')).toEqual([]);
    },
    120_000,
  );
});
