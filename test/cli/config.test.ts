/** `pulse config` and the precedence of flags, environment, profile and defaults. */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { isolatedEnv, runInProcess } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
const pulse = (args: string[], extraEnv: Record<string, string> = {}) =>
  runInProcess(args, { env: { ...env, ...extraEnv } });

beforeEach(() => {
  env = isolatedEnv();
});

describe('pulse config', () => {
  it('sets, gets, lists and unsets settings in a 0600 file in a 0700 directory, per profile', async () => {
    expect((await pulse(['config', 'set', 'public_url', 'https://pulse.example.com'])).exitCode).toBe(0);
    expect((await pulse(['config', 'get', 'public_url'])).stdout).toBe('https://pulse.example.com\n');
    const file = join(env.XDG_CONFIG_HOME as string, 'pulse', 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The directory too: it also holds credentials.json with --insecure-storage.
    expect(statSync(join(file, '..')).mode & 0o777).toBe(0o700);

    expect((await pulse(['--profile', 'work', 'config', 'get', 'public_url'])).exitCode).toBe(3);
    await pulse(['config', 'set', 'as', 'ben@example.com', '--profile', 'work']);
    expect((await pulse(['config', 'get', 'as'], { PULSE_PROFILE: 'work' })).stdout).toBe(
      'ben@example.com\n',
    );
    expect(JSON.parse((await pulse(['config', 'list', '--json'])).stdout)).toEqual({
      public_url: 'https://pulse.example.com',
    });
    const rows = (await pulse(['config', 'list'])).stdout.split('\n');
    expect(rows).toContain(
      'public_url\thttps://pulse.example.com\tbase of the url fields in local mode and of `pulse serve`',
    );

    expect((await pulse(['config', 'unset', 'public_url'])).stderr).toContain('Unset public_url');
    expect((await pulse(['config', 'get', 'public_url'])).exitCode).toBe(3);
  });

  it('rejects unknown settings, bad values and bad profile names with exit 2', async () => {
    const unknown = await pulse(['config', 'set', 'token', 'secret']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('unknown setting "token"');
    const url = await pulse(['config', 'set', 'public_url', 'ftp://x']);
    expect(url.exitCode).toBe(2);
    expect(url.stderr).toContain('public_url must be an absolute http(s) URL');
    expect((await pulse(['--profile', '../etc', 'config', 'list'])).exitCode).toBe(2);
  });

  it('chooses the store by --store, then PULSE_STORE, then the profile, then the default', async () => {
    const dir = tempDir();
    const [flag, variable, profile] = ['flag.db', 'env.db', 'profile.db'].map((name) => join(dir, name));
    for (const [path, name] of [
      [flag, 'Flag'],
      [variable, 'Env'],
      [profile, 'Profile'],
    ] as const) {
      await pulse([
        'init',
        '--name',
        name,
        '--email',
        `${name.toLowerCase()}@example.com`,
        '--store',
        path as string,
      ]);
    }
    await pulse(['config', 'set', 'store', profile as string]);
    const who = async (args: string[], extra: Record<string, string> = {}) =>
      JSON.parse((await pulse([...args, 'me', '--json'], extra)).stdout).name;
    expect(await who([])).toBe('Profile');
    expect(await who([], { PULSE_STORE: variable as string })).toBe('Env');
    expect(await who(['--store', flag as string], { PULSE_STORE: variable as string })).toBe('Flag');
    await pulse(['config', 'unset', 'store']);
    const fresh = await pulse(['me', '--json']);
    expect(fresh.stderr).toContain(join(env.XDG_DATA_HOME as string, 'pulse', 'pulse.db'));
  });
});
