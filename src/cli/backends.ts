/**
 * What commands reach beyond this process, behind one small interface (Backends): the local instance
 * (opened on first use), the Service as the acting person (local or remote), the v1 TeamService, the
 * status page, and clients of a deployment with given credentials. CliBackends, the real one, is the
 * CLI's composition root: the only module of the CLI that opens a store. Heavy modules (SQLite, Kysely)
 * load here, only for commands that reach the service; a test hands a command a fake instead.
 */
import { join } from 'node:path';
import type { Admin } from '../core/admin.js';
import { ConflictError, NotFoundError } from '../core/errors.js';
import type { Instance } from '../core/instance.js';
import type { Service } from '../core/service.js';
import type { StatusAdmin, StatusService } from '../core/status/status-service.js';
import type { TeamService } from '../core/v1/team-service.js';
import type { HttpClient, HttpClientOptions, TokenProvider } from '../remote/http-client.js';
import type { StoreHealth } from '../store/health.js';
import { generativeProvider } from './ask-provider.js';
import { checkHttpUrl } from './config-store.js';
import type { Context } from './context.js';
import { accountFor, Secrets, TOKEN, teamCredentials } from './credentials.js';
import { hasDrafts } from './drafts.js';
import { CliError, UsageError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import type { RefreshingTokens } from './oauth/token-store.js';
import { cacheDir } from './paths.js';
import { DEFAULT_PUBLIC_URL, isRemote, type Settings } from './settings.js';

export type { StoreHealth };

/** How the acting person's Service is reached; both apply from its first use, which opens it. */
export interface ServiceOptions {
  /** Send kept check-in drafts before the remote Service's first use (default true; not for `checkin --resume`). */
  sendDrafts?: boolean;
  /**
   * For answers a person is waiting on mid-keystroke (shell completion): short timeouts and no retries,
   * so TAB with the deployment out of reach gives up in about a second instead of ten.
   */
  impatient?: boolean;
}

/** How `pulse serve` and `pulse api` open the local instance. */
export interface LocalInstanceOptions {
  /** Base of absolute URLs; the profile's public_url, else the local default. */
  publicUrl?: string;
  /** `pulse serve`: other processes' writes are read once an event-loop turn (store/open.ts). */
  serving?: boolean;
  /** `pulse serve --database postgres://...`: that database instead of the profile's store. */
  database?: string | undefined;
}

/** What a command may use beyond its Context: every store, deployment and credential it reaches. */
export interface Backends {
  /** The local instance for operator commands, which never go to a deployment. */
  operator(): Promise<Instance>;
  /** The operator's view of the local store, without creating an account (for `pulse init`). */
  admin(): Promise<Admin>;
  /** The operator's writes to the local store's status page (`pulse admin status ...`). */
  statusAdmin(): Promise<StatusAdmin>;
  /** The local instance itself (`pulse serve`, `pulse api` on a local store), opened once. */
  localInstance(options?: LocalInstanceOptions): Promise<Instance>;
  /** The Service as the acting person: remote with a base_url, else local (created on first use). */
  service(options?: ServiceOptions): Promise<Service>;
  /** The acting person of the local store (--as, else its default person), creating the store on first use. */
  localPersonId(): Promise<string>;
  /** The v1 TeamService: remotely the v1 credentials' team; locally `team` (id or name) or the only one. */
  teamService(team?: string): Promise<TeamService>;
  /** The public status page, remote at a status URL (see statusUrl), else the local store's. */
  statusService(statusUrl?: string): Promise<StatusService>;
  /** Where the status page is read from; undefined for the local store's page. */
  statusUrl(flag?: string): string | undefined;
  /** The remote Service with a given token or self-refreshing OAuth tokens (auth login checks one). */
  remoteService(baseUrl: string, token: string | TokenProvider): Promise<Service>;
  /** The remote TeamService with given credentials (auth login checks a key before keeping it). */
  remoteTeamService(baseUrl: string, teamId: string, apiKey: string): Promise<TeamService>;
  /** A client of {baseUrl}/api/v2 that tries once and hands back every response (`pulse doctor`). */
  probeClient(baseUrl: string, token?: string): Promise<HttpClient>;
  /** A bare client of an interface's root (`pulse api`), with the profile's timeouts and debug output. */
  rawClient(options: Omit<HttpClientOptions, 'connectTimeoutMs' | 'requestTimeoutMs'>): Promise<HttpClient>;
  /** How to authenticate to a deployment: a token, or OAuth tokens that refresh themselves. */
  credentials(baseUrl: string): Promise<string | TokenProvider>;
  /** The kept OAuth tokens as a provider that refreshes them, or undefined when none are kept. */
  oauthTokens(baseUrl: string): Promise<RefreshingTokens | undefined>;
  /** The local store's health, read-only: neither created when missing nor migrated when behind. */
  storeHealth(): Promise<StoreHealth>;
  /** Closes every store and connection opened. */
  close(): Promise<void>;
}

/** The real backends of one command, from its settings and the process context. */
export class CliBackends implements Backends {
  private instance?: Promise<Instance>;
  private serviceInstance?: Promise<Service>;
  private readonly remotes: { close(): Promise<void> }[] = [];

  constructor(
    private readonly ctx: Context,
    readonly settings: Settings,
  ) {}

  /** The operator's view of the local store, without creating an account (for `pulse init`). */
  async admin(): Promise<Admin> {
    return (await this.operator()).admin;
  }

  operator(): Promise<Instance> {
    if (isRemote(this.settings)) {
      throw new UsageError(
        'operator commands work on a local store: name it with --store PATH (or PULSE_STORE)',
      );
    }
    return this.localInstance();
  }

  /**
   * The public status page: remote at the first of --status-url (statusUrl), PULSE_STATUS_URL, then,
   * unless --store or PULSE_STORE names a local store, the profile's status_url or base_url + /status;
   * else the local store's page (read as anyone reads it: no account or person is created).
   */
  async statusService(statusUrl?: string): Promise<StatusService> {
    const url = this.statusUrl(statusUrl);
    if (url === undefined) return (await this.localInstance()).statusService();
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

  async statusAdmin(): Promise<StatusAdmin> {
    return (await this.operator()).statusAdmin;
  }

  service({ sendDrafts = true, impatient = false }: ServiceOptions = {}): Promise<Service> {
    this.serviceInstance ??= isRemote(this.settings)
      ? this.openRemote(this.settings.baseUrl, impatient).then((service) =>
          sendDrafts ? this.withDraftsSent(service) : service,
        )
      : this.openService();
    return this.serviceInstance;
  }

  remoteService(baseUrl: string, token: string | TokenProvider): Promise<Service> {
    return this.remoteServiceOf(baseUrl, token, false);
  }

  private async remoteServiceOf(
    baseUrl: string,
    token: string | TokenProvider,
    impatient: boolean,
  ): Promise<Service> {
    const [{ HttpClient }, { RemoteService }, { FileEtagCache }] = await Promise.all([
      import('../remote/http-client.js'),
      import('../remote/remote-service.js'),
      import('../remote/etag-cache.js'),
    ]);
    const stderr = (line: string) => this.ctx.streams.stderr.write(`${line}\n`);
    const oauth = typeof token !== 'string';
    const http = new HttpClient({
      ...this.httpOptions(impatient),
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

  /** `pulse doctor` reports a refused connection rather than retrying it: the client tries once. */
  async probeClient(baseUrl: string, token?: string): Promise<HttpClient> {
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
    const store = await this.localInstance();
    const teamId =
      team === undefined ? await this.onlyTeamOf(service) : (await store.admin.findTeam(team)).id;
    return store.teamServiceFor(teamId);
  }

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
    if (!isRemote(settings) || !hasDrafts(this.ctx.env, settings.profileName)) return service;
    const { sendPendingDrafts } = await import('./commands/checkin/drafts-send.js');
    await sendPendingDrafts(this.ctx, settings, service);
    return service;
  }

  private async openRemote(baseUrl: string, impatient: boolean): Promise<Service> {
    return this.remoteServiceOf(baseUrl, await this.credentials(baseUrl), impatient);
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

  async oauthTokens(baseUrl: string): Promise<RefreshingTokens | undefined> {
    const { OAuthTokenStore, RefreshingTokens } = await import('./oauth/token-store.js');
    const store = new OAuthTokenStore(this.ctx.env, this.settings.profileName, baseUrl);
    const kept = await store.load();
    return kept && new RefreshingTokens(store, kept, this.ctx.clock, (ms) => this.ctx.sleep(ms));
  }

  /** Closed with the backends. */
  async rawClient(
    options: Omit<HttpClientOptions, 'connectTimeoutMs' | 'requestTimeoutMs'>,
  ): Promise<HttpClient> {
    const { HttpClient } = await import('../remote/http-client.js');
    const http = new HttpClient({ ...this.httpOptions(), sleep: (ms) => this.ctx.sleep(ms), ...options });
    this.remotes.push(http);
    return http;
  }

  /** Timeouts and debug output of the HTTP client, from the environment and the profile. */
  /** `impatient`: for answers a person waits on mid-keystroke (ServiceOptions). */
  private httpOptions(impatient = false) {
    const env = this.ctx.env;
    const seconds = (value: string | undefined, fallback: number) =>
      value ? Number(value) * 1000 : fallback;
    const stderr = (line: string) => this.ctx.streams.stderr.write(`${line}\n`);
    const quick = impatient ? { connectTimeoutMs: 1000, requestTimeoutMs: 2000, maxRetries: 0 } : {};
    return {
      connectTimeoutMs: seconds(env.PULSE_CONNECT_TIMEOUT || this.settings.profile.connect_timeout, 10_000),
      requestTimeoutMs: seconds(env.PULSE_REQUEST_TIMEOUT || this.settings.profile.request_timeout, 30_000),
      ...quick,
      ...(env.PULSE_DEBUG?.split(',').includes('api')
        ? { debug: (line: string) => stderr(`[api] ${line}`) }
        : {}),
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.remotes.splice(0).map((service) => service.close()));
    const instance = this.instance;
    this.instance = undefined;
    if (instance) await (await instance).close();
  }

  /**
   * Its answers use the profile's generative provider (ask.provider); a half-configured one is a usage
   * error. The options of the first call count: later calls get the instance it opened.
   */
  localInstance({
    publicUrl = this.settings.publicUrl ?? DEFAULT_PUBLIC_URL,
    serving = false,
    database,
  }: LocalInstanceOptions = {}): Promise<Instance> {
    this.instance ??= this.openInstance(database ?? this.settings.storePath, publicUrl, serving);
    return this.instance;
  }

  /** The one place the CLI opens a store; both modules load only for commands that reach it. */
  private async openInstance(location: string, publicUrl: string, serving: boolean): Promise<Instance> {
    const generative = generativeProvider(this.settings, this.ctx.env);
    const [{ openRepository }, { createInstance }] = await Promise.all([
      import('../store/open-repository.js'),
      import('../core/instance.js'),
    ]);
    const repository = await openRepository(location, serving ? { versionReadsPerTurn: true } : {});
    return createInstance(repository, {
      clock: this.ctx.clock,
      publicUrl,
      ...(generative ? { generative } : {}),
    });
  }

  private async openService(): Promise<Service> {
    const store = await this.localInstance();
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
  private async firstUse(store: Instance): Promise<void> {
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
      `Created a local store at ${withoutPassword(store.location)} with ${identity.name} <${identity.email}> as administrator ` +
        `and a team "Team" reporting monday to friday (time zone ${identity.timeZone}).\n`,
    );
  }
}

/** An absolute http(s) URL without trailing slashes, else a usage error naming where it came from. */
function checkStatusUrl(value: string, source: string): string {
  return checkHttpUrl(value, source).replace(/\/+$/, '');
}
