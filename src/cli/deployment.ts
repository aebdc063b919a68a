/**
 * A deployment as commands reach it (`pulse serve` somewhere, named by base_url or a status URL): the
 * remote clients, with the profile's timeouts and debug output, and the credentials kept for it. Every
 * client made is closed with the command (Backends.close).
 */
import { join } from 'node:path';
import type { Service } from '../core/service.js';
import type { StatusAdmin, StatusService } from '../core/status/status-service.js';
import type { TeamService } from '../core/v1/team-service.js';
import type { HttpClient, HttpClientOptions, TokenProvider } from '../remote/http-client.js';
import type { Context } from './context.js';
import { accountFor, Secrets, TOKEN } from './credentials.js';
import { CliError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import type { RefreshingTokens } from './oauth/token-store.js';
import { cacheDir } from './paths.js';
import type { Settings } from './settings.js';

/** Clients of a deployment with given credentials, and the credentials kept for one. */
export interface Deployment {
  /**
   * The v2 Service with a token (auth login checks one before keeping it) or with OAuth tokens that
   * refresh themselves. `impatient`: for answers a person waits on mid-keystroke (shell completion):
   * short timeouts and no retries, so TAB with the deployment out of reach gives up in about a second.
   */
  service(
    baseUrl: string,
    token: string | TokenProvider,
    options?: { impatient?: boolean },
  ): Promise<Service>;
  /** The v1 TeamService with a team's key (auth login checks one before keeping it). */
  teamService(baseUrl: string, teamId: string, apiKey: string): Promise<TeamService>;
  /** The public status page at a status URL (e.g. https://pulse.example.com/status). */
  /** `deadline` aborts the requests of a command that must end by then (status --timeout). */
  statusService(statusUrl: string, deadline?: AbortSignal): Promise<StatusService>;
  /** The status page's administration at {baseUrl}/api/v2/status, with an administrator's credential. */
  statusAdmin(baseUrl: string, token: string | TokenProvider): Promise<StatusAdmin>;
  /** A client of {baseUrl}/api/v2 that tries once and hands back every response (`pulse doctor`). */
  probeClient(baseUrl: string, token?: string): Promise<HttpClient>;
  /** A bare client of an interface's root (`pulse api`). */
  rawClient(options: Omit<HttpClientOptions, 'connectTimeoutMs' | 'requestTimeoutMs'>): Promise<HttpClient>;
  /**
   * How to authenticate to a deployment: PULSE_TOKEN, else the kept personal access token, else the kept
   * OAuth tokens as a provider that refreshes them. None is exit 4.
   */
  credentials(baseUrl: string): Promise<string | TokenProvider>;
  /** The kept OAuth tokens as a provider that refreshes them, or undefined when none are kept. */
  oauthTokens(baseUrl: string): Promise<RefreshingTokens | undefined>;
}

/** The real clients, over node:http (src/remote), loaded on first use. */
export class DeploymentClients implements Deployment {
  private readonly clients: { close(): Promise<void> }[] = [];

  constructor(
    private readonly ctx: Context,
    private readonly settings: Settings,
  ) {}

  async service(
    baseUrl: string,
    token: string | TokenProvider,
    { impatient = false }: { impatient?: boolean } = {},
  ): Promise<Service> {
    const [{ HttpClient }, { RemoteService }, { FileEtagCache }] = await Promise.all([
      import('../remote/http-client.js'),
      import('../remote/remote-service.js'),
      import('../remote/etag-cache.js'),
    ]);
    const oauth = typeof token !== 'string';
    const http = new HttpClient({
      ...this.httpOptions(impatient),
      baseUrl: `${baseUrl}/api/v2`,
      setting: { name: 'base_url', value: baseUrl },
      ...(oauth
        ? { tokenProvider: token, authHint: 'sign in again with pulse auth login --web' }
        : { token }),
      notice: (message) => this.notice(message),
    });
    // The cache is kept per credential; OAuth's access token changes hourly, its sign-in does not.
    const cacheScope = oauth ? `oauth:${accountFor(this.settings.profileName, baseUrl)}` : token;
    return this.kept(
      new RemoteService(http, new FileEtagCache(join(cacheDir(this.ctx.env), 'http'), cacheScope)),
    );
  }

  async teamService(baseUrl: string, teamId: string, apiKey: string): Promise<TeamService> {
    const [{ HttpClient }, { RemoteTeamService }] = await Promise.all([
      import('../remote/http-client.js'),
      import('../remote/remote-team-service.js'),
    ]);
    const http = new HttpClient({
      ...this.httpOptions(),
      baseUrl: `${baseUrl}/api/v1`,
      setting: { name: 'base_url', value: baseUrl },
      headers: { 'x-team-id': teamId, 'x-api-key': apiKey },
      authHint: 'log in again with pulse auth login --team-id',
      notice: (message) => this.notice(message),
    });
    return this.kept(new RemoteTeamService(http, teamId, { sleep: this.ctx.sleep }));
  }

  async statusService(statusUrl: string, deadline?: AbortSignal): Promise<StatusService> {
    const [{ HttpClient }, { RemoteStatusService }] = await Promise.all([
      import('../remote/http-client.js'),
      import('../remote/remote-status-service.js'),
    ]);
    const http = new HttpClient({
      ...this.httpOptions(),
      baseUrl: `${statusUrl}/api/v1`,
      setting: { name: 'status_url', value: statusUrl },
      // A 401 means the URL names another interface (a deployment's /api/v1 rather than its status page).
      authHint: `a status page needs none: is ${statusUrl} a status URL (e.g. https://pulse.example.com/status)?`,
      notice: (message) => this.notice(message),
      // Waits on a 429 or between retries go through the context, as every wait of a command does.
      sleep: (ms, signal) => this.ctx.sleep(ms, signal),
      ...(deadline ? { signal: deadline } : {}),
    });
    return this.kept(new RemoteStatusService(http));
  }

  async statusAdmin(baseUrl: string, token: string | TokenProvider): Promise<StatusAdmin> {
    const [{ HttpClient }, { RemoteStatusAdmin }] = await Promise.all([
      import('../remote/http-client.js'),
      import('../remote/remote-status-admin.js'),
    ]);
    const http = new HttpClient({
      ...this.httpOptions(),
      baseUrl: `${baseUrl}/api/v2/status`,
      setting: { name: 'base_url', value: baseUrl },
      ...(typeof token === 'string'
        ? { token }
        : { tokenProvider: token, authHint: 'sign in again with pulse auth login --web' }),
      notice: (message) => this.notice(message),
      sleep: (ms, signal) => this.ctx.sleep(ms, signal),
    });
    return this.kept(new RemoteStatusAdmin(http));
  }

  /** `pulse doctor` reports a refused connection rather than retrying it. */
  async probeClient(baseUrl: string, token?: string): Promise<HttpClient> {
    const { HttpClient } = await import('../remote/http-client.js');
    return this.kept(
      new HttpClient({
        ...this.httpOptions(),
        baseUrl: `${baseUrl}/api/v2`,
        setting: { name: 'base_url', value: baseUrl },
        ...(token ? { token } : {}),
        maxRetries: 0,
        sleep: (ms) => this.ctx.sleep(ms),
      }),
    );
  }

  async rawClient(
    options: Omit<HttpClientOptions, 'connectTimeoutMs' | 'requestTimeoutMs'>,
  ): Promise<HttpClient> {
    const { HttpClient } = await import('../remote/http-client.js');
    return this.kept(
      new HttpClient({ ...this.httpOptions(), sleep: (ms) => this.ctx.sleep(ms), ...options }),
    );
  }

  /** A login of either kind forgets the other, so at most one is kept; the token is looked up first, as the cheaper. */
  async credentials(baseUrl: string): Promise<string | TokenProvider> {
    const found = await new Secrets(this.ctx.env, TOKEN).find(accountFor(this.settings.profileName, baseUrl));
    if (found) return found.value;
    const oauth = await this.oauthTokens(baseUrl);
    if (oauth) return oauth;
    throw new CliError(
      `not logged in to ${new URL(baseUrl).host}: run pulse auth login or pulse auth login --web (or set PULSE_TOKEN)`,
      ExitCode.auth,
    );
  }

  async oauthTokens(baseUrl: string): Promise<RefreshingTokens | undefined> {
    const { OAuthTokenStore, RefreshingTokens } = await import('./oauth/token-store.js');
    const store = new OAuthTokenStore(this.ctx.env, this.settings.profileName, baseUrl);
    const kept = await store.load();
    return kept && new RefreshingTokens(store, kept, this.ctx.clock, (ms) => this.ctx.sleep(ms));
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.splice(0).map((client) => client.close()));
  }

  private kept<T extends { close(): Promise<void> }>(client: T): T {
    this.clients.push(client);
    return client;
  }

  /**
   * What the client does in normal operation (waiting out a 429 before retrying): pacing to a server's
   * limits is no failure, so it is said only with --verbose. A 429 that ends the command is its error.
   */
  private notice(message: string): void {
    if (this.settings.verbose) this.ctx.streams.stderr.write(`pulse: ${message}\n`);
  }

  /** Timeouts and debug output of the HTTP client, from the environment and the profile. */
  private httpOptions(impatient = false) {
    const env = this.ctx.env;
    const seconds = (value: string | undefined, fallback: number) =>
      value ? Number(value) * 1000 : fallback;
    const quick = impatient ? { connectTimeoutMs: 1000, requestTimeoutMs: 2000, maxRetries: 0 } : {};
    return {
      connectTimeoutMs: seconds(env.PULSE_CONNECT_TIMEOUT || this.settings.profile.connect_timeout, 10_000),
      requestTimeoutMs: seconds(env.PULSE_REQUEST_TIMEOUT || this.settings.profile.request_timeout, 30_000),
      ...quick,
      ...(env.PULSE_DEBUG?.split(',').includes('api')
        ? { debug: (line: string) => this.ctx.streams.stderr.write(`[api] ${line}\n`) }
        : {}),
    };
  }
}
