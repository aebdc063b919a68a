/**
 * The team API key on a client, in-process against a real server: auth login --team-id keeps it (here in
 * the 0600 file) after the server accepted it, the v1 team commands use it remotely, the environment
 * overrides it, status shows it and logout forgets it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { V1Member } from '../../src/core/v1/types.js';
import { isolatedEnv, runInProcess } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let teamId: string;
let apiKey: string;
/** Another team's valid pair, to pair a key with the wrong team. */
let designId: string;

const NO_KEY = 'no team API key: run pulse auth login --team-id ID (or set PULSE_TEAM_ID and PULSE_API_KEY)';

beforeAll(async () => {
  server = await startTestServer();
  ({ teamId, apiKey } = await server.fixture.store.admin.teamApiKey('Core'));
  designId = (await server.fixture.store.admin.teamApiKey('Design')).teamId;
});

/** A client machine of its own: remote mode through PULSE_BASE_URL, no local store. */
const client = (extra: Record<string, string> = {}) => isolatedEnv({ PULSE_BASE_URL: server.url, ...extra });

const pulse = (env: Record<string, string>, args: string[], stdin?: string) =>
  runInProcess(args, { env, ...(stdin !== undefined ? { stdin } : {}) });

const login = (env: Record<string, string>, id: string, key: string) =>
  pulse(env, ['auth', 'login', '--team-id', id, '--with-token', '--insecure-storage'], key);

const memberNames = (stdout: string) =>
  (JSON.parse(stdout) as V1Member[]).map((member) => member.user.full_name);

describe('auth login --team-id', () => {
  it('keeps an accepted key in a 0600 file and the team id in the profile; team commands then work', async () => {
    const env = client();
    const result = await login(env, teamId, apiKey);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`for team ${teamId}; the team API key is kept in `);
    expect(result.stderr).toContain('(mode 0600; --insecure-storage)');
    expect(result.stderr).not.toContain(apiKey);
    const credentials = join(env.XDG_CONFIG_HOME as string, 'pulse', 'credentials.json');
    expect(statSync(credentials).mode & 0o777).toBe(0o600);
    const host = new URL(server.url).host;
    expect(JSON.parse(readFileSync(credentials, 'utf8'))).toEqual({ [`default@${host}#team`]: apiKey });
    const config = await pulse(env, ['config', 'get', 'team_id']);
    expect(config.stdout).toBe(`${teamId}\n`);

    const members = await pulse(env, ['team', 'members', '--json']);
    expect(members.exitCode, members.stderr).toBe(0);
    expect(memberNames(members.stdout)).toEqual(['Ana Diaz', 'Ben Okafor', 'Cy Park']);

    const pushed = await pulse(env, [
      'activity',
      'push',
      '--email',
      'ben@example.com',
      '--source',
      'ci',
      '--description',
      'Deployed',
    ]);
    expect(pushed.exitCode, pushed.stderr).toBe(0);
    expect(pushed.stdout).toMatch(/^[0-9a-f-]{36}\n$/);

    // Remotely the team comes from the credentials.
    const named = await pulse(env, ['team', 'members', '--team', 'Core']);
    expect(named.exitCode).toBe(2);
    expect(named.stderr).toContain('--team works on a local store');

    for (const output of [members, pushed, named])
      expect(output.stdout + output.stderr).not.toContain(apiKey);
  });

  it('shows the team key in auth status, and logout forgets it and the team id', async () => {
    const env = client();
    expect((await login(env, teamId, apiKey)).exitCode).toBe(0);

    const status = await pulse(env, ['auth', 'status', '--json']);
    expect(status.exitCode, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      token_source: null,
      accepted: null,
      team: { team_id: teamId, source: 'file', accepted: true, error: null },
    });
    const text = await pulse(env, ['auth', 'status']);
    expect(text.stdout).toContain(`\nteam: ${teamId} (key from file, accepted)\n`);
    expect(text.stdout + status.stdout).not.toContain(apiKey);

    const logout = await pulse(env, ['auth', 'logout']);
    expect(logout.exitCode).toBe(0);
    expect(logout.stderr).toBe(
      `Logged out of ${new URL(server.url).host}: forgot the API key of team ${teamId}.\n`,
    );
    expect((await pulse(env, ['config', 'get', 'team_id'])).exitCode).not.toBe(0);
    const after = await pulse(env, ['team', 'members']);
    expect(after.exitCode).toBe(4);
    expect(after.stderr).toContain(NO_KEY);
    const statusAfter = await pulse(env, ['auth', 'status', '--json']);
    expect(statusAfter.exitCode).toBe(4);
    expect(JSON.parse(statusAfter.stdout).team).toMatchObject({ source: null, accepted: null });
  });

  it('refuses a wrong key or a key of another team (exit 4) and keeps nothing', async () => {
    for (const [id, key] of [
      [teamId, `service_team_${'x'.repeat(43)}`],
      [designId, apiKey],
    ] as const) {
      const env = client();
      const result = await login(env, id, key);
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toContain('did not accept this team id and API key; nothing was kept');
      expect(result.stderr).not.toContain(key);
      const configDir = join(env.XDG_CONFIG_HOME as string, 'pulse');
      expect(existsSync(join(configDir, 'credentials.json'))).toBe(false);
      expect(existsSync(join(configDir, 'config.json'))).toBe(false);
      const after = await pulse(env, ['team', 'members']);
      expect(after.exitCode).toBe(4);
      expect(after.stderr).toContain(NO_KEY);
    }
  });

  it('needs a team id that is one, and a deployment (exit 2)', async () => {
    const bad = await login(client(), 'Core', apiKey);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--team-id must be a team id');
    const local = await login(isolatedEnv(), teamId, apiKey);
    expect(local.exitCode).toBe(2);
    expect(local.stderr).toContain('no deployment configured');
  });
});

describe('PULSE_TEAM_ID and PULSE_API_KEY', () => {
  it('override what is kept, together only', async () => {
    const env = client({ PULSE_TEAM_ID: teamId, PULSE_API_KEY: apiKey });
    const members = await pulse(env, ['team', 'members', '--json', '--query', 'park']);
    expect(members.exitCode, members.stderr).toBe(0);
    expect(memberNames(members.stdout)).toEqual(['Cy Park']);
    const status = await pulse(env, ['auth', 'status', '--json']);
    expect(JSON.parse(status.stdout).team).toEqual({
      team_id: teamId,
      source: 'environment',
      accepted: true,
      error: null,
    });

    // The environment wins over a kept pair (here one of another team, refused).
    const kept = client();
    expect((await login(kept, teamId, apiKey)).exitCode).toBe(0);
    const wrong = await pulse({ ...kept, PULSE_TEAM_ID: designId, PULSE_API_KEY: apiKey }, [
      'team',
      'members',
    ]);
    expect(wrong.exitCode).toBe(4);
    expect(wrong.stderr).not.toContain(apiKey);

    for (const half of [{ PULSE_TEAM_ID: teamId }, { PULSE_API_KEY: apiKey }] as Record<string, string>[]) {
      const result = await pulse({ ...kept, ...half }, ['team', 'members']);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain('set both, or neither');
      expect(result.stderr).not.toContain(apiKey);
    }
  });
});
