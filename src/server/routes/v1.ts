/**
 * The v1 team-scoped interface: members, reports, statuses, status activities, tags, comments, reactions
 * and absences, through the team's TeamService. An encapsulated plugin with its own error and not-found
 * handlers, so every v1 error is `{"errors": [...]}`. Each path declares its handlers once in a table;
 * every other method on a known path answers 405 with Allow.
 */
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
} from 'fastify';
import { RateLimitedError, ServiceError } from '../../core/errors.js';
import { type TokenBucketLimiter, v1RateLimitHeaders } from '../../core/rate-limit.js';
import type { V1Page } from '../../core/v1/team-service.js';
import type { LocalStore } from '../../store/local.js';
import { linkHeader } from '../http.js';

export interface V1Options {
  store: LocalStore;
  publicUrl: () => string;
  /** The server's body limit, in bytes, for the 413 message. */
  bodyLimit: number;
  /** The token bucket per team; none: no limit. */
  limiter?: TokenBucketLimiter;
}

interface RouteOptions {
  publicUrl: () => string;
}

/** A v1 error response: the status and `{"errors": [...]}`. */
export function sendV1Error(reply: FastifyReply, status: number, errors: string[]): FastifyReply {
  return reply.code(status).header('Cache-Control', 'no-store').send({ errors });
}

/**
 * Whether an Accept header allows JSON (RFC 9110 12.5.1). The most specific of application/json,
 * application/* and the full wildcard that is listed decides, by its q; any +json type with q above 0
 * also allows it. No header, or an empty one, allows anything.
 */
export function acceptsJson(header: string | undefined): boolean {
  if (header === undefined || header.trim() === '') return true;
  const specificityOf: Record<string, number> = { 'application/json': 3, 'application/*': 2, '*/*': 1 };
  let best: { specificity: number; q: number } | undefined;
  let plusJson = false;
  for (const range of header.split(',')) {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const qParam = params.find((param) => /^q\s*=/.test(param));
    const parsed = qParam === undefined ? 1 : Number(qParam.replace(/^q\s*=\s*/, ''));
    const q = Number.isNaN(parsed) ? 1 : parsed;
    const specificity = specificityOf[type];
    if (specificity !== undefined && (!best || specificity > best.specificity)) best = { specificity, q };
    if (/^[^/\s]+\/[^/\s]+\+json$/.test(type) && q > 0) plusJson = true;
  }
  return plusJson || (best !== undefined && best.q > 0);
}

/** The error handler of /api/v1: a status from the list the interface documents, and an errors body. */
const errorHandler =
  (bodyLimit: number) =>
  (error: FastifyError | ServiceError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ServiceError) {
      if (error instanceof RateLimitedError) reply.header('Retry-After', String(error.retryAfter));
      // A conflict has no v1 status; it is a rule the input breaks.
      const status = error.status === 409 ? 422 : error.status;
      if (status >= 500) {
        request.log.error(error);
        return sendV1Error(reply, status, [status === 500 ? 'internal server error' : error.message]);
      }
      return sendV1Error(reply, status, error.errors.length > 0 ? error.errors : [error.message]);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendV1Error(reply, 413, [`the request body is larger than ${bodyLimit} bytes`]);
    }
    if (
      fastifyError.statusCode !== undefined &&
      fastifyError.statusCode >= 400 &&
      fastifyError.statusCode < 500
    ) {
      return sendV1Error(reply, 400, [fastifyError.message]);
    }
    request.log.error(error);
    return sendV1Error(reply, 500, ['internal server error']);
  };

/**
 * The /api/v1 plugin. Every request passes, in order: Accept (406), the team's credentials (401), the
 * team's rate limit (429); then it carries its TeamService. Responses past authentication carry RateLimit
 * and RateLimit-Policy when a limit is set.
 */
export function v1Interface(options: V1Options): FastifyPluginAsync {
  const { store, limiter } = options;
  return async (v1) => {
    v1.setErrorHandler(errorHandler(options.bodyLimit));
    // The interface asks for Content-Type: application/json on every request, so a DELETE carries it with
    // no body: an empty body is no body here (the server-wide parser refuses it, as v2 wants).
    v1.removeContentTypeParser('application/json');
    v1.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: options.bodyLimit },
      (_request, body, done) => {
        const text = body as string;
        if (text.trim() === '') return done(null, undefined);
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
    v1.setNotFoundHandler((request, reply) =>
      sendV1Error(reply, 404, [`no such resource: ${request.method} ${request.url.split('?')[0]}`]),
    );
    v1.addHook('onRequest', async (request, reply) => {
      if (!acceptsJson(request.headers.accept)) {
        return sendV1Error(reply, 406, [
          'this interface answers only JSON: send Accept: application/json (or none)',
        ]);
      }
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const teamId = await store.teamAuthenticator.authenticate(header('x-team-id'), header('x-api-key'));
      if (limiter) {
        const decision = limiter.take(teamId);
        request.v1Rate = decision;
        if (!decision.allowed) throw new RateLimitedError(decision.retryAfter);
      }
      request.teamService = store.teamServiceFor(teamId);
    });
    if (limiter) {
      v1.addHook('onSend', async (request, reply, payload) => {
        if (request.v1Rate) reply.headers(v1RateLimitHeaders(limiter.policy, request.v1Rate));
        return payload;
      });
    }
    registerV1(v1, { publicUrl: options.publicUrl });
  };
}

type Request = FastifyRequest<{ Params: Record<string, string> }>;
type Handler = (request: Request, reply: FastifyReply) => Promise<FastifyReply>;
type Method = 'GET' | 'POST' | 'DELETE';

/** Query values as the client sent them: strings, or arrays when repeated (the core refuses those). */
function pick<K extends string>(request: Request, ...keys: K[]): Partial<Record<K, string>> {
  const query = request.query as Record<string, unknown>;
  const picked: Partial<Record<K, string>> = {};
  for (const key of keys) if (query[key] !== undefined) picked[key] = query[key] as string;
  return picked;
}

export function registerV1(app: FastifyInstance, options: RouteOptions): void {
  const base = () => options.publicUrl().replace(/\/+$/, '');

  const send = (reply: FastifyReply, status: number, body: unknown) =>
    reply.code(status).header('Cache-Control', 'no-store').send(body);
  /** A single resource under its wrapper key. */
  const one = (reply: FastifyReply, key: string, value: unknown, status = 200) =>
    send(reply, status, { [key]: value });
  /** A collection under its wrapper key, with a Link header (rel="next" while there is more). */
  const page = <T>(request: Request, reply: FastifyReply, key: string, result: V1Page<T>) => {
    reply.header('Link', linkHeader(base(), request.url, result.page, result.hasNext));
    return send(reply, 200, { [key]: result.items });
  };
  const absence = (reply: FastifyReply, key: string, result: { absence: unknown; created: boolean }) =>
    one(reply, key, result.absence, result.created ? 201 : 202);
  const noContent = (reply: FastifyReply) => reply.code(204).header('Cache-Control', 'no-store').send();

  const routes: Record<string, Partial<Record<Method, Handler>>> = {
    '/members': {
      GET: async (request, reply) =>
        page(request, reply, 'members', await request.teamService.listMembers(pick(request, 'q', 'page'))),
    },
    '/members/:id': {
      GET: async (request, reply) =>
        one(reply, 'member', await request.teamService.getMember(request.params.id as string)),
    },
    '/reports': {
      GET: async (request, reply) =>
        page(request, reply, 'reports', await request.teamService.listReports(pick(request, 'page'))),
    },
    '/reports/:id': {
      GET: async (request, reply) =>
        one(reply, 'report', await request.teamService.getReport(request.params.id as string)),
    },
    '/statuses': {
      GET: async (request, reply) =>
        page(request, reply, 'statuses', await request.teamService.listStatuses(pick(request, 'page'))),
    },
    '/statuses/:id': {
      GET: async (request, reply) =>
        one(reply, 'status', await request.teamService.getStatus(request.params.id as string)),
    },
    '/status_activities': {
      POST: async (request, reply) =>
        one(reply, 'status_activity', await request.teamService.createStatusActivity(request.body), 201),
    },
    '/status_activities/:id': {
      GET: async (request, reply) =>
        one(
          reply,
          'status_activity',
          await request.teamService.getStatusActivity(request.params.id as string),
        ),
    },
    '/tags': {
      GET: async (request, reply) =>
        page(request, reply, 'tags', await request.teamService.listTags(pick(request, 'page'))),
    },
    '/tags/:tag': {
      GET: async (request, reply) =>
        page(
          request,
          reply,
          'statuses',
          await request.teamService.listTagStatuses(request.params.tag as string, pick(request, 'page')),
        ),
    },
    '/comments/:id': {
      GET: async (request, reply) =>
        one(reply, 'comment', await request.teamService.getComment(request.params.id as string)),
    },
    '/reactions/:id': {
      GET: async (request, reply) =>
        one(reply, 'reaction', await request.teamService.getReaction(request.params.id as string)),
    },
    '/member_absences/:id': {
      POST: async (request, reply) =>
        absence(
          reply,
          'member_absence',
          await request.teamService.addMemberAbsence(request.params.id as string, request.body),
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
        absence(reply, 'team_absence', await request.teamService.addTeamAbsence(request.body)),
    },
    '/team_absences/:date': {
      DELETE: async (request, reply) => {
        await request.teamService.removeTeamAbsence(request.params.date as string);
        return noContent(reply);
      },
    },
  };

  for (const [url, handlers] of Object.entries(routes)) {
    const declared = Object.keys(handlers) as Method[];
    // Fastify answers HEAD for every GET route by itself (the GET without its body).
    const allowed: string[] = declared.includes('GET') ? [...declared, 'HEAD'] : declared;
    for (const method of declared) app.route({ method, url, handler: handlers[method] as Handler });
    const others = app.supportedMethods.filter((method) => !allowed.includes(method));
    const allow = allowed.join(', ');
    app.route({
      method: others as HTTPMethods[],
      url,
      handler: async (request, reply) =>
        sendV1Error(reply.header('Allow', allow), 405, [
          `${request.method} is not allowed here; ${url.replace(/:(\w+)/g, '{$1}')} allows ${allow}`,
        ]),
    });
  }
}
