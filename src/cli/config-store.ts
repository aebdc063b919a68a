/**
 * The configuration file: named profiles of settings, written 0600 through conf and validated against a
 * schema. No secret is ever written here (tokens and the ask key live in the OS keychain).
 */
import { mkdirSync } from 'node:fs';
import { UsageError } from './errors.js';
import { configDir } from './paths.js';

/** The settings a profile may hold, with how each value is checked. */
export const CONFIG_KEYS = {
  base_url: { description: 'a remote deployment, e.g. https://pulse.example.com (remote mode)', kind: 'url' },
  auth_url: { description: 'its authorization server (default: base_url)', kind: 'url' },
  status_url: { description: 'its status page (default: base_url/status)', kind: 'url' },
  team_id: { description: 'the team of the v1 team interface', kind: 'text' },
  connect_timeout: {
    description: 'seconds to wait for a connection in remote mode (default 10)',
    kind: 'seconds',
  },
  request_timeout: {
    description: 'seconds to wait for a response in remote mode (default 30)',
    kind: 'seconds',
  },
  store: { description: 'path of the local SQLite store (local mode)', kind: 'path' },
  as: { description: 'email of the person local commands act as', kind: 'text' },
  public_url: { description: 'base of the url fields in local mode and of `pulse serve`', kind: 'url' },
  editor: { description: 'editor for long answers (overrides VISUAL and EDITOR)', kind: 'text' },
  'ask.provider': {
    description:
      'who writes answers in local mode and `pulse serve`: extractive (default, offline) or openai',
    kind: 'choice',
    values: ['extractive', 'openai'],
  },
  'ask.url': {
    description: 'the OpenAI-compatible API base for ask.provider openai, e.g. https://api.openai.com/v1',
    kind: 'url',
  },
  'ask.model': { description: 'the model for ask.provider openai, e.g. gpt-4o-mini', kind: 'text' },
} as const;

export type ConfigKey = keyof typeof CONFIG_KEYS;
export type Profile = Partial<Record<ConfigKey, string>>;

export const DEFAULT_PROFILE = 'default';
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function isConfigKey(key: string): key is ConfigKey {
  return Object.hasOwn(CONFIG_KEYS, key);
}

/** The value when it is an absolute http(s) URL, else a usage error naming where it came from. */
export function checkHttpUrl(value: string, source: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UsageError(`${source} must be an absolute http(s) URL: ${value}`);
  }
  return value;
}

export function checkConfigValue(key: ConfigKey, value: string): string {
  const spec: { kind: string; values?: readonly string[] } = CONFIG_KEYS[key];
  if (spec.kind === 'choice' && !spec.values?.includes(value)) {
    throw new UsageError(`${key} must be one of ${spec.values?.join(', ')}: ${value}`);
  }
  if (spec.kind === 'url') checkHttpUrl(value, key);
  if (spec.kind === 'seconds' && !(/^\d+(\.\d+)?$/.test(value) && Number(value) > 0)) {
    throw new UsageError(`${key} must be a number of seconds above 0: ${value}`);
  }
  if (value.trim().length === 0) throw new UsageError(`${key} must not be empty`);
  return value;
}

export function checkProfileName(name: string): string {
  if (!PROFILE_NAME.test(name)) {
    throw new UsageError(`profile names are letters, digits, dashes and underscores: ${name}`);
  }
  return name;
}

const profileSchema = {
  type: 'object',
  properties: Object.fromEntries(Object.keys(CONFIG_KEYS).map((key) => [key, { type: 'string' }])),
  additionalProperties: false,
};

interface ConfigShape {
  profiles: Record<string, Profile>;
}

/** Reads and writes profiles in `$XDG_CONFIG_HOME/pulse/config.json`. */
export class ConfigStore {
  private constructor(private readonly conf: import('conf').default<ConfigShape>) {}

  static async open(env: Record<string, string | undefined>): Promise<ConfigStore> {
    const { default: Conf } = await import('conf');
    // conf would make the directory 0755; it holds credentials.json with --insecure-storage, so 0700.
    const dir = configDir(env);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const conf = new Conf<ConfigShape>({
      projectName: 'pulse',
      cwd: dir,
      configName: 'config',
      configFileMode: 0o600,
      schema: { profiles: { type: 'object', additionalProperties: profileSchema, default: {} } },
      clearInvalidConfig: false,
    });
    return new ConfigStore(conf);
  }

  get path(): string {
    return this.conf.path;
  }

  profile(name: string): Profile {
    return { ...(this.conf.get('profiles')[name] ?? {}) };
  }

  profileNames(): string[] {
    return Object.keys(this.conf.get('profiles'));
  }

  set(profile: string, key: ConfigKey, value: string): void {
    const profiles = this.conf.get('profiles');
    this.conf.set('profiles', { ...profiles, [profile]: { ...profiles[profile], [key]: value } });
  }

  unset(profile: string, key: ConfigKey): boolean {
    const profiles = this.conf.get('profiles');
    const current = profiles[profile];
    if (!current || !(key in current)) return false;
    const { [key]: _removed, ...rest } = current;
    this.conf.set('profiles', { ...profiles, [profile]: rest });
    return true;
  }
}
