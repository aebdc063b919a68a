/**
 * What commands reach beyond this process, behind one small interface (Backends): the local instance
 * (opened on first use), the Service as the acting person (local or remote), the v1 TeamService, the
 * status page, and a deployment's clients (deployment.ts). CliBackends, the real one, is the CLI's
 * composition root: the only module of the CLI that opens a store. Heavy modules (SQLite, Kysely) load
 * here, only for commands that reach the service; a test hands a command fake Backends instead.
 */
import type { Admin } from '../core/admin.js';
import { ConflictError, NotFoundError } from '../core/errors.js';
import type { Instance } from '../core/instance.js';
import type { Service } from '../core/service.js';
import { withShortIds } from '../core/short-ids.js';
import type { StatusAdmin, StatusService } from '../core/status/status-service.js';
import type { TeamService } from '../core/v1/team-service.js';
import { isPostgresUrl, withoutPassword } from '../store/database-url.js';
import type { StoreHealth } from '../store/health.js';
import { generativeProvider } from './ask-provider.js';
import { checkHttpUrl } from './config-store.js';
import type { Context } from './context.js';
import { teamCredentials } from './credentials.js';
import { type Deployment, DeploymentClients } from './deployment.js';
import { hasDrafts } from './drafts.js';
import { CliError, UsageError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import { defaultStorePath } from './paths.js';
import { DEFAULT_PUBLIC_URL, isRemote, type Settings } from './settings.js';

export type { StoreHealth };

/** How the acting person's Service is reached; both apply from its first use, which opens it. */
export interface ServiceOptions {
  /** Send kept check-in drafts before the remote Service's first use (default true; not for `checkin --resume`). */
  sendDrafts?: boolean;
  /** For answers a person waits on mid-keystroke (shell completion): see Deployment.service. */
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

/** What a command may use beyond its Context: the stores, deployments and credentials it reaches. */
export interface Backends {
  /**
   * The local instance for operator commands (Admin, status and OAuth administration), which never go
   * to a deployment: a usage error when the profile names one. Creates no account (`pulse init` does).
   */
  operator(): Promise<Instance>;
  /**
   * The status page's administration: remote with a base_url (an administrator's credential, through
   * /api/v2/status), else the local store's.
   */
  statusAdmin(): Promise<StatusAdmin>;
  /** The local instance itself (`pulse serve`, `pulse api` on a local store), opened once. */
  localInstance(options?: LocalInstanceOptions): Promise<Instance>;
  /** The Service as the acting person: remote with a base_url, else local (created on first use). */
  service(options?: ServiceOptions): Promise<Service>;
  /** The v1 TeamService: remotely the v1 credentials' team; locally `team` (id or name) or the only one. */
  teamService(team?: string): Promise<TeamService>;
  /** The public status page, remote at a status URL (see statusUrl), else the local store's. */
  statusService(statusUrl?: string, deadline?: AbortSignal): Promise<StatusService>;
  /** Where the status page is read from; undefined for the local store's page. */
  statusUrl(flag?: string): string | undefined;
  /** The local store's health, read-only: neither created when missing nor migrated when behind. */
  storeHealth(): Promise<StoreHealth>;
  /** Clients of a deployment with given credentials, and the credentials kept for one. */
  readonly deployment: Deployment;
  /** Closes every store and connection opened. */
  close(): Promise<void>;
}

/** The real backends of one command, from its settings and the process context. */
export class CliBackends implements Backends {
  private instance?: Promise<Instance>;
  private serviceInstance?: Promise<Service>;
  readonly deployment: DeploymentClients;

  constructor(
    private readonly ctx: Context,
    private readonly settings: Settings,
  ) {
    this.deployment = new DeploymentClients(ctx, settings);
  }

  operator(): Promise<Instance> {
    if (isRemote(this.settings)) {
      throw new UsageError(
        'operator commands work on a local store: name it with --store PATH (or PULSE_STORE)',
      );
    }
    return this.localInstance();
  }

  async statusAdmin(): Promise<StatusAdmin> {
    if (!isRemote(this.settings)) return (await this.localInstance()).statusAdmin;
    const { baseUrl } = this.settings;
    return this.deployment.statusAdmin(baseUrl, await this.deployment.credentials(baseUrl));
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

  service({ sendDrafts = true, impatient = false }: ServiceOptions = {}): Promise<Service> {
    // What a person types: ids may be short (core/short-ids.ts).
    this.serviceInstance ??= (
      isRemote(this.settings)
        ? this.openRemote(this.settings.baseUrl, impatient).then((service) =>
            sendDrafts ? this.withDraftsSent(service) : service,
          )
        : this.openService()
    ).then(withShortIds);
    return this.serviceInstance;
  }

  /**
   * Remote: the team of the profile's v1 credentials (auth login --team-id, or PULSE_TEAM_ID with
   * PULSE_API_KEY); naming a team is then a usage error. Local: the team named by `team` (id or name),
   * else the acting person's only team.
   */
  async teamService(team?: string): Promise<TeamService> {
    if (isRemote(this.settings)) {
      if (team !== undefined) {
        throw new UsageError(
          '--team works on a local store; remotely the team comes from the v1 credentials (pulse auth login --team-id)',
        );
      }
      const credentials = await teamCredentials(this.ctx.env, this.settings);
      return this.deployment.teamService(this.settings.baseUrl, credentials.teamId, credentials.apiKey);
    }
    const service = await this.service();
    const instance = await this.localInstance();
    const teamId =
      team === undefined ? await this.onlyTeamOf(service) : (await instance.admin.findTeam(team)).id;
    return instance.teamServiceFor(teamId);
  }

  /**
   * Remote at the first of --status-url (statusUrl), PULSE_STATUS_URL, then, unless --store or
   * PULSE_STORE names a local store, the profile's status_url or base_url + /status; else the local
   * store's page (read as anyone reads it: no account or person is created).
   */
  async statusService(statusUrl?: string, deadline?: AbortSignal): Promise<StatusService> {
    const url = this.statusUrl(statusUrl);
    if (url === undefined) return (await this.localInstance()).statusService();
    return this.deployment.statusService(url, deadline);
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

  async storeHealth(): Promise<StoreHealth> {
    const path = this.settings.storePath;
    if (isPostgresUrl(path)) {
      const { checkPostgresHealth } = await import('../store/postgres/health.js');
      return checkPostgresHealth(path);
    }
    const { checkStoreHealth } = await import('../store/health.js');
    return checkStoreHealth(path);
  }

  async close(): Promise<void> {
    await this.deployment.close();
    const instance = this.instance;
    this.instance = undefined;
    if (instance) await (await instance).close();
  }

  /** The one place the CLI opens a store; it loads only for commands that reach one. */
  private async openInstance(location: string, publicUrl: string, serving: boolean): Promise<Instance> {
    const generative = generativeProvider(this.settings, this.ctx.env);
    const { openLocalInstance } = await import('./local-instance.js');
    const stderr = this.ctx.streams.stderr;
    const repositoryOptions = {
      versionReadsPerTurn: serving,
      ownsFolder: location === defaultStorePath(this.ctx.env),
      onTightened: (paths: string[]) => {
        stderr.write(`pulse: made ${paths.join(', ')} private to you (0600 files, 0700 folder)\n`);
      },
    };
    return openLocalInstance(location, repositoryOptions, {
      clock: this.ctx.clock,
      publicUrl,
      ...(generative ? { generative } : {}),
    });
  }

  private async openRemote(baseUrl: string, impatient: boolean): Promise<Service> {
    return this.deployment.service(baseUrl, await this.deployment.credentials(baseUrl), { impatient });
  }

  /** Kept drafts go first (a stat when there are none); still offline, they stay kept, quietly. */
  private async withDraftsSent(service: Service): Promise<Service> {
    const settings = this.settings;
    if (!isRemote(settings) || !hasDrafts(this.ctx.env, settings.profileName)) return service;
    const { sendPendingDrafts } = await import('./commands/checkin/drafts-send.js');
    await sendPendingDrafts(this.ctx, settings, service);
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
