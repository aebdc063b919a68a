/**
 * The v1 team-scoped interface: members, reports, statuses, status activities, tags, comments, reactions
 * and absences, through the team's TeamService. An encapsulated plugin with the JSON interfaces' own
 * error and not-found handlers (json-interface.ts), so every v1 error is `{"errors": [...]}`. Each path
 * declares its handlers once in a table; every other method on a known path answers 405 with Allow.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Clock } from '../../core/clock.js';
import { ServiceError } from '../../core/errors.js';
import type { BucketLimiter } from '../../core/rate-limit.js';
import type { TeamService, V1Page } from '../../core/v1/team-service.js';
import type { LocalStore } from '../../store/local.js';
import { linkHeader } from '../http.js';
import { KnownTeamKeys } from '../known-team-keys.js';
import { type Rendered, ResponseCache } from '../response-cache.js';
import {
  type ErrorSender,
  type FailureReporter,
  installJsonErrors,
  type JsonHandler,
  type JsonRequest,
  publishBucket,
  type RouteTable,
  registerRouteTable,
  takeToken,
} from './json-interface.js';

export interface V1Options {
  /** In-process use only (`pulse api` on a local store): every request is this team's, no key asked. */
  inProcessTeamId?: string;
  store: LocalStore;
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
            new ServiceError(400, [`the request body is not valid JSON: ${(error as Error).message}`]),
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

/** Query values as the client sent them: strings, or arrays when repeated (the core refuses those). */
function pick<K extends string>(request: JsonRequest, ...keys: K[]): Partial<Record<K, string>> {
  const query = request.query as Record<string, unknown>;
  const picked: Partial<Record<K, string>> = {};
  for (const key of keys) if (query[key] !== undefined) picked[key] = query[key] as string;
  return picked;
}

export function registerV1(app: FastifyInstance, options: RouteOptions, sendErrors: ErrorSender): void {
  const base = () => options.publicUrl().replace(/\/+$/, '');
  const cache = new ResponseCache();

  const send = (reply: FastifyReply, status: number, body: unknown) =>
    reply.code(status).header('Cache-Control', 'no-store').send(body);
  /** A single resource under its wrapper key. */
  const one = (reply: FastifyReply, key: string, value: unknown, status = 200) =>
    send(reply, status, { [key]: value });
  const absence = (reply: FastifyReply, key: string, result: { absence: unknown; created: boolean }) =>
    one(reply, key, result.absence, result.created ? 201 : 202);
  const noContent = (reply: FastifyReply) => reply.code(204).header('Cache-Control', 'no-store').send();

  /** A single resource under its wrapper key, rendered for the cache. */
  const rendered = (key: string, value: unknown, headers: Record<string, string> = {}): Rendered => ({
    body: Buffer.from(JSON.stringify({ [key]: value })),
    headers,
  });
  /** A collection under its wrapper key, with a Link header (rel="next" while there is more). */
  const page = <T>(request: JsonRequest, key: string, result: V1Page<T>): Rendered =>
    rendered(key, result.items, { Link: linkHeader(base(), request.url, result.page, result.hasNext) });

  /**
   * A GET, answered from the cache per team and URL while the data version holds and until the next whole
   * minute of the clock: reports follow "today" in the members' zones, whose dates turn at midnight in
   * offsets of whole minutes, so no entry outlives a change of date. Nothing else read here follows the
   * clock. Only a 200 is kept (an error is thrown past the cache).
   */
  const get =
    (produce: (request: JsonRequest) => Promise<Rendered>): JsonHandler =>
    async (request, reply) => {
      const now = options.clock.now().getTime();
      const expiresAt = (Math.floor(now / MINUTE_MS) + 1) * MINUTE_MS;
      const key = `${request.teamService.teamId}|${request.url}`;
      const render = async () => ({ ...(await produce(request)), expiresAt });
      const { body, headers } = await cache.through(key, request.dataVersion, render, now);
      return reply
        .code(200)
        .header('Cache-Control', 'no-store')
        .headers(headers)
        .type('application/json; charset=utf-8')
        .send(body);
    };

  const routes: RouteTable = {
    '/members': {
      GET: get(async (request) =>
        page(request, 'members', await request.teamService.listMembers(pick(request, 'q', 'page'))),
      ),
    },
    '/members/:id': {
      GET: get(async (request) =>
        rendered('member', await request.teamService.getMember(request.params.id as string)),
      ),
    },
    '/reports': {
      GET: get(async (request) =>
        page(request, 'reports', await request.teamService.listReports(pick(request, 'page'))),
      ),
    },
    '/reports/:id': {
      GET: get(async (request) =>
        rendered('report', await request.teamService.getReport(request.params.id as string)),
      ),
    },
    '/statuses': {
      GET: get(async (request) =>
        page(request, 'statuses', await request.teamService.listStatuses(pick(request, 'page'))),
      ),
    },
    '/statuses/:id': {
      GET: get(async (request) =>
        rendered('status', await request.teamService.getStatus(request.params.id as string)),
      ),
    },
    '/status_activities': {
      POST: async (request, reply) =>
        one(
          reply,
          'status_activity',
          await request.teamService.createStatusActivity(
            request.body as Parameters<TeamService['createStatusActivity']>[0],
          ),
          201,
        ),
    },
    '/status_activities/:id': {
      GET: get(async (request) =>
        rendered('status_activity', await request.teamService.getStatusActivity(request.params.id as string)),
      ),
    },
    '/tags': {
      GET: get(async (request) =>
        page(request, 'tags', await request.teamService.listTags(pick(request, 'page'))),
      ),
    },
    '/tags/:tag': {
      GET: get(async (request) =>
        page(
          request,
          'statuses',
          await request.teamService.listTagStatuses(request.params.tag as string, pick(request, 'page')),
        ),
      ),
    },
    '/comments/:id': {
      GET: get(async (request) =>
        rendered('comment', await request.teamService.getComment(request.params.id as string)),
      ),
    },
    '/reactions/:id': {
      GET: get(async (request) =>
        rendered('reaction', await request.teamService.getReaction(request.params.id as string)),
      ),
    },
    '/member_absences/:id': {
      POST: async (request, reply) =>
        absence(
          reply,
          'member_absence',
          await request.teamService.addMemberAbsence(
            request.params.id as string,
            request.body as Parameters<TeamService['addMemberAbsence']>[1],
          ),
        ),
    },
    '/member_absences/:id/:date': {
      DELETE: async (request, reply) => {
        await request.teamService.removeMemberAbsence(
          request.params.id as string,
          request.params.date as string,
        );
        return noContent(reply);
      },
    },
    '/team_absences': {
      POST: async (request, reply) =>
        absence(
          reply,
          'team_absence',
          await request.teamService.addTeamAbsence(
            request.body as Parameters<TeamService['addTeamAbsence']>[0],
          ),
        ),
    },
    '/team_absences/:date': {
      DELETE: async (request, reply) => {
        await request.teamService.removeTeamAbsence(request.params.date as string);
        return noContent(reply);
      },
    },
  };

  registerRouteTable(app, routes, sendErrors);
}
