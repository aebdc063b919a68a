/**
 * Where a profile's token for a host lives: PULSE_TOKEN overrides; otherwise the OS keychain
 * (@napi-rs/keyring: macOS Keychain, Windows Credential Manager, the Secret Service on Linux), or, only
 * when asked with --insecure-storage, a 0600 file in the configuration directory.
 *
 * On Linux the keyring library would silently fall back to the kernel keyring, which is lost at reboot;
 * entries are pinned to the Secret Service instead, so its absence is detected and refused.
 */
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliError } from './errors.js';
import { configDir } from './paths.js';

export type TokenSource = 'environment' | 'keychain' | 'file';

export interface FoundToken {
  token: string;
  source: TokenSource;
}

const SERVICE = 'pulse';

export class KeychainUnavailableError extends CliError {
  constructor(reason: string) {
    super(
      `the OS keychain is not available (${reason}).\n` +
        'Either set PULSE_TOKEN in the environment, or keep the token in a 0600 file with: ' +
        'pulse auth login --insecure-storage',
    );
  }
}

/** The keychain account of a profile's token for a host, e.g. "default@pulse.example.com". */
export function accountFor(profile: string, baseUrl: string): string {
  return `${profile}@${new URL(baseUrl).host}`;
}

async function keychainEntry(account: string) {
  let keyring: typeof import('@napi-rs/keyring');
  try {
    keyring = await import('@napi-rs/keyring');
  } catch (error) {
    throw new KeychainUnavailableError(`the keyring module did not load: ${(error as Error).message}`);
  }
  try {
    return new keyring.Entry(
      SERVICE,
      account,
      process.platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined,
    );
  } catch (error) {
    throw new KeychainUnavailableError(firstLine(error));
  }
}

function firstLine(error: unknown): string {
  return ((error as Error).message ?? String(error)).split('\n')[0] as string;
}

export const keychain = {
  async get(account: string): Promise<string | undefined> {
    const entry = await keychainEntry(account);
    try {
      return entry.getPassword() ?? undefined;
    } catch (error) {
      throw new KeychainUnavailableError(firstLine(error));
    }
  },
  async set(account: string, token: string): Promise<void> {
    const entry = await keychainEntry(account);
    try {
      entry.setPassword(token);
    } catch (error) {
      throw new KeychainUnavailableError(firstLine(error));
    }
  },
  async delete(account: string): Promise<boolean> {
    const entry = await keychainEntry(account);
    try {
      return entry.deletePassword();
    } catch (error) {
      throw new KeychainUnavailableError(firstLine(error));
    }
  },
};

/** The explicit, insecure alternative: a JSON file readable only by its owner. */
export class TokenFile {
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

  async set(account: string, token: string): Promise<void> {
    await this.write({ ...(await this.read()), [account]: token });
  }

  async delete(account: string): Promise<boolean> {
    const entries = await this.read();
    if (!(account in entries)) return false;
    delete entries[account];
    await this.write(entries);
    return true;
  }
}

/**
 * The token to use: PULSE_TOKEN, then the keychain, then the insecure file. A keychain that is not
 * available is skipped here (reading must not fail when the file or the environment has the token).
 */
export async function findToken(
  env: Record<string, string | undefined>,
  account: string,
): Promise<FoundToken | undefined> {
  if (env.PULSE_TOKEN) return { token: env.PULSE_TOKEN, source: 'environment' };
  try {
    const stored = await keychain.get(account);
    if (stored) return { token: stored, source: 'keychain' };
  } catch (error) {
    if (!(error instanceof KeychainUnavailableError)) throw error;
  }
  const fromFile = await new TokenFile(env).get(account);
  return fromFile ? { token: fromFile, source: 'file' } : undefined;
}
