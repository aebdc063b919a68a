/**
 * Lazily opens what a command needs: the local store (created on first use) and the Service as the
 * acting person. Heavy modules (SQLite, Kysely) load here, only for commands that reach the service.
 */
import { join } from 'node:path';
import type { Admin } from '../core/admin.js';
import { ConflictError, NotFoundError } from '../core/errors.js';
import type { Service } from '../core/service.js';
import type { StatusAdmin, StatusService } from '../core/status/status-service.js';
import type { TeamService } from '../core/v1/team-service.js';
import type { TokenProvider } from '../remote/http-client.js';
import type { StoreHealth } from '../store/health.js';
import type { LocalStore } from '../store/local.js';
import { generativeProvider } from './ask-provider.js';
import type { Context } from './context.js';
import { accountFor, Secrets, TOKEN, teamCredentials } from './credentials.js';
import { hasDrafts } from './drafts.js';
import { CliError, UsageError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import type { RefreshingTokens } from './oauth/token-store.js';
import { cacheDir } from './paths.js';
import { DEFAULT_PUBLIC_URL, isRemote, type Settings } from './settings.js';

export class ServiceProvider {
  private store?: Promise<LocalStore>;
  private serviceInstance?: Promise<Service>;
  private readonly remotes: { close(): Promise<void> }[] = [];
  /** Send kept check-in drafts before the remote Service's first use (off for `checkin --resume`). */
  autoSendDrafts = true;
  /**
   * For answers a person is waiting on mid-keystroke (shell completion): short timeouts and no retries,
   * so TAB with the deployment out of reach gives up in about a second instead of ten. Set before the
   * first use of a service.
   */
  impatient = false;

  constructor(
    private readonly ctx: Context,
    readonly settings: Settings,
  ) {}

  /** The operator's view of the local store, without creating an account (for `pulse init`). */
  async admin(): Promise<Admin> {
    return (await this.operatorStore()).admin;
  }

  /** The local store for operator commands, which never go to a deployment. */
  operatorStore(): Promise<LocalStore> {
    if (isRemote(this.settings)) {
      throw new UsageError(
        'operator commands work on a local store: name it with --store PATH (or PULSE_STORE)',
      );
    }
    return this.openStore();
  }

  /**
   * The public status page: remote at the first of --status-url (statusUrl), PULSE_STATUS_URL, then,
   * unless --store or PULSE_STORE names a local store, the profile's status_url or base_url + /status;
   * else the local store's page (read as anyone reads it: no account or person is created).
   */
  async statusService(statusUrl?: string): Promise<StatusService> {
    const url = this.statusUrl(statusUrl);
    if (url === undefined) return (await this.localStore()).statusService();
    const [{ HttpClient }, { RemoteStatusService }] = await Promise.all([
      import('../remote/http-client.js'),
      import('../remote/remote-status-service.js'),
    ]);
    const stderr = (line: string) => this.ctx.streams.stderr.write(`${line}\n`);
    const http = new HttpClient({
      ...this.httpOptions(),
      baseUrl: `${url}/api/v1`,
      // A 401 means the URL names another interface (a deployment's /api/v1 rather than its status page).
      authHint: `a status page needs none: is ${url} a status URL (e.g. https://pulse.example.com/status)?`,
      notice: (message) => stderr(`pulse: ${message}`),
      // Waits on a 429 or between retries go through the context, as every wait of a command does.
      sleep: (ms) => this.ctx.sleep(ms),
    });
    const service = new RemoteStatusService(http);
    this.remotes.push(service);
    return service;
  }

  /** Where the status page is read from (see statusService); undefined for the local store's page. */
  statusUrl(flag?: string): string | undefined {
    const env = this.ctx.env;
    if (flag !== undefined) return checkStatusUrl(flag, '--status-url');
    if (env.PULSE_STATUS_URL) return checkStatusUrl(env.PULSE_STATUS_URL, 'PULSE_STATUS_URL');
    if (this.settings.storeExplicit) return undefined;
    const profile = this.settings.profile;
    if (profile.status_url) {
      return checkStatusUrl(profile.status_url, `status_url of profile ${this.settings.profileName}`);
    }
    if (this.settings.baseUrl !== undefined) {
      const source = env.PULSE_BASE_URL
        ? 'PULSE_BASE_URL'
        : `base_url of profile ${this.settings.profileName}`;
      return `${checkStatusUrl(this.settings.baseUrl, source)}/status`;
    }
    return undefined;
  }

  /** The operator's writes to the local store's status page (`pulse admin status ...`). */
  async statusAdmin(): Promise<StatusAdmin> {
    return (await this.operatorStore()).statusAdmin;
  }

  /** The Service as the acting person: remote with a base_url, else local (created on first use). */
  service(): Promise<Service> {
    this.serviceInstance ??= isRemote(this.settings)
      ? this.openRemote(this.settings.baseUrl).then((service) => this.withDraftsSent(service))
      : this.openService();
    return this.serviceInstance;
  }

  /**
   * The remote Service with a given token (auth login checks a token before keeping it), or with OAuth
   * tokens that refresh themselves.
   */
  async remoteService(baseUrl: string, token: string | TokenProvider): Promise<Service> {
    const [{ HttpClient }, { RemoteService }, { FileEtagCache }] = await Promise.all([
      import('../remote/http-client.js'),
      import('../remote/remote-service.js'),
      import('../remote/etag-cache.js'),
    ]);
    const stderr = (line: string) => this.ctx.streams.stderr.write(`${line}\n`);
    const oauth = typeof token !== 'string';
    const http = new HttpClient({
      ...this.httpOptions(),
      baseUrl: `${baseUrl}/api/v2`,
      ...(oauth
        ? { tokenProvider: token, authHint: 'sign in again with pulse auth login --web' }
        : { token }),
      notice: (message) => stderr(`pulse: ${message}`),
    });
    // The cache is kept per credential; OAuth's access token changes hourly, its sign-in does not.
    const cacheScope = oauth ? `oauth:${accountFor(this.settings.profileName, baseUrl)}` : token;
    const service = new RemoteService(
      http,
      new FileEtagCache(join(cacheDir(this.ctx.env), 'http'), cacheScope),
    );
    this.remotes.push(service);
    return service;
  }

  /** The local store's health, read-only: neither created when missing nor migrated when behind. */
  async storeHealth(): Promise<StoreHealth> {
    const path = this.settings.storePath;
    const { isPostgresUrl } = await import('../store/database-url.js');
    if (isPostgresUrl(path)) {
      const { checkPostgresHealth } = await import('../store/postgres/health.js');
      return checkPostgresHealth(path);
    }
    const { checkStoreHealth } = await import('../store/health.js');
    return checkStoreHealth(path);
  }

  /**
   * A bare client of {baseUrl}/api/v2 that tries once (`pulse doctor` reports a refused connection rather
   * than retrying it) and hands back every response, headers included.
   */
  async probeClient(baseUrl: string, token?: string): Promise<import('../remote/http-client.js').HttpClient> {
    const { HttpClient } = await import('../remote/http-client.js');
    const http = new HttpClient({
      ...this.httpOptions(),
      baseUrl: `${baseUrl}/api/v2`,
      ...(token ? { token } : {}),
      maxRetries: 0,
      sleep: (ms) => this.ctx.sleep(ms),
    });
    this.remotes.push(http);
    return http;
  }

  /**
   * The v1 TeamService. Remote: the team of the profile's v1 credentials (auth login --team-id, or
   * PULSE_TEAM_ID with PULSE_API_KEY); naming a team is then a usage error. Local: the team named by
   * `team` (id or name), else the acting person's only team.
   */
  async teamService(team?: string): Promise<TeamService> {
    if (isRemote(this.settings)) {
      if (team !== undefined) {
        throw new UsageError(
          '--team works on a local store; remotely the team comes from the v1 credentials (pulse auth login --team-id)',
        );
      }
      const credentials = await teamCredentials(this.ctx.env, this.settings);
      return this.remoteTeamService(this.settings.baseUrl, credentials.teamId, credentials.apiKey);
    }
    const service = await this.service();
    const store = await this.openStore();
    const teamId =
      team === undefined ? await this.onlyTeamOf(service) : (await store.admin.findTeam(team)).id;
    return store.teamServiceFor(teamId);
  }

  /** The remote TeamService with given credentials (auth login checks a key before keeping it). */
  async remoteTeamService(baseUrl: string, teamId: string, apiKey: string): Promise<TeamService> {
    const [{ HttpClient }, { RemoteTeamService }] = await Promise.all([
      import('../remote/http-client.js'),
      import('../remote/remote-team-service.js'),
    ]);
    const stderr = (line: string) => this.ctx.streams.stderr.write(`${line}\n`);
    const http = new HttpClient({
      ...this.httpOptions(),
      baseUrl: `${baseUrl}/api/v1`,
      headers: { 'x-team-id': teamId, 'x-api-key': apiKey },
      authHint: 'log in again with pulse auth login --team-id',
      notice: (message) => stderr(`pulse: ${message}`),
    });
    const service = new RemoteTeamService(http, teamId, { sleep: this.ctx.sleep });
    this.remotes.push(service);
    return service;
  }

  private async onlyTeamOf(service: Service): Promise<string> {
    const me = await service.me();
    if (me.teams.length === 1) return (me.teams[0] as { id: string }).id;
    const names = me.teams.map((team) => team.name).join(', ');
    throw new UsageError(
      me.teams.length === 0
        ? 'you are in no team: name one with --team'
        : `you are in several teams (${names}): name one with --team`,
    );
  }

  /** Kept drafts go first (a stat when there are none); still offline, they stay kept, quietly. */
  private async withDraftsSent(service: Service): Promise<Service> {
    const settings = this.settings;
    if (!this.autoSendDrafts || !isRemote(settings) || !hasDrafts(this.ctx.env, settings.profileName))
      return service;
    const { sendPendingDrafts } = await import('./commands/checkin/drafts-send.js');
    await sendPendingDrafts(this.ctx, settings, service);
    return service;
  }

  private async openRemote(baseUrl: string): Promise<Service> {
    return this.remoteService(baseUrl, await this.credentials(baseUrl));
  }

  /**
   * How to authenticate to a deployment: PULSE_TOKEN, else the kept personal access token, else the kept
   * OAuth tokens as a provider that refreshes them (a login of either kind forgets the other, so at most
   * one is kept; the token is looked up first as the cheaper of the two). None is exit 4.
   */
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

  /** The kept OAuth tokens as a provider that refreshes them, or undefined when none are kept. */
  async oauthTokens(baseUrl: string): Promise<RefreshingTokens | undefined> {
    const { OAuthTokenStore, RefreshingTokens } = await import('./oauth/token-store.js');
    const store = new OAuthTokenStore(this.ctx.env, this.settings.profileName, baseUrl);
    const kept = await store.load();
    return kept && new RefreshingTokens(store, kept, this.ctx.clock, (ms) => this.ctx.sleep(ms));
  }

  /**
   * A bare client of an interface's root (`pulse api`), with the profile's timeouts and debug output;
   * closed with the provider.
   */
  async rawClient(
    options: Omit<
      import('../remote/http-client.js').HttpClientOptions,
      'connectTimeoutMs' | 'requestTimeoutMs'
    >,
  ): Promise<import('../remote/http-client.js').HttpClient> {
    const { HttpClient } = await import('../remote/http-client.js');
    const http = new HttpClient({ ...this.httpOptions(), sleep: (ms) => this.ctx.sleep(ms), ...options });
    this.remotes.push(http);
    return http;
  }

  /** Timeouts and debug output of the HTTP client, from the environment and the profile. */
  private httpOptions() {
    const env = this.ctx.env;
    const seconds = (value: string | undefined, fallback: number) =>
      value ? Number(value) * 1000 : fallback;
    const stderr = (line: string) => this.ctx.streams.stderr.write(`${line}\n`);
    const impatient = this.impatient ? { connectTimeoutMs: 1000, requestTimeoutMs: 2000, maxRetries: 0 } : {};
    return {
      connectTimeoutMs: seconds(env.PULSE_CONNECT_TIMEOUT || this.settings.profile.connect_timeout, 10_000),
      requestTimeoutMs: seconds(env.PULSE_REQUEST_TIMEOUT || this.settings.profile.request_timeout, 30_000),
      ...impatient,
      ...(env.PULSE_DEBUG?.split(',').includes('api')
        ? { debug: (line: string) => stderr(`[api] ${line}`) }
        : {}),
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.remotes.splice(0).map((service) => service.close()));
    const store = this.store;
    this.store = undefined;
    if (store) await (await store).close();
  }

  /**
   * The local store itself (for `pulse serve`), opened once; publicUrl defaults as in local mode. Its
   * answers use the profile's generative provider (ask.provider); a half-configured one is a usage error.
   * `serving`: for `pulse serve`, which reads other processes' writes once an event-loop turn (open.ts).
   */
  localStore(
    publicUrl = this.settings.publicUrl ?? DEFAULT_PUBLIC_URL,
    { serving = false, database }: { serving?: boolean; database?: string | undefined } = {},
  ): Promise<LocalStore> {
    if (!this.store) {
      const generative = generativeProvider(this.settings, this.ctx.env);
      // `pulse serve --database postgres://...` serves a PostgreSQL database instead of the SQLite file.
      this.store = import('../store/local.js').then(({ openLocalStore }) =>
        openLocalStore(database ?? this.settings.storePath, {
          clock: this.ctx.clock,
          publicUrl,
          ...(generative ? { generative } : {}),
          ...(serving ? { versionReadsPerTurn: true } : {}),
        }),
      );
    }
    return this.store;
  }

  private openStore(): Promise<LocalStore> {
    return this.localStore();
  }

  private async openService(): Promise<Service> {
    const store = await this.openStore();
    // An initialised store always has a default person: one query tells both.
    let defaultId = await store.admin.defaultPersonId();
    if (defaultId === undefined) {
      if (!(await store.admin.isInitialised())) await this.firstUse(store);
      // Read again: first use made it, or another process initialised the store between the two reads
      // (then isInitialised is true and the first read had come too early).
      defaultId = await store.admin.defaultPersonId();
    }
    return store.serviceFor(await this.actorId(store.admin, defaultId));
  }

  /** The acting person of the local store (--as, else its default person), creating the store on first use. */
  async localPersonId(): Promise<string> {
    return (await (await this.service()).me()).id;
  }

  private async actorId(admin: Admin, defaultId: string | undefined): Promise<string> {
    const email = this.settings.actAs;
    if (email === undefined) {
      if (!defaultId)
        throw new CliError('this store has no default person; name one with --as EMAIL', ExitCode.auth);
      return defaultId;
    }
    try {
      return (await admin.findPerson(email)).id;
    } catch (error) {
      if (error instanceof NotFoundError) {
        const { withoutPassword } = await import('../store/database-url.js');
        throw new CliError(
          `--as: no person with email ${email} in ${withoutPassword(this.settings.storePath)}`,
          ExitCode.auth,
        );
      }
      throw error;
    }
  }

  /** First use: an account with the local person as administrator and one team. */
  private async firstUse(store: LocalStore): Promise<void> {
    const identity = await this.ctx.localIdentity();
    try {
      await store.admin.initialise({
        name: identity.name,
        email: identity.email,
        timeZone: identity.timeZone,
      });
    } catch (error) {
      if (error instanceof ConflictError) return; // another process created it a moment ago
      throw error;
    }
    const { withoutPassword } = await import('../store/database-url.js');
    this.ctx.streams.stderr.write(
      `Created a local store at ${withoutPassword(store.path)} with ${identity.name} <${identity.email}> as administrator ` +
        `and a team "Team" reporting monday to friday (time zone ${identity.timeZone}).\n`,
    );
  }
}

/** An absolute http(s) URL without trailing slashes, else a usage error naming where it came from. */
function checkStatusUrl(value: string, source: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UsageError(`${source} must be an absolute http(s) URL: ${value}`);
  }
  return value.replace(/\/+$/, '');
}
