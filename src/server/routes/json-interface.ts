/**
 * What the JSON interfaces (/api/v1 and /status/api/v1) share: errors always as `{"errors": [...]}` from
 * an encapsulated error handler and not-found handler, 406 when Accept excludes JSON, a route table that
 * answers 405 with Allow for the other methods of a known path, and a token bucket published in RateLimit
 * headers. Each interface is a plugin that installs these on itself, so the rest of the server keeps its
 * own error bodies.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { RateLimitedError, ServiceError } from '../../core/errors.js';
import { type BucketDecision, type BucketLimiter, tokenBucketHeaders } from '../../core/rate-limit.js';

/** Sends an error response of an interface: the status and `{"errors": [...]}`. */
export type ErrorSender = (reply: FastifyReply, status: number, errors: string[]) => FastifyReply;

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
  return (reply, status, errors) => reply.code(status).header('Cache-Control', cacheControl).send({ errors });
}

/** The error handler: a status from the list the interfaces document, and an errors body. */
const errorHandler =
  (bodyLimit: number, sendErrors: ErrorSender, reportFailure: FailureReporter) =>
  (error: FastifyError | ServiceError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ServiceError) {
      if (error instanceof RateLimitedError) reply.header('Retry-After', String(error.retryAfter));
      // A conflict has no status of its own here; it is a rule the input breaks.
      const status = error.status === 409 ? 422 : error.status;
      if (status >= 500) {
        reportFailure(request, error);
        return sendErrors(reply, status, [status === 500 ? 'internal server error' : error.message]);
      }
      return sendErrors(reply, status, error.errors.length > 0 ? error.errors : [error.message]);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendErrors(reply, 413, [`the request body is larger than ${bodyLimit} bytes`]);
    }
    if (
      fastifyError.statusCode !== undefined &&
      fastifyError.statusCode >= 400 &&
      fastifyError.statusCode < 500
    ) {
      return sendErrors(reply, 400, [fastifyError.message]);
    }
    reportFailure(request, error);
    return sendErrors(reply, 500, ['internal server error']);
  };

/**
 * Installs an interface's error handler, its not-found handler and the Accept check (406) on its
 * encapsulated plugin; returns the interface's error sender. Call it before adding the interface's own
 * onRequest hooks: the Accept check then runs first.
 */
export function installJsonErrors(app: FastifyInstance, options: JsonInterfaceOptions): ErrorSender {
  const sendErrors = errorSender(options.cacheControl);
  app.setErrorHandler(errorHandler(options.bodyLimit, sendErrors, options.reportFailure));
  app.setNotFoundHandler((request, reply) =>
    sendErrors(reply, 404, [`no such resource: ${request.method} ${request.url.split('?')[0]}`]),
  );
  app.addHook('onRequest', async (request, reply) => {
    if (!acceptsJson(request.headers.accept)) {
      return sendErrors(reply, 406, [
        'this interface answers only JSON: send Accept: application/json (or none)',
      ]);
    }
  });
  return sendErrors;
}

export type JsonRequest = FastifyRequest<{ Params: Record<string, string> }>;
export type JsonHandler = (request: JsonRequest, reply: FastifyReply) => Promise<FastifyReply>;
export type JsonMethod = 'GET' | 'POST' | 'DELETE';
/** Paths (with :params) and the handler of each method they allow. */
export type RouteTable = Record<string, Partial<Record<JsonMethod, JsonHandler>>>;

/**
 * Registers each path's handlers once, and for every other method on the path a 405 with Allow (HEAD is
 * allowed wherever GET is: Fastify answers it by itself).
 */
export function registerRouteTable(app: FastifyInstance, routes: RouteTable, sendErrors: ErrorSender): void {
  for (const [url, handlers] of Object.entries(routes)) {
    const declared = Object.keys(handlers) as JsonMethod[];
    const allowed: string[] = declared.includes('GET') ? [...declared, 'HEAD'] : declared;
    for (const method of declared) app.route({ method, url, handler: handlers[method] as JsonHandler });
    const others = app.supportedMethods.filter((method) => !allowed.includes(method));
    const allow = allowed.join(', ');
    app.route({
      method: others as HTTPMethods[],
      url,
      handler: async (request, reply) =>
        sendErrors(reply.header('Allow', allow), 405, [
          `${request.method} is not allowed here; ${url.replace(/:(\w+)/g, '{$1}')} allows ${allow}`,
        ]),
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
