/**
 * `pulse serve`'s HTTP face: Fastify routes onto the core. Routes are thin (parse, call the Service,
 * serialise); every rule stays in the core. Errors map to the statuses and bodies the interface documents.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { InvalidTokenError } from '../core/auth.js';
import type { BackgroundLoops } from '../core/background-loops.js';
import type { Clock } from '../core/clock.js';
import { BadRequestError, RateLimitedError, ServiceError } from '../core/errors.js';
import type { Instance } from '../core/instance.js';
import {
  type BucketDecision,
  type BucketLimiter,
  type PolicyState,
  RateLimiter,
  type RatePolicy,
  rateLimitHeaders,
  TokenBucketLimiter,
  type TokenBucketPolicy,
  type WindowLimiter,
} from '../core/rate-limit.js';
import type { Service } from '../core/service.js';
import { SharedRateLimiter, SharedTokenBucketLimiter } from '../core/shared-rate-limit.js';
import { type Principal, rateLimitKey } from '../core/tokens.js';
import type { TeamService } from '../core/v1/team-service.js';
import type { MailSender, WebhookRequest } from '../core/webhooks/sender.js';
import { answerClientError } from './client-errors.js';
import { capConnectionsPerClient } from './connections-per-client.js';
import { FastPath } from './fast-path.js';
import { trackHandlers } from './handlers-in-flight.js';
import { bearerChallenge } from './http.js';
import { failuresTo, sendBadRequest } from './routes/json-interface.js';
import { oauthInterface } from './routes/oauth.js';
import { registerOpenApiDocuments } from './routes/openapi.js';
import { statusInterface } from './routes/status.js';
import { statusFeeds } from './routes/status-feeds.js';
import { statusPage } from './routes/status-page.js';
import { v1Interface } from './routes/v1.js';
import { registerV2 } from './routes/v2.js';
import { holdRequestShapes } from './v8-shapes.js';

export const BODY_LIMIT = 1024 * 1024;

/** How long closing waits for handlers whose clients have left (as long as the answers queue waits). */
const HANDLERS_CLOSE_WAIT_MS = 10_000;

/** What a slow or abusive client may hold of the server: the defaults of `pulse serve`. */
export interface ServerLimits {
  /**
   * A request's headers must arrive within this (slowloris); a new connection's count from its start, so a
   * silent one is closed then too. Over HTTPS the TLS handshake has as long again.
   */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this. */
  requestTimeoutMs: number;
  /** A socket silent for this long is closed. */
  connectionTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the header and request timeouts: a late client is cut at most this much later. */
  timeoutCheckMs: number;
  /** Open connections beyond this are closed as they arrive. */
  maxConnections: number;
  /** A client's open connections beyond this are closed as they arrive (connections-per-client.ts). */
  maxConnectionsPerClient: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 30_000,
  connectionTimeoutMs: 60_000,
  keepAliveTimeoutMs: 10_000,
  timeoutCheckMs: 1_000,
  maxConnections: 512,
  maxConnectionsPerClient: 64,
};

export interface ServerOptions {
  /** What the server serves: the core over its store (core/instance.ts). */
  instance: Instance;
  clock: Clock;
  /** Base of absolute URLs in Link headers, e.g. https://pulse.example.com; read per request. */
  publicUrl: () => string;
  /** v2 policies per token (an OAuth token's per grant: core/tokens.ts); null disables rate limiting. */
  rateLimit: RatePolicy[] | null;
  /** The v1 token bucket per team key; undefined or null: no limit. */
  v1RateLimit?: TokenBucketPolicy | null;
  /** Requests a second per client address on /status/api/v1 (also the burst); undefined or null: no limit. */
  statusRateLimit?: number | null;
  https?: { cert: string | Buffer; key: string | Buffer };
  /** How often the Echo scheduler runs; null runs none (reads still publish due answers). */
  echoSchedulerMs?: number | null;
  /** How often spent OAuth rows are deleted (hourly by default); null: never by the server. */
  oauthCleanupMs?: number | null;
  /** How often due reminders and team summaries are sent (every minute by default); null: never. */
  notificationsMs?: number | null;
  /**
   * Post the webhooks' deliveries (`pulse serve` does): how often and the first retry's delay, each
   * defaulted, and the mail sender of email channels (--smtp); absent, this server posts none (`pulse api` on a local store, most tests).
   */
  webhooks?: { intervalMs?: number; retryBaseMs?: number; mailer?: MailSender };
  /** Where failures of background work (writing answers) are reported. */
  onBackgroundError?: (error: unknown) => void;
  /** Where requests that failed on the server (5xx) are reported, a line each; stderr by default. */
  onRequestFailure?: (line: string) => void;
  /** Timeouts and the connection limit; unset ones take DEFAULT_LIMITS. */
  limits?: Partial<ServerLimits>;
  /**
   * Also build the status page's own app (`--status-port`): the status interface at the root of a
   * listener of its own (/api/v1, links root-relative, under the instance's ownStatusUrl), as real status
   * pages answer at https://status.example.com/api/v1. The main app keeps /status/api/v1.
   */
  ownStatusApp?: boolean;
  /**
   * For in-process use through `inject()` only (`pulse api` on a local store): v2 requests act as this
   * principal and v1 requests as this team, without a token or key. An app built with it cannot listen,
   * so these credentials are never reachable over the network.
   */
  inProcess?: { principal: Principal; teamId?: string };
  /** Lifetime of OAuth access tokens (`--access-token-ttl`); 1 hour when unset. */
  accessTokenTtlSeconds?: number;
  /** Requests to /oauth/authorize and /oauth/token per client address; undefined or null: no limit. */
  oauthRateLimit?: TokenBucketPolicy | null;
  /**
   * Reverse proxies whose X-Forwarded-For names the client (`--trust-proxy`): addresses, CIDR ranges or
   * loopback/linklocal/uniquelocal. Unset, the client is the connection's peer and the header is ignored,
   * so a client cannot name itself another address to escape the per-address limits.
   */
  trustProxy?: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's background work, which the server starts and stops (for tests that wait on it). */
    answers: BackgroundLoops;
    /** The status page's own app, when built (ownStatusApp): listened on and closed with this one. */
    statusApp?: FastifyInstance;
  }
  interface FastifyRequest {
    /** The Service as the authenticated person (v2): made on first use, so a cached answer makes none. */
    readonly service: Service;
    principal: Principal;
    /** The store's data version as the v1 or v2 authentication hook read it: once per request. */
    dataVersion: string;
    rateStates?: PolicyState[];
    /** The team's TeamService (set by the v1 authentication hook). */
    teamService: TeamService;
    /** The token bucket's decision for this request (v1 per team, the status interface per address). */
    rateBucket?: BucketDecision;
  }
}

/** An error of the v2 interface (or of no interface): never stored by a cache, like every v2 answer. */
function errorBody(reply: FastifyReply, status: number, errors?: string[]): FastifyReply {
  reply.code(status).header('Cache-Control', 'no-store');
  return errors && errors.length > 0 ? reply.send({ errors }) : reply.send();
}

/**
 * The status interface's bucket for N requests a second: a burst of N (at least one whole request, so a
 * rate below 1 still lets a request through now and then), refilled at N a second.
 */
export function statusBucket(perSecond: number | null | undefined): TokenBucketPolicy | undefined {
  if (perSecond === undefined || perSecond === null) return undefined;
  if (!(perSecond > 0) || !Number.isFinite(perSecond)) {
    throw new Error(`the status rate limit must be a positive number of requests a second, not ${perSecond}`);
  }
  return { burst: Math.max(1, Math.floor(perSecond)), perSecond };
}

/**
 * A Fastify app with the server's limits against slow or abusive clients (timeouts, the connection caps),
 * its proxies and TLS: what every listener of `pulse serve` is built on.
 */
function guardedApp(options: ServerOptions): FastifyInstance {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  // Node's own server options: Fastify sets the request timeout, not these (and Node checks both only
  // every connectionsCheckingInterval, 30 s by default).
  const nodeOptions = {
    headersTimeout: limits.headersTimeoutMs,
    connectionsCheckingInterval: limits.timeoutCheckMs,
  };
  // The header timeout starts only once TLS is up, and a silent socket would hold its connection for
  // Node's default handshake timeout, 120 s.
  const tlsOptions = { handshakeTimeout: limits.headersTimeoutMs };
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    logger: false,
    // Slow or abusive clients must not hold connections forever.
    connectionTimeout: limits.connectionTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    return503OnClosing: true,
    // A path Fastify cannot route (bad percent-encoding, a segment past its 100 characters) is refused
    // like any other bad parameter: 400 with `errors`, not Fastify's own body.
    frameworkErrors: (error: Error, _request: FastifyRequest, reply: FastifyReply) =>
      sendBadRequest(reply, error.message),
    clientErrorHandler: answerClientError,
    // Behind a reverse proxy every connection comes from the proxy: the per-address limits (status,
    // OAuth) must count the client it names instead, or all clients would share one bucket.
    ...(options.trustProxy?.length ? { trustProxy: options.trustProxy } : {}),
    ...(options.https
      ? { https: { ...options.https, ...nodeOptions, ...tlsOptions } }
      : { http: nodeOptions }),
  } as Parameters<typeof Fastify>[0]) as unknown as FastifyInstance;
  app.server.maxConnections = limits.maxConnections;
  capConnectionsPerClient(app.server, limits.maxConnectionsPerClient, options.trustProxy);
  holdRequestShapes(app.server);
  return app;
}

/**
 * The app's fast path for public responses (fast-path.ts), in front of its request listener; none for an
 * in-process app, which is never listened on.
 */
function fastPathOf(app: FastifyInstance, options: ServerOptions): FastPath | undefined {
  if (options.inProcess) return undefined;
  const { instance, clock } = options;
  const fastPath = new FastPath(
    {
      dataVersion: () => instance.dataVersion(),
      ...(instance.refreshDataVersion ? { refreshDataVersion: instance.refreshDataVersion } : {}),
      now: () => clock.now().getTime(),
    },
    !options.trustProxy?.length,
  );
  fastPath.install(app);
  return fastPath;
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const app = guardedApp(options);
  if (options.inProcess) {
    app.listen = (() => {
      throw new Error('an app built for in-process use (inject) cannot listen');
    }) as unknown as FastifyInstance['listen'];
  }

  // JSON only: anything else, or JSON that does not parse, is a 400 with `errors`.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch (error) {
        done(
          new BadRequestError([`the request body is not valid JSON: ${(error as Error).message}`]),
          undefined,
        );
      }
    },
  );
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(
      new BadRequestError(['the request body must be JSON, sent as Content-Type: application/json']),
      undefined,
    );
  });

  // On PostgreSQL every instance keeps its limits' states in the database, so instances behind one
  // address grant each quota once; on SQLite (one instance) they stay in memory.
  const shared = options.instance.sharedRateLimits;
  const windowLimiter = (name: string, policies: RatePolicy[]): WindowLimiter =>
    shared
      ? new SharedRateLimiter(name, policies, shared, options.clock)
      : new RateLimiter(policies, options.clock);
  const bucketLimiter = (name: string, policy: TokenBucketPolicy): BucketLimiter =>
    shared
      ? new SharedTokenBucketLimiter(name, policy, shared, options.clock)
      : new TokenBucketLimiter(policy, options.clock);
  const limiter = options.rateLimit ? windowLimiter('v2', options.rateLimit) : undefined;

  // Closing waits for handlers still running for clients that have left (handlers-in-flight.ts).
  const handlers = trackHandlers(app);

  // On PostgreSQL other instances write too: each request first reads the database's data version, so
  // its credentials and cached responses are judged against what any instance last committed.
  const { refreshDataVersion } = options.instance;
  if (refreshDataVersion) app.addHook('onRequest', async () => refreshDataVersion());

  if (limiter) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.rateStates) reply.headers(rateLimitHeaders(request.rateStates));
      return payload;
    });
  }

  const reportFailure = failuresTo(options.onRequestFailure ?? ((line) => process.stderr.write(line)));
  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
    if (error instanceof InvalidTokenError) {
      reply.header(
        'WWW-Authenticate',
        bearerChallenge({ code: error.oauthError, description: error.description }),
      );
      return errorBody(reply, 401);
    }
    if (error instanceof ServiceError) {
      if (error.status === 401) reply.header('WWW-Authenticate', bearerChallenge());
      if (error.status === 429 && 'retryAfter' in error)
        reply.header('Retry-After', String(error.retryAfter));
      const withBody = error.status === 400 || error.status === 422 || error.status === 409;
      return errorBody(reply, error.status === 409 ? 422 : error.status, withBody ? error.errors : undefined);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return errorBody(reply, 413, [`the request body is larger than ${BODY_LIMIT} bytes`]);
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return errorBody(reply, 400, [error.message]);
    }
    reportFailure(request, error);
    return errorBody(reply, 500);
  });
  app.setNotFoundHandler((_request, reply) => errorBody(reply, 404));

  // Every field the hooks set is declared up front, so requests keep one shape (Fastify's advice: fields
  // added per request make V8 deoptimise the code that reads them).
  for (const field of ['principal', 'dataVersion', 'rateStates', 'teamService', 'rateBucket'] as const)
    app.decorateRequest(field, undefined);
  const services = new WeakMap<FastifyRequest, Service>();
  app.decorateRequest('service', {
    getter(this: FastifyRequest): Service {
      let service = services.get(this);
      if (!service) {
        service = options.instance.serviceFor(this.principal.personId, this.principal.scope);
        services.set(this, service);
      }
      return service;
    },
  });

  /** Authentication and the per-credential rate limit for every route of an authenticated interface. */
  const authenticate = async (request: FastifyRequest) => {
    // Read once: the token and the cached responses are judged against the same data.
    const version = options.instance.dataVersion();
    const principal =
      options.inProcess?.principal ??
      (await options.instance.authenticator.authenticate(
        request.headers.authorization,
        version,
        request.raw.socket,
      ));
    if (limiter) {
      // A memory limiter's decision is there at once: no await (and no promise) on SQLite's hot path.
      const taken = limiter.take(rateLimitKey(principal));
      const decision = taken instanceof Promise ? await taken : taken;
      request.rateStates = decision.states;
      if (!decision.allowed) {
        throw new RateLimitedError(decision.retryAfter);
      }
    }
    request.principal = principal;
    request.dataVersion = version;
  };

  // Answers are written after their response, and Echo answers published on schedule.
  const reportError =
    options.onBackgroundError ??
    ((error: unknown) => process.stderr.write(`pulse serve: background work failed: ${String(error)}\n`));
  // undici is loaded with the first delivery, not with the server.
  const webhooks = options.webhooks && {
    ...options.webhooks,
    poster: async (request: WebhookRequest) =>
      (await import('../providers/webhook-post.js')).webhookPoster()(request),
  };
  const loops = options.instance.runInBackground({
    onError: reportError,
    ...(webhooks && { webhooks }),
    ...(options.echoSchedulerMs !== undefined && { echoSchedulerMs: options.echoSchedulerMs }),
    ...(options.oauthCleanupMs !== undefined && { oauthCleanupMs: options.oauthCleanupMs }),
    ...(options.notificationsMs !== undefined && { notificationsMs: options.notificationsMs }),
    log: (message: string) => process.stderr.write(`pulse serve: ${message}\n`),
  });
  app.decorate('answers', loops);
  app.addHook('onReady', () => loops.start());
  app.addHook('onClose', async () => {
    // Before anything they may use stops (the loops, the queue their answers go to, then the store).
    await handlers.settled(HANDLERS_CLOSE_WAIT_MS);
    await loops.stop();
  });

  // The interfaces' OpenAPI documents: public, so outside their authenticated plugins.
  registerOpenApiDocuments(app);
  await app.register(
    async (v2) => {
      v2.addHook('onRequest', authenticate);
      await registerV2(v2, {
        publicUrl: options.publicUrl,
        reportFailure,
        statusAdmin: (request) =>
          options.instance.statusAdminFor(request.principal.personId, request.principal.scope),
      });
    },
    { prefix: '/api/v2' },
  );

  // What the v1, status and OAuth interfaces each need of the server: the store, its body limit, its log.
  const mounted = { store: options.instance, bodyLimit: BODY_LIMIT, reportFailure };

  // The v1 interface: team keys instead of tokens, a token bucket per team, errors always with a body.
  const v1Limiter = options.v1RateLimit ? bucketLimiter('v1', options.v1RateLimit) : undefined;
  await app.register(
    v1Interface({
      ...mounted,
      publicUrl: options.publicUrl,
      ...(v1Limiter ? { limiter: v1Limiter } : {}),
      ...(options.inProcess?.teamId ? { inProcessTeamId: options.inProcess.teamId } : {}),
    }),
    { prefix: '/api/v1' },
  );

  // The public status page: no credentials, a token bucket per client address (one, whichever listener
  // a client reads it on).
  const statusPolicy = statusBucket(options.statusRateLimit);
  const statusLimiter = statusPolicy ? bucketLimiter('status', statusPolicy) : undefined;
  const statusMounted = { ...mounted, ...(statusLimiter ? { limiter: statusLimiter } : {}) };
  const fastPath = fastPathOf(app, options);
  const statusReplayed = { ...statusMounted, ...(fastPath ? { fastPath } : {}) };
  await app.register(statusInterface(statusReplayed), { prefix: '/status/api/v1' });
  await app.register(statusFeeds(statusReplayed), { prefix: '/status' });
  await app.register(statusPage(statusReplayed), { prefix: '/status' });
  if (options.ownStatusApp) {
    const statusApp = await buildStatusApp(options, statusMounted);
    app.decorate('statusApp', statusApp);
    app.addHook('onClose', () => statusApp.close());
  }

  // The OAuth authorization server: metadata, the authorization pages and the token endpoint.
  const oauthLimiter = options.oauthRateLimit ? bucketLimiter('oauth', options.oauthRateLimit) : undefined;
  await app.register(
    oauthInterface({
      ...mounted,
      publicUrl: options.publicUrl,
      ...(options.accessTokenTtlSeconds !== undefined
        ? { accessTokenTtlSeconds: options.accessTokenTtlSeconds }
        : {}),
      ...(oauthLimiter ? { limiter: oauthLimiter } : {}),
    }),
  );
  return app;
}

/**
 * The status page's own app: the HTML page at / (incidents at /incidents/ID), the status interface at
 * /api/v1, its OpenAPI document beside it, and a JSON 404 elsewhere. Its links are root-relative under the instance's ownStatusUrl.
 */
async function buildStatusApp(
  options: ServerOptions,
  mounted: Parameters<typeof statusInterface>[0],
): Promise<FastifyInstance> {
  const app = guardedApp(options);
  const { refreshDataVersion } = options.instance;
  if (refreshDataVersion) app.addHook('onRequest', async () => refreshDataVersion());
  registerOpenApiDocuments(app, { only: '/status/api/v1', at: '/api/v1' });
  const fastPath = fastPathOf(app, options);
  const replayed = { ...mounted, at: 'own-url' as const, ...(fastPath ? { fastPath } : {}) };
  await app.register(statusInterface(replayed), { prefix: '/api/v1' });
  await app.register(statusFeeds(replayed));
  await app.register(statusPage(replayed));
  app.setNotFoundHandler((_request, reply) => errorBody(reply, 404, ['no such page']));
  return app;
}
