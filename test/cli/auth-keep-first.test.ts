/**
 * A sign-in that cannot be kept is not made: without a Secret Service every `pulse auth login` refuses
 * before it asks for anything, opens a browser or reaches the server, so no grant or token is left behind;
 * and the server revokes a grant on request (RFC 7009), which the CLI does when keeping fails anyway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execPulse, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { oauthTokens, postForm, recordingBrowser } from '../helpers/oauth.js';
import { startTestServer } from '../helpers/server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;

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
});
