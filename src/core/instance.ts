/**
 * The composition root of pulse: the core's rules over one opened repository, for the operator and for
 * any person. The CLI (local commands) and `pulse serve` make one; only they know which store opened it.
 */
import { Admin } from './admin.js';
import type { AnswerJobs } from './answer-jobs.js';
import type { GenerativeProvider } from './answers/generative.js';
import { Authenticator } from './auth.js';
import { type BackgroundWork, inlineWork } from './background.js';
import { type BackgroundLoops, type BackgroundOptions, backgroundLoops } from './background-loops.js';
import type { Clock } from './clock.js';
import { CoreService } from './core-service.js';
import type { ExportDocument } from './export-document.js';
import type { ImportCount } from './importer.js';
import { loadedOnFirstCall } from './loaded-on-first-call.js';
import type { NotificationScheduler, TickReport } from './notifications/scheduler.js';
import type { AuthorizationServer } from './oauth/authorization-server.js';
import type { OAuthAdmin } from './oauth/oauth-admin.js';
import type { Repository } from './repository.js';
import type { SeedSpec, SeedSummary } from './seed/generate.js';
import type { RateStateStore } from './shared-rate-limit.js';
import type { StatusAdmin, StatusService } from './status/status-service.js';
import { timestamp } from './time.js';
import type { Scope } from './tokens.js';
import { TeamAuthenticator } from './v1/team-keys.js';
import type { TeamService } from './v1/team-service.js';
import type { SenderOptions, WebhookSender } from './webhooks/sender.js';

/** Jobs claimed at once by one instance: the answers `pulse serve`'s background queue writes at a time. */
const DRAIN_WORKERS = 4;

/** What a repository several instances share (PostgreSQL) adds to it. */
export interface SharedRepository {
  /**
   * Reads the data version other instances may have moved (`pulse serve` awaits it before each request);
   * a SQLite file's dataVersion() reads the file itself and needs none.
   */
  refreshDataVersion(): Promise<void>;
  /** Every instance's rate limits' states, so that instances on one database grant each quota once. */
  readonly rateStates: RateStateStore;
}

/** A repository as a store opened it (store/open-repository.ts): what an instance is made over. */
export interface OpenedRepository {
  /** The SQLite file, or the PostgreSQL database's address (`pulse serve --database`). */
  readonly location: string;
  readonly repository: Repository;
  /** Set on PostgreSQL, whose database other instances write too. */
  readonly shared?: SharedRepository;
  /**
   * Fills the new store (no account yet) in bulk (`pulse admin seed`), closing the repository first;
   * undefined where the store cannot (PostgreSQL).
   */
  seed?(spec: SeedSpec, progress: (done: number, total: number) => void): Promise<SeedSummary>;
}

/** Where the status page is served: under the public URL, or at the root of its own URL. */
export type StatusMount = 'public-url' | 'own-url';

export interface InstanceOptions {
  clock: Clock;
  /** Read whenever a Service is made, so `pulse serve` can set it once it knows its address. */
  publicUrl: string;
  /**
   * The status page's URL where `pulse serve --status-port` serves it at the root of a listener of its
   * own (e.g. https://status.example.com); read on every call, like publicUrl.
   */
  ownStatusUrl?: string;
  /** Where answers are written after a response; inline unless `pulse serve` sets its queue. */
  background?: BackgroundWork;
  /** A generative provider for answers (ask.provider in the profile); extractive without one. */
  generative?: GenerativeProvider;
}

/** Everything pulse does over one repository: what local commands and `pulse serve` call. */
export interface Instance {
  /** The SQLite file, or the PostgreSQL database's address (`pulse serve --database`). */
  readonly location: string;
  readonly options: InstanceOptions;
  readonly admin: Admin;
  readonly authenticator: Authenticator;
  /** Checks the v1 interface's X-Team-ID and X-API-Key; resolves to the team id. */
  readonly teamAuthenticator: TeamAuthenticator;
  /** The Service as seen by one person, with what their credential allows. */
  serviceFor(personId: string, scope?: Scope): CoreService;
  /** The v1 TeamService of one team. */
  teamServiceFor(teamId: string): TeamService;
  /**
   * The public status page, as anyone reads it (no person, no credentials): at {public_url}/status, or
   * with `at: 'own-url'` at the root of its own listener (ownStatusUrl).
   */
  statusService(at?: StatusMount): StatusService;
  /**
   * The URL a status mount's request paths resolve against (its Link headers): the own listener's
   * ownStatusUrl, or the deployment's public URL (whose paths begin with /status).
   */
  statusRequestBase(at: StatusMount): string;
  /** The operator's writes to the status page (`pulse admin status ...` on the store's machine). */
  readonly statusAdmin: StatusAdmin;
  /** The same writes for a person's credential (/api/v2/status): administrators only, else a 403. */
  statusAdminFor(personId: string, scope?: Scope): StatusAdmin;
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
   * timer). Returns at once when this instance's previous run is still under way.
   */
  writePendingAnswers(): Promise<void>;
  /**
   * The webhooks' sender over this store (`pulse serve` runs it on a timer, runInBackground's `webhooks`);
   * tests drive one with their clock and poster.
   */
  webhookSender(options: SenderOptions): Promise<WebhookSender>;
  /**
   * Sends the reminders and team summaries that have come due, once across instances (`pulse serve`
   * runs it on a timer); `log` hears of those dropped as too late.
   */
  sendDueNotifications(log: (message: string) => void): Promise<TickReport>;
  /**
   * Fills this new store (no account yet) with generated people, teams and history (`pulse admin seed`);
   * `progress` is called once per day written. The instance is closed after: seeding is its last use.
   */
  seed(spec: SeedSpec, progress: (done: number, total: number) => void): Promise<SeedSummary>;
  /**
   * `pulse serve`'s background work over this instance: answers written on a queue after their response
   * (the instance's background work from then on) and the timed loops, started by their start(). Made
   * once; close() stops them first.
   */
  runInBackground(options: BackgroundOptions): BackgroundLoops;
  /**
   * Writes a JSON export (`pulse import`) into this store, ids kept, in one transaction: what the store
   * already holds is left as it is. Returns what was added and what was present, per list.
   */
  importExport(document: ExportDocument): Promise<ImportCount[]>;
  /** Changes whenever the stored data may have changed, whoever wrote it. */
  dataVersion(): string;
  /** On PostgreSQL, reads the data version other instances may have moved; undefined on SQLite. */
  refreshDataVersion?: () => Promise<void>;
  /**
   * On PostgreSQL, the rate limits' states every instance keeps there (`pulse serve` then uses the
   * shared limiters); undefined on SQLite, which one instance serves, with its limiters in memory.
   */
  readonly sharedRateLimits?: RateStateStore;
  /** Stops the background work, if any, then closes the repository. */
  close(): Promise<void>;
}

/** The instance over an opened repository. */
export function createInstance(opened: OpenedRepository, options: InstanceOptions): Instance {
  const { repository: repo, shared } = opened;
  const serviceFor = (personId: string, scope: Scope = 'write') =>
    new CoreService(repo, personId, {
      ...options,
      background: options.background ?? inlineWork,
      scope,
    });
  const answerJobs = loadedOnFirstCall<AnswerJobs>(
    async () =>
      new (await import('./answer-jobs.js')).AnswerJobs(
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
  const publishDueEchoAnswers = async () => {
    const due = await repo.dueEchoQuestions(timestamp(options.clock.now()));
    let published = 0;
    for (const personId of new Set(due.map((question) => question.person_id))) {
      published += await (await serviceFor(personId).context.echoAnswers()).catchUp(personId);
    }
    return published;
  };
  const resumePendingAnswers = async () => {
    const added = await repo.addMissingJobs(timestamp(options.clock.now()));
    await writePendingAnswers();
    return added;
  };
  const oauthAdmin = loadedOnFirstCall<OAuthAdmin>(
    async () => new (await import('./oauth/oauth-admin.js')).OAuthAdmin(repo, options.clock),
    {},
  );
  let loops: BackgroundLoops | undefined;
  let scheduler: Promise<NotificationScheduler> | undefined;
  // The scheduler is made once; each call says where its drops are told.
  let dropLog: (message: string) => void = () => {};
  const sendDueNotifications = async (log: (message: string) => void) => {
    dropLog = log;
    scheduler ??= import('./notifications/scheduler.js').then(
      ({ NotificationScheduler }) =>
        new NotificationScheduler(repo, {
          clock: options.clock,
          contextFor: (personId) => serviceFor(personId, 'read').context,
          log: (message) => dropLog(message),
        }),
    );
    return (await scheduler).tick();
  };
  const webhookSender = async (senderOptions: SenderOptions) =>
    new (await import('./webhooks/sender.js')).WebhookSender(repo, senderOptions);
  // Reads the URLs on every call, so `pulse serve` can set them once it knows its addresses.
  const ownUrl = (at: StatusMount) => (at === 'own-url' ? options.ownStatusUrl : undefined);
  const statusRequestBase = (at: StatusMount) => ownUrl(at) ?? options.publicUrl;
  const statusOptions = (at: StatusMount) => ({
    clock: options.clock,
    get statusUrl() {
      return ownUrl(at) ?? `${options.publicUrl.replace(/\/+$/, '')}/status`;
    },
  });
  const statusAdmin = loadedOnFirstCall<StatusAdmin>(
    async () =>
      new (await import('./status/status-admin.js')).CoreStatusAdmin(repo, statusOptions('public-url')),
    {},
  );
  return {
    location: opened.location,
    options,
    statusRequestBase,
    statusService: (at = 'public-url') =>
      loadedOnFirstCall<StatusService>(
        async () =>
          new (await import('./status/core-status-service.js')).CoreStatusService(repo, statusOptions(at)),
        {},
      ),
    statusAdmin,
    statusAdminFor: (personId, scope) =>
      loadedOnFirstCall<StatusAdmin>(
        async () =>
          (await import('./status/administrators-only.js')).administratorsOnly(
            statusAdmin,
            serviceFor(personId, scope).context,
          ),
        {},
      ),
    oauth: loadedOnFirstCall<AuthorizationServer>(
      async () =>
        new (await import('./oauth/authorization-server.js')).AuthorizationServer(repo, options.clock),
      {},
    ),
    oauthAdmin,
    admin: new Admin(repo, options.clock),
    authenticator: new Authenticator(repo, options.clock),
    teamAuthenticator: new TeamAuthenticator(repo),
    serviceFor,
    teamServiceFor: (teamId) =>
      loadedOnFirstCall<TeamService>(
        async () =>
          new (await import('./v1/core-team-service.js')).CoreTeamService(repo, teamId, {
            clock: options.clock,
            get publicUrl() {
              return options.publicUrl;
            },
            serviceFor,
          }),
        { teamId },
      ),
    publishDueEchoAnswers,
    resumePendingAnswers,
    writePendingAnswers,
    webhookSender,
    sendDueNotifications,
    runInBackground(backgroundOptions) {
      if (loops) throw new Error('this instance already runs its background work');
      const { webhooks } = backgroundOptions;
      let sender: Promise<WebhookSender> | undefined;
      loops = backgroundLoops(
        {
          publishDueEchoAnswers,
          writePendingAnswers,
          resumePendingAnswers,
          sendDueNotifications: () =>
            sendDueNotifications(
              backgroundOptions.log ?? ((message) => backgroundOptions.onError(new Error(message))),
            ),
          pruneOAuth: () => oauthAdmin.prune(),
          ...(shared && { pruneRateLimits: () => shared.rateStates.prune(options.clock.now().getTime()) }),
          ...(webhooks && {
            deliverWebhooks: async (stopping: () => boolean) => {
              sender ??= webhookSender({
                clock: options.clock,
                poster: webhooks.poster,
                ...(webhooks.mailer && { mailer: webhooks.mailer }),
                ...(webhooks.retryBaseMs !== undefined && { retryBaseMs: webhooks.retryBaseMs }),
              });
              return (await sender).drain(stopping);
            },
          }),
        },
        backgroundOptions,
      );
      options.background = loops.queue;
      return loops;
    },
    async importExport(document) {
      const { Importer } = await import('./importer.js');
      return new Importer(repo, options.clock).import(document);
    },
    async seed(spec, progress) {
      if (!opened.seed) throw new Error('pulse admin seed writes SQLite stores only');
      return opened.seed(spec, progress);
    },
    dataVersion: () => repo.dataVersion(),
    ...(shared && {
      refreshDataVersion: () => shared.refreshDataVersion(),
      sharedRateLimits: shared.rateStates,
    }),
    async close() {
      await loops?.stop();
      await repo.close();
    },
  };
}
