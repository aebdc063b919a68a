/**
 * The v1 team-scoped interface: members, reports, statuses, status activities, tags, comments, reactions
 * and absences, through the team's TeamService. An encapsulated plugin with the JSON interfaces' own
 * error and not-found handlers (json-interface.ts), so every v1 error has a body. The routes are made
 * from the endpoint table (core/endpoints/v1.ts); every other method on a known path answers 405 with
 * Allow.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../core/clock.js';
import { v1Endpoints } from '../../core/endpoints/v1.js';
import { BadRequestError } from '../../core/errors.js';
import type { Instance } from '../../core/instance.js';
import type { BucketLimiter } from '../../core/rate-limit.js';
import { v1Representation } from '../../core/v1/serialize.js';
import { KnownTeamKeys } from '../known-team-keys.js';
import { ResponseCache } from '../response-cache.js';
import { registerEndpoints } from './endpoints.js';
import {
  type ErrorSender,
  type FailureReporter,
  installJsonErrors,
  publishBucket,
  takeToken,
} from './json-interface.js';

export interface V1Options {
  /** In-process use only (`pulse api` on a local store): every request is this team's, no key asked. */
  inProcessTeamId?: string;
  store: Instance;
  publicUrl: () => string;
  /** The server's body limit, in bytes, for the 413 message. */
  bodyLimit: number;
  /** The token bucket per team; none: no limit. */
  limiter?: BucketLimiter;
  /** Where a request that failed on the server is reported. */
  reportFailure: FailureReporter;
}

interface RouteOptions {
  publicUrl: () => string;
  /** The service's clock: the one the team's "today" is read from. */
  clock: Clock;
}

const MINUTE_MS = 60_000;

/**
 * The /api/v1 plugin. Every request passes, in order: Accept (406), the team's credentials (401), the
 * team's rate limit (429); then it carries its TeamService. Responses past authentication carry RateLimit
 * and RateLimit-Policy when a limit is set.
 */
export function v1Interface(options: V1Options): FastifyPluginAsync {
  const { store, limiter } = options;
  return async (v1) => {
    const sendErrors = installJsonErrors(v1, {
      bodyLimit: options.bodyLimit,
      cacheControl: 'no-store',
      reportFailure: options.reportFailure,
    });
    // The interface asks for Content-Type: application/json on every request, so a DELETE carries it with
    // no body: an empty body is no body here (the server-wide parser refuses it, as v2 wants). Only an
    // empty one: a body of spaces is a body, and not JSON (the bad-input suite found " " accepted).
    v1.removeContentTypeParser('application/json');
    v1.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: options.bodyLimit },
      (_request, body, done) => {
        const text = body as string;
        if (text === '') return done(null, undefined);
        try {
          done(null, JSON.parse(text));
        } catch (error) {
          done(
            new BadRequestError([`the request body is not valid JSON: ${(error as Error).message}`]),
            undefined,
          );
        }
      },
    );
    const keys = new KnownTeamKeys(store.teamAuthenticator);
    v1.addHook('onRequest', async (request) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      // Read once: the credentials and the cached responses are judged against the same data.
      const version = store.dataVersion();
      const teamId =
        options.inProcessTeamId ??
        (await keys.authenticate(header('x-team-id'), header('x-api-key'), version));
      // A memory limiter (SQLite) decides at once; only a shared one (PostgreSQL) is awaited.
      const taken = limiter && takeToken(request, limiter, teamId);
      if (taken) await taken;
      request.dataVersion = version;
      request.teamService = store.teamServiceFor(teamId);
    });
    if (limiter) publishBucket(v1, limiter, 'v1');
    registerV1(v1, { publicUrl: options.publicUrl, clock: store.options.clock }, sendErrors);
  };
}

/**
 * The v1 routes, made from the table. A GET is answered from the cache per team and URL while the data
 * version holds and until the next whole minute of the clock: reports follow "today" in the members'
 * zones, whose dates turn at midnight in offsets of whole minutes, so no entry outlives a change of date.
 * Nothing else read here follows the clock.
 */
export function registerV1(app: FastifyInstance, options: RouteOptions, sendErrors: ErrorSender): void {
  const cache = new ResponseCache();
  registerEndpoints(app, {
    endpoints: v1Endpoints,
    representation: v1Representation,
    service: (request) => request.teamService,
    publicUrl: options.publicUrl,
    cacheControl: 'no-store',
    etags: false,
    // The query as sent (v1 has no `name[]` lists): a repeated parameter stays a list, which the core refuses.
    query: (request) => request.query as Record<string, unknown>,
    cached: (request, _endpoint, produce) => {
      const now = options.clock.now().getTime();
      const expiresAt = (Math.floor(now / MINUTE_MS) + 1) * MINUTE_MS;
      const key = `${request.teamService.teamId}|${request.url}`;
      return cache.through(key, request.dataVersion, async () => ({ ...(await produce()), expiresAt }), now);
    },
    methodNotAllowed: sendErrors,
  });
}
