/** A local standalone store: the core's rules over a SQLite file, for the operator and for any person. */
import { Admin } from '../core/admin.js';
import type { AnswerJobs } from '../core/answer-jobs.js';
import type { GenerativeProvider } from '../core/answers/generative.js';
import { Authenticator } from '../core/auth.js';
import { type BackgroundWork, inlineWork } from '../core/background.js';
import type { Clock } from '../core/clock.js';
import { CoreService } from '../core/core-service.js';
import type { AuthorizationServer } from '../core/oauth/authorization-server.js';
import type { OAuthAdmin } from '../core/oauth/oauth-admin.js';
import type { Repository } from '../core/repository.js';
import type { SeedSpec, SeedSummary } from '../core/seed/generate.js';
import type { RateStateStore } from '../core/shared-rate-limit.js';
import type { StatusAdmin, StatusService } from '../core/status/status-service.js';
import { timestamp } from '../core/time.js';
import type { Scope } from '../core/tokens.js';
import { TeamAuthenticator } from '../core/v1/team-keys.js';
import type { TeamService } from '../core/v1/team-service.js';
import { isPostgresUrl } from './database-url.js';
import { loadedOnFirstCall } from './loaded-on-first-call.js';
import { openSqliteRepository, type QueryObserver } from './open.js';

/** Jobs claimed at once by one instance: the answers `pulse serve`'s background queue writes at a time. */
const DRAIN_WORKERS = 4;

export interface LocalStoreOptions {
  clock: Clock;
  /** Read whenever a Service is made, so `pulse serve` can set it once it knows its address. */
  publicUrl: string;
  /** Where answers are written after a response; inline unless `pulse serve` sets its queue. */
  background?: BackgroundWork;
  /** A generative provider for answers (ask.provider in the profile); extractive without one. */
  generative?: GenerativeProvider;
  /** Observes every statement the store runs through its query builder (the query-plan test). */
  onQuery?: QueryObserver;
  /** Other processes' writes seen once an event-loop turn, not at every call (`pulse serve`; open.ts). */
  versionReadsPerTurn?: boolean;
}

export interface LocalStore {
  /** The SQLite file, or the PostgreSQL database's address (`pulse serve --database`). */
  readonly path: string;
  readonly options: LocalStoreOptions;
  readonly admin: Admin;
  readonly authenticator: Authenticator;
  /** Checks the v1 interface's X-Team-ID and X-API-Key; resolves to the team id. */
  readonly teamAuthenticator: TeamAuthenticator;
  /** The Service as seen by one person of the store, with what their credential allows. */
  serviceFor(personId: string, scope?: Scope): CoreService;
  /** The v1 TeamService of one team. */
  teamServiceFor(teamId: string): TeamService;
  /** The public status page, as anyone reads it (no person, no credentials). */
  statusService(): StatusService;
  /** The operator's writes to the status page (`pulse admin status ...`). */
  readonly statusAdmin: StatusAdmin;
  /** The OAuth authorization server's rules (`pulse serve`'s /oauth routes). */
  readonly oauth: AuthorizationServer;
  /** The operator's OAuth commands (`pulse admin login-code`, `pulse admin oauth-client ...`). */
  readonly oauthAdmin: OAuthAdmin;
  /** Publishes every due Echo answer of everyone (the scheduler of `pulse serve`); returns how many. */
  publishDueEchoAnswers(): Promise<number>;
  /**
   * At start: gives a job to every unwritten answer that has none (a store from before jobs), then
   * writes the answers whose job nobody holds (writePendingAnswers); returns how many jobs it added.
   */
  resumePendingAnswers(): Promise<number>;
  /**
   * Claims and writes, on the background work, the answers no instance is writing: jobs never claimed,
   * or whose lease ran out because their instance stopped (`pulse serve` runs it on the scheduler's
   * timer). Returns at once when this store's previous run is still under way.
   */
  writePendingAnswers(): Promise<void>;
  /**
   * Fills this new store (no account yet) with generated people, teams and history (`pulse admin seed`);
   * `progress` is called once per day written. The store is closed after: seeding is its last use.
   */
  seed(spec: SeedSpec, progress: (done: number, total: number) => void): Promise<SeedSummary>;
  /** Changes whenever the stored data may have changed, whoever wrote it. */
  dataVersion(): string;
  /**
   * On PostgreSQL, reads the data version other instances may have moved (`pulse serve` awaits it
   * before each request); undefined on SQLite, whose dataVersion() reads the file itself.
   */
  refreshDataVersion?: () => Promise<void>;
  /**
   * On PostgreSQL, where every instance keeps its rate limits' states, so that several instances on one
   * database grant each quota once (`pulse serve` then uses the shared limiters); undefined on SQLite,
   * which one instance serves, with its limiters in memory.
   */
  readonly sharedRateLimits?: RateStateStore;
  close(): Promise<void>;
}

/** The store at `path`: a SQLite file, or a PostgreSQL database when `path` is a postgres:// address. */
export async function openLocalStore(path: string, options: LocalStoreOptions): Promise<LocalStore> {
  if (isPostgresUrl(path)) {
    const { openPostgresRepository } = await import('./postgres/open.js');
    const repo = await openPostgresRepository(path);
    return storeOver(repo, path, options, {
      refreshDataVersion: () => repo.refreshDataVersion(),
      sharedRateLimits: repo.rateStates,
    });
  }
  const repo = await openSqliteRepository(path, {
    onQuery: options.onQuery,
    versionReadsPerTurn: options.versionReadsPerTurn,
  });
  return storeOver(repo, path, options);
}

function storeOver(
  repo: Repository,
  path: string,
  options: LocalStoreOptions,
  /** What only a PostgreSQL store has: other instances' writes and the shared rate limits. */
  shared?: Pick<LocalStore, 'refreshDataVersion' | 'sharedRateLimits'>,
): LocalStore {
  const refreshDataVersion = shared?.refreshDataVersion;
  const serviceFor = (personId: string, scope: Scope = 'write') =>
    new CoreService(repo, personId, {
      ...options,
      background: options.background ?? inlineWork,
      scope,
    });
  const answerJobs = loadedOnFirstCall<AnswerJobs>(
    async () =>
      new (await import('../core/answer-jobs.js')).AnswerJobs(
        repo,
        options.clock,
        (personId) => serviceFor(personId).context,
      ),
    {},
  );
  // Claimers at once, as many as `pulse serve`'s queue runs; none is started while some still run.
  let draining = 0;
  const writePendingAnswers = async () => {
    const background = options.background ?? inlineWork;
    if (draining > 0 || background.closed) return;
    const stopping = () => background.closed === true;
    let failure: unknown;
    for (let worker = 0; worker < DRAIN_WORKERS; worker++) {
      draining++;
      await background
        .run(async () => {
          try {
            await answerJobs.drain(stopping);
          } finally {
            draining--;
          }
        })
        .catch((error: unknown) => {
          failure ??= error;
        });
    }
    if (failure !== undefined) throw failure;
  };
  // Reads the public URL on every call, so `pulse serve` can set it once it knows its address.
  const statusOptions = {
    clock: options.clock,
    get publicUrl() {
      return options.publicUrl;
    },
  };
  return {
    path,
    options,
    statusService: () =>
      loadedOnFirstCall<StatusService>(
        async () =>
          new (await import('../core/status/core-status-service.js')).CoreStatusService(repo, statusOptions),
        {},
      ),
    statusAdmin: loadedOnFirstCall<StatusAdmin>(
      async () => new (await import('../core/status/status-admin.js')).CoreStatusAdmin(repo, statusOptions),
      {},
    ),
    oauth: loadedOnFirstCall<AuthorizationServer>(
      async () =>
        new (await import('../core/oauth/authorization-server.js')).AuthorizationServer(repo, options.clock),
      {},
    ),
    oauthAdmin: loadedOnFirstCall<OAuthAdmin>(
      async () => new (await import('../core/oauth/oauth-admin.js')).OAuthAdmin(repo, options.clock),
      {},
    ),
    admin: new Admin(repo, options.clock),
    authenticator: new Authenticator(repo, options.clock),
    teamAuthenticator: new TeamAuthenticator(repo),
    serviceFor,
    teamServiceFor: (teamId) =>
      loadedOnFirstCall<TeamService>(
        async () =>
          new (await import('../core/v1/core-team-service.js')).CoreTeamService(repo, teamId, {
            clock: options.clock,
            get publicUrl() {
              return options.publicUrl;
            },
            serviceFor,
          }),
        { teamId },
      ),
    async publishDueEchoAnswers() {
      const due = await repo.dueEchoQuestions(timestamp(options.clock.now()));
      let published = 0;
      for (const personId of new Set(due.map((question) => question.person_id))) {
        published += await (await serviceFor(personId).context.echoAnswers()).catchUp(personId);
      }
      return published;
    },
    async resumePendingAnswers() {
      const added = await repo.addMissingJobs(timestamp(options.clock.now()));
      await writePendingAnswers();
      return added;
    },
    writePendingAnswers,
    async seed(spec, progress) {
      if (refreshDataVersion) throw new Error('pulse admin seed writes SQLite stores only');
      // A bulk load on a connection of its own (the writer's pragmas must not stay on this one), which
      // writes fastest with the file to itself (seed-writer.ts): this connection closes first.
      await repo.close();
      const { seedSqliteStore } = await import('./seed-writer.js');
      return seedSqliteStore(path, spec, progress);
    },
    dataVersion: () => repo.dataVersion(),
    ...(refreshDataVersion && { refreshDataVersion }),
    ...(shared?.sharedRateLimits && { sharedRateLimits: shared.sharedRateLimits }),
    close: () => repo.close(),
  };
}
