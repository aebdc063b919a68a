/** XDG base directories for pulse's files, honouring the XDG_* variables. */
import { homedir } from 'node:os';
import { join } from 'node:path';

type Env = Record<string, string | undefined>;

function base(env: Env, variable: string, fallback: string[]): string {
  const value = env[variable];
  return value?.startsWith('/') ? value : join(env.HOME || homedir(), ...fallback);
}

export function dataDir(env: Env): string {
  return join(base(env, 'XDG_DATA_HOME', ['.local', 'share']), 'pulse');
}

export function configDir(env: Env): string {
  return env.PULSE_CONFIG_DIR || join(base(env, 'XDG_CONFIG_HOME', ['.config']), 'pulse');
}

export function defaultStorePath(env: Env): string {
  return join(dataDir(env), 'pulse.db');
}

export function cacheDir(env: Env): string {
  return join(base(env, 'XDG_CACHE_HOME', ['.cache']), 'pulse');
}

/** Files pulse keeps between runs that are neither settings nor cache (check-in drafts). */
export function stateDir(env: Env): string {
  return join(base(env, 'XDG_STATE_HOME', ['.local', 'state']), 'pulse');
}
