/**
 * What the interfaces share: one error handler (errors as `{"errors": [...], "code": "..."}`, the code
 * from core/errors.ts), and for the JSON interfaces (/api/v1 and /status/api/v1) a not-found handler, 406 when Accept excludes JSON, a route table that
 * answers 405 with Allow for the other methods of a known path, and a token bucket published in RateLimit
 * headers. Each interface is a plugin that installs these on itself, so the rest of the server keeps its
 * own error bodies.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { InvalidTokenError } from '../../core/auth.js';
import { type HttpMethod, templateOf } from '../../core/endpoints/define.js';
import {
  type ErrorBody,
  errorResponse,
  NothingScheduledError,
  RateLimitedError,
  ServiceError,
} from '../../core/errors.js';
import { type BucketDecision, type BucketLimiter, tokenBucketHeaders } from '../../core/rate-limit.js';
import { bearerChallenge } from '../http.js';

/** Sends an error response of an interface: the status and its body. */
export type ErrorSender = (reply: FastifyReply, status: number, body: ErrorBody) => FastifyReply;

export interface JsonInterfaceOptions {
  /** The server's body limit, in bytes, for the 413 message. */
  bodyLimit: number;
  /** Cache-Control of the interface's error responses. */
  cacheControl: string;
  /** Where a request that failed on the server (a 5xx) is reported for the operator. */
  reportFailure: FailureReporter;
}

/** Reports a request that failed on the server: its method and path (not its query), and the error. */
export type FailureReporter = (request: FastifyRequest, error: unknown) => void;

/** One line on stderr for each failure: `pulse serve` has no other log, and a 500 must not go unseen. */
export function failuresTo(write: (line: string) => void): FailureReporter {
  return (request, error) => {
    const what = error instanceof Error ? error.message : String(error);
    write(`pulse serve: ${request.method} ${request.url.split('?')[0]} failed: ${what}\n`);
  };
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

/** An error sender that marks every error with the interface's Cache-Control. */
export function errorSender(cacheControl: string): ErrorSender {
  return (reply, status, body) => reply.code(status).header('Cache-Control', cacheControl).send(body);
}

/**
 * A request Fastify refuses before routing it (a path that does not decode): a bad request, answered like
 * every interface's (no interface is known yet).
 */
export function sendBadRequest(reply: FastifyReply, message: string): FastifyReply {
  return errorSender('no-store')(reply, 400, { errors: [message], code: 'bad_request' });
}

/** v2's errors: only those about the input have a body; the others are their status alone. */
const INPUT_ERRORS = new Set([400, 413, 422]);

/**
 * The status and body of any error a route or hook threw: a typed error as core/errors.ts maps it, a body
 * past the limit (413) or another refusal of Fastify's (400) as a bad request, anything else a failure of
 * the server (500, reported).
 */
function responseOf(
  error: FastifyError | Error,
  request: FastifyRequest,
  options: JsonInterfaceOptions,
): { status: number; body: ErrorBody } {
  if (error instanceof ServiceError) {
    const response = errorResponse(error);
    if (response.status >= 500) options.reportFailure(request, error);
    return response;
  }
  const { code, statusCode } = error as FastifyError;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const errors = [`the request body is larger than ${options.bodyLimit} bytes`];
    return { status: 413, body: { errors, code: 'bad_request' } };
  }
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
    return { status: 400, body: { errors: [error.message], code: 'bad_request' } };
  }
  options.reportFailure(request, error);
  return errorResponse(new ServiceError(500, []));
}

/**
 * The error handler of an interface. The JSON interfaces always send the body; v2 (`bearer`) sends it
 * only for errors about the input and `today` with no check-in (`everyBody`: for every error but a 401, as its status administration
 * does), and answers a 401 with its Bearer challenge (RFC 6750) alone.
 */
export function errorHandler(options: JsonInterfaceOptions & { bearer?: boolean; everyBody?: boolean }) {
  const sendErrors = errorSender(options.cacheControl);
  return (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = responseOf(error, request, options);
    if (error instanceof RateLimitedError) reply.header('Retry-After', String(error.retryAfter));
    if (!options.bearer) return sendErrors(reply, status, body);
    if (status === 401) {
      const refused = error instanceof InvalidTokenError ? error : undefined;
      reply.header(
        'WWW-Authenticate',
        bearerChallenge(refused && { code: refused.oauthError, description: refused.description }),
      );
    }
    // `today` with no check-in says which day that is and why (an extension: the key names no date).
    const saysWhy = error instanceof NothingScheduledError && error.today;
    if ((options.everyBody && status !== 401) || INPUT_ERRORS.has(status) || saysWhy)
      return sendErrors(reply, status, body);
    return reply.code(status).header('Cache-Control', options.cacheControl).send();
  };
}

/**
 * Installs an interface's error handler, its not-found handler and the Accept check (406) on its
 * encapsulated plugin; returns the interface's error sender. Call it before adding the interface's own
 * onRequest hooks: the Accept check then runs first.
 */
export function installJsonErrors(app: FastifyInstance, options: JsonInterfaceOptions): ErrorSender {
  const sendErrors = errorSender(options.cacheControl);
  app.setErrorHandler(errorHandler(options));
  app.setNotFoundHandler((request, reply) =>
    sendErrors(reply, 404, {
      errors: [`no such resource: ${request.method} ${request.url.split('?')[0]}`],
      code: 'not_found',
    }),
  );
  app.addHook('onRequest', async (request, reply) => {
    if (!acceptsJson(request.headers.accept)) {
      return sendErrors(reply, 406, {
        errors: ['this interface answers only JSON: send Accept: application/json (or none)'],
        code: 'not_acceptable',
      });
    }
  });
  return sendErrors;
}

export type JsonRequest = FastifyRequest<{ Params: Record<string, string> }>;
export type JsonHandler = (request: JsonRequest, reply: FastifyReply) => Promise<FastifyReply>;
/** Paths (with :params) and the handler of each method they allow. */
export type RouteTable = Record<string, Partial<Record<HttpMethod, JsonHandler>>>;

/**
 * Registers each path's handlers once, and for every other method on the path a 405 with Allow (HEAD is
 * allowed wherever GET is: Fastify answers it by itself).
 */
export function registerRouteTable(app: FastifyInstance, routes: RouteTable, sendErrors: ErrorSender): void {
  for (const [url, handlers] of Object.entries(routes)) {
    const declared = Object.entries(handlers);
    const methods = declared.map(([method]) => method);
    const allowed = methods.includes('GET') ? [...methods, 'HEAD'] : methods;
    for (const [method, handler] of declared) app.route({ method, url, handler });
    const others = app.supportedMethods.filter((method) => !allowed.includes(method));
    const allow = allowed.join(', ');
    app.route({
      method: others as HTTPMethods[],
      url,
      handler: async (request, reply) =>
        sendErrors(reply.header('Allow', allow), 405, {
          errors: [`${request.method} is not allowed here; ${templateOf(url)} allows ${allow}`],
          code: 'method_not_allowed',
        }),
    });
  }
}

/**
 * Takes a token from the key's bucket for this request, noting the decision for the RateLimit headers;
 * past the limit, throws the 429 (with Retry-After, from the error handler). A memory limiter decides at
 * once, with no promise in between; a shared one (PostgreSQL) after its reading and writing.
 */
export function takeToken(
  request: FastifyRequest,
  limiter: BucketLimiter,
  key: string,
): void | Promise<void> {
  const decided = (decision: BucketDecision) => {
    request.rateBucket = decision;
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfter);
  };
  const taken = limiter.take(key);
  return taken instanceof Promise ? taken.then(decided) : decided(taken);
}

/** Publishes the bucket of every request that took from it in RateLimit and RateLimit-Policy. */
export function publishBucket(app: FastifyInstance, limiter: BucketLimiter, name: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.rateBucket) reply.headers(tokenBucketHeaders(name, limiter.policy, request.rateBucket));
    return payload;
  });
}
