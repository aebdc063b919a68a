/**
 * Where the OAuth tokens of a profile and host are kept (one JSON value: the OS keychain, or the 0600 file
 * with --insecure-storage), and the token provider that refreshes them for the HTTP client.
 */
import { join } from 'node:path';
import type { Clock } from '../../core/clock.js';
import type { TokenProvider } from '../../remote/http-client.js';
import type { OAuthTokens } from '../../remote/oauth.js';
import { OAUTH_TOKENS, oauthAccountFor, type SecretSource, Secrets } from '../credentials.js';
import { configDir } from '../paths.js';
import { withRefreshLock } from './refresh-lock.js';

/** Refresh this long before the access token expires, so a request never leaves with a dying token. */
export const REFRESH_MARGIN_MS = 60_000;

export interface KeptTokens {
  tokens: OAuthTokens;
  source: SecretSource;
}

export class OAuthTokenStore {
  private readonly secrets: Secrets;
  readonly account: string;

  constructor(
    private readonly env: Record<string, string | undefined>,
    profileName: string,
    baseUrl: string,
  ) {
    this.secrets = new Secrets(env, OAUTH_TOKENS);
    this.account = oauthAccountFor(profileName, baseUrl);
  }

  /** The kept tokens; an unreadable value reads as none (a login writes it afresh). */
  async load(): Promise<KeptTokens | undefined> {
    const found = await this.secrets.find(this.account);
    if (!found) return undefined;
    try {
      const tokens = JSON.parse(found.value) as OAuthTokens;
      if (typeof tokens.access_token !== 'string' || typeof tokens.refresh_token !== 'string')
        return undefined;
      return { tokens, source: found.source };
    } catch {
      return undefined;
    }
  }

  /** Fails with the way out unless `save` can keep them (Secrets.checkKeepable). */
  checkKeepable(options: { insecureStorage?: boolean }): Promise<void> {
    return this.secrets.checkKeepable(this.account, options);
  }

  /** Keeps them (in the file when `insecureStorage`); returns where, for the message. */
  save(tokens: OAuthTokens, options: { insecureStorage?: boolean }): Promise<string> {
    return this.secrets.keep(this.account, JSON.stringify(tokens), options);
  }

  forget(): Promise<boolean> {
    return this.secrets.forget(this.account);
  }

  /** The file that serialises refreshes between processes (see refresh-lock.ts). */
  get lockPath(): string {
    return join(configDir(this.env), 'oauth-refresh.lock');
  }
}

export function expiresSoon(tokens: OAuthTokens, now: Date): boolean {
  return Date.parse(tokens.expires_at) - now.getTime() <= REFRESH_MARGIN_MS;
}

/**
 * The access token of kept OAuth tokens, refreshed under the lock shortly before it expires and after a
 * 401. After taking the lock it reads the kept tokens again: another process may have refreshed them
 * already, and its refresh token is then the only live one.
 */
export class RefreshingTokens implements TokenProvider {
  constructor(
    private readonly store: OAuthTokenStore,
    private kept: KeptTokens,
    private readonly clock: Clock,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  /** The tokens as last read or refreshed. */
  get tokens(): OAuthTokens {
    return this.kept.tokens;
  }

  get source(): SecretSource {
    return this.kept.source;
  }

  async current(): Promise<string> {
    if (expiresSoon(this.kept.tokens, this.clock.now())) {
      await this.refresh((latest) => expiresSoon(latest, this.clock.now()));
    }
    return this.kept.tokens.access_token;
  }

  async renew(rejected: string): Promise<string | undefined> {
    await this.refresh((latest) => latest.access_token === rejected);
    return this.kept.tokens.access_token === rejected ? undefined : this.kept.tokens.access_token;
  }

  /** Refreshes under the lock when the latest kept tokens still `need` it. */
  private async refresh(need: (latest: OAuthTokens) => boolean): Promise<void> {
    await withRefreshLock(this.store.lockPath, { sleep: this.sleep }, async () => {
      const latest = (await this.store.load()) ?? this.kept;
      this.kept = latest;
      if (!need(latest.tokens)) return;
      const { OAuthError, refreshTokens } = await import('../../remote/oauth.js');
      let tokens: OAuthTokens;
      try {
        tokens = await refreshTokens(latest.tokens, () => this.clock.now());
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        throw new OAuthError(
          `the OAuth sign-in to ${new URL(latest.tokens.auth_url).host} is no longer valid (${error.reason ?? error.message}): sign in again with pulse auth login --web`,
        );
      }
      await this.store.save(tokens, { insecureStorage: latest.source === 'file' });
      this.kept = { tokens, source: latest.source };
    });
  }
}
