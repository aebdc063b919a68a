/**
 * Where pulse keeps secrets: a profile's token for a deployment, a team's v1 API key for it, and the key
 * of the generative provider for answers. The environment overrides (PULSE_TOKEN, PULSE_API_KEY with
 * PULSE_TEAM_ID, PULSE_ASK_KEY); otherwise the OS keychain
 * (@napi-rs/keyring: macOS Keychain, Windows Credential Manager, the Secret Service on Linux), or, only
 * when asked with --insecure-storage, a 0600 file in the configuration directory.
 *
 * On Linux the keyring library would silently fall back to the kernel keyring, which is lost at reboot;
 * entries are pinned to the Secret Service instead, so its absence is detected and refused.
 */
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CommandContext } from './command-context.js';
import { CliError, UsageError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import { readStdin } from './input.js';
import { configDir } from './paths.js';
import type { Settings } from './settings.js';

export type SecretSource = 'environment' | 'keychain' | 'file';

export interface FoundSecret {
  value: string;
  source: SecretSource;
}

/** One kind of secret: how messages name it, what overrides it, and the command that keeps it. */
export interface SecretKind {
  /** "token", "key". */
  noun: string;
  /** The environment variable that overrides a kept one (none for the OAuth tokens: PULSE_TOKEN wins over them). */
  variable?: string;
  /** The command that keeps one, e.g. "pulse auth login". */
  command: string;
  /** Its flag that reads the secret from stdin, e.g. "--with-token". */
  stdinFlag: string;
  /** The masked prompt on a terminal. */
  prompt: string;
}

export const TOKEN: SecretKind = {
  noun: 'token',
  variable: 'PULSE_TOKEN',
  command: 'pulse auth login',
  stdinFlag: '--with-token',
  prompt: 'Paste a personal access token (pulse admin token create):',
};

/** A team's v1 API key; the team id that goes with it is the profile's `team_id` setting. */
export const TEAM_KEY: SecretKind = {
  noun: 'team API key',
  variable: 'PULSE_API_KEY',
  command: 'pulse auth login --team-id ID',
  stdinFlag: '--with-token',
  prompt: "Paste the team's API key (pulse admin team api-key):",
};

/**
 * The OAuth tokens of `pulse auth login --web`: one JSON value (access and refresh token, expiry, scope),
 * so one keychain entry changes at once when a refresh rotates them.
 */
export const OAUTH_TOKENS: SecretKind = {
  noun: 'OAuth tokens',
  command: 'pulse auth login --web',
  stdinFlag: '',
  prompt: '',
};

export const ASK_KEY: SecretKind = {
  noun: 'key',
  variable: 'PULSE_ASK_KEY',
  command: 'pulse ask key set',
  stdinFlag: '--with-key',
  prompt: "Paste the generative provider's API key:",
};

const SERVICE = 'pulse';

export class KeychainUnavailableError extends CliError {
  constructor(
    readonly reason: string,
    kind: SecretKind,
  ) {
    super(
      `the OS keychain is not available (${reason}).\n` +
        `${kind.variable ? `Either set ${kind.variable} in the environment, or keep` : 'Keep'} the ${kind.noun} in a 0600 file with: ` +
        `${kind.command} --insecure-storage`,
    );
  }
}

/** The keychain account of a profile's token for a host, e.g. "default@pulse.example.com". */
export function accountFor(profile: string, baseUrl: string): string {
  return `${profile}@${new URL(baseUrl).host}`;
}

/** The keychain account of a profile's OAuth tokens for a host, e.g. "default@pulse.example.com#oauth". */
export function oauthAccountFor(profile: string, baseUrl: string): string {
  return `${accountFor(profile, baseUrl)}#oauth`;
}

/** The keychain account of a profile's team API key for a host, e.g. "default@pulse.example.com#team". */
export function teamAccountFor(profile: string, baseUrl: string): string {
  return `${accountFor(profile, baseUrl)}#team`;
}

async function keychainEntry(account: string, kind: SecretKind) {
  let keyring: typeof import('@napi-rs/keyring');
  try {
    keyring = await import('@napi-rs/keyring');
  } catch (error) {
    throw new KeychainUnavailableError(`the keyring module did not load: ${(error as Error).message}`, kind);
  }
  try {
    return new keyring.Entry(
      SERVICE,
      account,
      process.platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined,
    );
  } catch (error) {
    throw new KeychainUnavailableError(firstLine(error), kind);
  }
}

function firstLine(error: unknown): string {
  return ((error as Error).message ?? String(error)).split('\n')[0] as string;
}

/** The OS keychain; errors name the way out for the kind of secret. */
const keychain = {
  async get(account: string, kind: SecretKind): Promise<string | undefined> {
    const entry = await keychainEntry(account, kind);
    try {
      return entry.getPassword() ?? undefined;
    } catch (error) {
      throw new KeychainUnavailableError(firstLine(error), kind);
    }
  },
  async set(account: string, secret: string, kind: SecretKind): Promise<void> {
    const entry = await keychainEntry(account, kind);
    try {
      entry.setPassword(secret);
    } catch (error) {
      throw new KeychainUnavailableError(firstLine(error), kind);
    }
  },
  async delete(account: string, kind: SecretKind): Promise<boolean> {
    const entry = await keychainEntry(account, kind);
    try {
      return entry.deletePassword();
    } catch (error) {
      throw new KeychainUnavailableError(firstLine(error), kind);
    }
  },
};

/** The explicit, insecure alternative: a JSON file readable only by its owner (tokens and keys alike). */
class CredentialsFile {
  readonly path: string;

  constructor(env: Record<string, string | undefined>) {
    this.path = join(configDir(env), 'credentials.json');
  }

  private async read(): Promise<Record<string, string>> {
    try {
      return JSON.parse(await readFile(this.path, 'utf8'));
    } catch {
      return {};
    }
  }

  private async write(entries: Record<string, string>): Promise<void> {
    await mkdir(join(this.path, '..'), { recursive: true, mode: 0o700 });
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(entries, null, 2)}\n`, { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, this.path);
  }

  async get(account: string): Promise<string | undefined> {
    return (await this.read())[account];
  }

  async set(account: string, secret: string): Promise<void> {
    await this.write({ ...(await this.read()), [account]: secret });
  }

  async delete(account: string): Promise<boolean> {
    const entries = await this.read();
    if (!(account in entries)) return false;
    delete entries[account];
    await this.write(entries);
    return true;
  }
}

/** Finds, keeps and forgets one kind of secret for keychain accounts. */
export class Secrets {
  constructor(
    private readonly env: Record<string, string | undefined>,
    readonly kind: SecretKind,
  ) {}

  /**
   * The secret to use: the environment variable, then the keychain, then the insecure file. A keychain
   * that is not available is skipped here (reading must not fail when the file or the environment has it).
   */
  async find(account: string): Promise<FoundSecret | undefined> {
    const fromEnvironment = this.kind.variable ? this.env[this.kind.variable] : undefined;
    if (fromEnvironment) return { value: fromEnvironment, source: 'environment' };
    try {
      const stored = await keychain.get(account, this.kind);
      if (stored) return { value: stored, source: 'keychain' };
    } catch (error) {
      if (!(error instanceof KeychainUnavailableError)) throw error;
    }
    const fromFile = await new CredentialsFile(this.env).get(account);
    return fromFile ? { value: fromFile, source: 'file' } : undefined;
  }

  /**
   * Fails with the way out (KeychainUnavailableError) unless `keep` can succeed: the file when asked, else a
   * keychain that answers for the account. Asked before a sign-in starts, so that one that cannot be kept
   * is never made (a grant left on the server, a token created for nothing).
   */
  async checkKeepable(account: string, options: { insecureStorage?: boolean }): Promise<void> {
    if (options.insecureStorage) return;
    await keychain.get(account, this.kind);
  }

  /** Keeps it in the keychain, or in the 0600 file when asked; returns where, for the message. */
  async keep(account: string, secret: string, options: { insecureStorage?: boolean }): Promise<string> {
    if (options.insecureStorage) {
      const file = new CredentialsFile(this.env);
      await file.set(account, secret);
      return `in ${file.path} (mode 0600; --insecure-storage)`;
    }
    await keychain.set(account, secret, this.kind);
    return 'in the OS keychain';
  }

  /** Forgets it in both places; true when either held it. */
  async forget(account: string): Promise<boolean> {
    let removed = await new CredentialsFile(this.env).delete(account);
    try {
      removed = (await keychain.delete(account, this.kind)) || removed;
    } catch {
      // No keychain: nothing could be kept there.
    }
    return removed;
  }

  /**
   * Whether the OS keychain answers for an account (`pulse doctor`): found or not, or why it cannot be
   * read. Unlike find, an unavailable keychain is reported rather than skipped.
   */
  async probeKeychain(
    account: string,
  ): Promise<{ available: true; found: boolean } | { available: false; reason: string }> {
    try {
      return { available: true, found: (await keychain.get(account, this.kind)) !== undefined };
    } catch (error) {
      if (!(error instanceof KeychainUnavailableError)) throw error;
      return { available: false, reason: error.reason };
    }
  }

  /** Whether the environment variable overrides what is kept. */
  get overridden(): boolean {
    return Boolean(this.kind.variable && this.env[this.kind.variable]);
  }
}

/** The v1 credentials of a remote profile: a team id and its API key. */
export interface TeamCredentials {
  teamId: string;
  apiKey: string;
  source: SecretSource;
}

const NO_TEAM_KEY =
  'no team API key: run pulse auth login --team-id ID (or set PULSE_TEAM_ID and PULSE_API_KEY)';

/**
 * The v1 credentials to use, or undefined when none are kept: PULSE_TEAM_ID with PULSE_API_KEY, else the
 * profile's team_id with the key kept for its host. One of the two variables without the other is a
 * usage error (a half override would silently pair a key with the wrong team).
 */
export async function findTeamCredentials(
  env: Record<string, string | undefined>,
  settings: Settings,
): Promise<TeamCredentials | undefined> {
  const teamId = env.PULSE_TEAM_ID;
  const apiKey = env.PULSE_API_KEY;
  if (teamId && apiKey) return { teamId: teamId.trim(), apiKey, source: 'environment' };
  if (teamId || apiKey) {
    throw new UsageError(
      `${teamId ? 'PULSE_TEAM_ID' : 'PULSE_API_KEY'} is set without ${teamId ? 'PULSE_API_KEY' : 'PULSE_TEAM_ID'}: set both, or neither`,
    );
  }
  if (!settings.baseUrl) {
    throw new UsageError(
      `no deployment configured for profile ${settings.profileName}: pulse config set base_url https://... (or PULSE_BASE_URL)`,
    );
  }
  const keptTeam = settings.profile.team_id;
  if (!keptTeam) return undefined;
  const found = await new Secrets(env, TEAM_KEY).find(teamAccountFor(settings.profileName, settings.baseUrl));
  return found ? { teamId: keptTeam, apiKey: found.value, source: found.source } : undefined;
}

/** The v1 credentials to use; none kept is an authentication error (exit 4) that says how to keep them. */
export async function teamCredentials(
  env: Record<string, string | undefined>,
  settings: Settings,
): Promise<TeamCredentials> {
  const found = await findTeamCredentials(env, settings);
  if (!found) throw new CliError(NO_TEAM_KEY, ExitCode.auth);
  return found;
}

/**
 * Reads a secret to keep: the whole of stdin (trimmed) with the kind's stdin flag, else a masked prompt on
 * the terminal. Without a terminal and without the flag, a usage error that shows how to pipe it in.
 */
export async function readSecret(cc: CommandContext, kind: SecretKind, fromStdin: boolean): Promise<string> {
  let secret: string;
  if (fromStdin) {
    secret = (await readStdin(cc)).trim();
  } else {
    if (!cc.settings.interactive) {
      throw new UsageError(
        `no terminal to type the ${kind.noun} on: pipe it in with ${kind.stdinFlag} (${kind.command} ${kind.stdinFlag} < file)`,
      );
    }
    const { password } = await import('@inquirer/prompts');
    secret = (
      await password(
        { message: kind.prompt, mask: '*' },
        { input: cc.ctx.streams.stdin, output: cc.ctx.streams.stderr },
      )
    ).trim();
  }
  if (secret === '') throw new UsageError(`no ${kind.noun} given`);
  return secret;
}
