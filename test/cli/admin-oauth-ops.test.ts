/**
 * Operators and OAuth sign-ins: `pulse admin token list` shows one row per live grant made through the real
 * HTTP flow, `pulse admin token revoke GRANT` ends it (401 on its access token, invalid_grant on refresh),
 * and cleanup deletes spent rows while keeping live ones and reuse detection.
 */
import { describe, expect, it } from 'vitest';
import { execPulse, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { steppingClock } from '../helpers/clock.js';
import { oauthTokens, postForm, type TokenBody } from '../helpers/oauth.js';
import { startTestServer } from '../helpers/server.js';

const DAY = 86_400_000;
const me = (url: string, token: string) =>
  fetch(`${url}/api/v2/me`, { headers: { authorization: `Bearer ${token}` } });
const refresh = (url: string, refreshToken: string) =>
  postForm(`${url}/oauth/token`, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: 'pulse-cli',
  });
const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

describe('pulse admin token list and revoke with OAuth sign-ins', () => {
  it('lists one row per live grant, filters by kind, and revoking the grant ends it (the real binary)', async () => {
    const server = await startTestServer({ echoSchedulerMs: null });
    const env = isolatedEnv();
    const pulse = (args: string[]) => runInProcess(['--store', server.fixture.path, ...args], { env });
    const first = await oauthTokens(server.fixture.store, server.url, { email: 'dee@example.com' });
    // Rotation makes new tokens, not a new sign-in.
    const rotated = (await (await refresh(server.url, first.refresh_token)).json()) as TokenBody;
    expect(rotated.refresh_token).toBeDefined();
    await oauthTokens(server.fixture.store, server.url, { email: 'eve@example.com', scope: 'read write' });

    const oauth = JSON.parse((await pulse(['admin', 'token', 'list', '--kind', 'oauth', '--json'])).stdout);
    expect(oauth).toHaveLength(2);
    const dee = oauth.find((row: { person: { email: string } }) => row.person.email === 'dee@example.com');
    expect(dee).toMatchObject({
      kind: 'oauth',
      name: null,
      client: { client_id: 'pulse-cli', name: 'pulse CLI' },
      scope: 'read',
      revoked_at: null,
    });
    expect(Object.keys(dee).sort()).toEqual([
      'client',
      'created_at',
      'expires_at',
      'id',
      'kind',
      'name',
      'person',
      'revoked_at',
      'scope',
    ]);
    expect(Date.parse(dee.expires_at) - Date.parse(dee.created_at)).toBeGreaterThanOrEqual(30 * DAY - 60_000);

    const pats = JSON.parse((await pulse(['admin', 'token', 'list', '--kind', 'pat', '--json'])).stdout);
    expect(pats.map((row: { kind: string }) => row.kind)).toEqual(['pat', 'pat', 'pat', 'pat', 'pat']);
    expect(pats[0].client).toBeNull();
    const all = JSON.parse((await pulse(['admin', 'token', 'list', '--json'])).stdout);
    expect(all).toHaveLength(7);
    const table = (await pulse(['admin', 'token', 'list', '--kind', 'oauth'])).stdout;
    expect(table).toContain(dee.id);
    expect(table).toContain('pulse CLI (pulse-cli)');

    expect((await me(server.url, rotated.access_token)).status).toBe(200);
    const revoked = await execPulse(['--store', server.fixture.path, 'admin', 'token', 'revoke', dee.id], {
      env,
    });
    expect(revoked.exitCode).toBe(0);
    expect(revoked.stderr).toContain('Revoked.');
    expect((await me(server.url, rotated.access_token)).status).toBe(401);
    const refused = await refresh(server.url, rotated.refresh_token);
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toBe('invalid_grant');

    const left = JSON.parse((await pulse(['admin', 'token', 'list', '--kind', 'oauth', '--json'])).stdout);
    expect(left.map((row: { person: { email: string } }) => row.person.email)).toEqual(['eve@example.com']);
    const again = await pulse(['admin', 'token', 'revoke', dee.id]);
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain('already revoked');
    const unknown = await pulse(['admin', 'token', 'revoke', '0190aaaa-0000-7000-8000-000000000000']);
    expect(unknown.exitCode).not.toBe(0);
    expect(unknown.stderr).toContain('no such token or OAuth sign-in');
  });
});

describe('cleanup of spent OAuth rows', () => {
  it('deletes what ended over a day ago, keeps live grants, and reuse detection still fires after a prune', async () => {
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const server = await startTestServer({ clock, echoSchedulerMs: null });
    const store = server.fixture.store;
    const env = isolatedEnv();
    const pulse = (args: string[]) => runInProcess(['--store', server.fixture.path, ...args], { env, clock });

    const kept = await oauthTokens(store, server.url, { email: 'dee@example.com' });
    const spent = kept.refresh_token;
    const current = (await (await refresh(server.url, spent)).json()) as TokenBody;
    const ended = await oauthTokens(store, server.url, { email: 'eve@example.com' });
    const endedId = (await store.admin.listTokens('oauth')).find((t) => t.person.email === 'eve@example.com')
      ?.id as string;
    await store.admin.revokeToken(endedId);

    clock.advance(2 * DAY);
    const pruned = JSON.parse((await pulse(['admin', 'token', 'prune', '--json'])).stdout);
    // Every access token (1 hour) ended over a day ago; eve's revoked refresh token is kept (reuse detection).
    expect(pruned).toEqual({ tokens: 3, authorization_codes: 0, pending_authorizations: 0, login_codes: 2 });
    const live = await store.admin.listTokens('oauth');
    expect(live.map((t) => t.person.email)).toEqual(['dee@example.com']);
    expect(live[0]?.created_at).toBe('2026-11-23T10:00:00Z');

    // The spent refresh token is still known: presenting it again revokes dee's whole grant.
    const replay = await refresh(server.url, spent);
    expect(await errorOf(replay)).toBe('invalid_grant');
    const afterReplay = await refresh(server.url, current.refresh_token);
    expect(await errorOf(afterReplay)).toBe('invalid_grant');
    expect(await store.admin.listTokens('oauth')).toEqual([]);
    expect((await refresh(server.url, ended.refresh_token)).status).toBe(400);

    // Past the refresh lifetime and the grace day, nothing of either sign-in is left, codes included.
    clock.advance(30 * DAY);
    // This time by pulse serve's own cleanup timer (hourly; one run here).
    const last = await server.app.answers.oauthCleanup?.tick();
    expect(last).toEqual({ tokens: 3, authorization_codes: 2, pending_authorizations: 0, login_codes: 0 });
    expect(await store.oauthAdmin.prune()).toEqual({
      tokens: 0,
      authorization_codes: 0,
      pending_authorizations: 0,
      login_codes: 0,
    });
  });

  it('keeps a live grant whole however long it has been refreshed, and the listing shows its sign-in time', async () => {
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const server = await startTestServer({ clock, echoSchedulerMs: null });
    let tokens = await oauthTokens(server.fixture.store, server.url);
    for (let week = 0; week < 6; week++) {
      clock.advance(7 * DAY);
      tokens = (await (await refresh(server.url, tokens.refresh_token)).json()) as TokenBody;
      await server.fixture.store.oauthAdmin.prune();
    }
    expect((await me(server.url, tokens.access_token)).status).toBe(200);
    const [grant] = await server.fixture.store.admin.listTokens('oauth');
    expect(grant?.created_at).toBe('2026-11-23T10:00:00Z');
  });
});
