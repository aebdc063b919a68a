/**
 * Typed errors of the service core. Each carries the HTTP status the interface documents for it and,
 * for 400 and 422, the `errors` strings of the response body. The CLI maps them to exit codes and the
 * server to responses, so both paths report the same failure the same way.
 *
 * Over HTTP an error keeps its kind: the server names it in the body's `code` (errorResponse), and the
 * remote client rebuilds the same class from it (errorFromResponse). A body without a code (an older
 * server, or an error v2 answers without a body) falls back to the status.
 */

/** The stable machine names of the kinds of error, as the `code` of an error body. */
export const ERROR_CODES = [
  'bad_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'invalid',
  'rate_limited',
  'unsupported',
  'unavailable',
  'internal',
  // The JSON interfaces' 405 and 406, which no error of the core stands for.
  'method_not_allowed',
  'not_acceptable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
    message = errors.join('; '),
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The kind of error on the wire; an error of no named kind is the server's own failure. */
  readonly code: ErrorCode = 'internal';
}

/** 400: the request has a malformed or invalid parameter. */
export class BadRequestError extends ServiceError {
  constructor(errors: string[]) {
    super(400, errors);
  }

  override readonly code = 'bad_request';
}

/** 401: no valid credentials. */
export class UnauthenticatedError extends ServiceError {
  constructor(message = 'authentication required') {
    super(401, [], message);
  }

  override readonly code = 'unauthenticated';
}

/** 403: the caller or the credential's scope may not do this. */
export class ForbiddenError extends ServiceError {
  constructor(message = 'permission denied') {
    super(403, [], message);
  }

  override readonly code = 'forbidden';
}

/** 404: no such resource, or one the caller cannot see (the two are indistinguishable on purpose). */
export class NotFoundError extends ServiceError {
  constructor(message = 'not found') {
    super(404, [], message);
  }

  override readonly code = 'not_found';
}

/** Why a date has no check-in for a person: none of their teams reports that day, or they are absent. */
export type NothingScheduledReason = 'not-a-report-day' | 'absent';

/**
 * 404 for a date that has no check-in for the viewer; the CLI turns it into advice. Asked for `today`
 * (a pulse extension), its body carries the date and why, so the client learns which day that is from
 * the one answer (`pulse checkin due`); v2's other 404s have no body.
 */
export class NothingScheduledError extends NotFoundError {
  constructor(
    readonly date: string,
    readonly reason: NothingScheduledReason,
    /** Whether the date was asked for as `today`. */
    readonly today = false,
  ) {
    super(
      reason === 'absent'
        ? `no check-in on ${date}: you or your teams are marked absent that day`
        : `no check-in on ${date}: it is not a report day of any of your teams`,
    );
  }
}

/** 422: well-formed input that breaks a rule. */
export class ValidationError extends ServiceError {
  constructor(errors: string[]) {
    super(422, errors);
  }

  override readonly code = 'invalid';
}

/** 429: past a rate limit; retryAfter in whole seconds. */
export class RateLimitedError extends ServiceError {
  constructor(readonly retryAfter: number) {
    super(429, [], `rate limited; retry after ${retryAfter}s`);
  }

  override readonly code = 'rate_limited';
}

/** A local store that already holds an account cannot be initialised again. */
export class ConflictError extends ServiceError {
  constructor(message: string) {
    super(409, [message], message);
  }

  override readonly code = 'conflict';
}

/** The service could not be reached, or failed (5xx), after the client's retries. */
export class UnavailableError extends ServiceError {
  constructor(message: string, status = 503) {
    super(status, [], message);
  }

  override readonly code = 'unavailable';
}

/**
 * The server could not be reached at all (connection refused, a name that does not resolve, a timeout):
 * unlike an answer of 5xx, the request may never have arrived, so the CLI can keep what it was sending.
 */
export class UnreachableError extends UnavailableError {}

/** The deployment does not offer an operation (such as an extension of `pulse serve`). */
export class UnsupportedError extends ServiceError {
  constructor(message: string) {
    super(501, [], message);
  }

  override readonly code = 'unsupported';
}

// --- errors over HTTP: one mapper each way --------------------------------------------------------

/** The body of an error response: what went wrong, for people, and its kind, for programs. */
export interface ErrorBody {
  errors: string[];
  code: ErrorCode;
  /** A NothingScheduledError's date and reason. */
  date?: string;
  reason?: NothingScheduledReason;
}

/**
 * How the server answers a typed error: the status the interfaces document, and the body. A conflict has
 * no status of its own on the interfaces (it is a rule the input breaks: 422); a 500 says no more than
 * that, another failure of the server (5xx) gives its message.
 */
export function errorResponse(error: ServiceError): { status: number; body: ErrorBody } {
  const status = error.status === 409 ? 422 : error.status;
  const errors =
    status >= 500
      ? [status === 500 ? 'internal server error' : error.message]
      : error.errors.length > 0
        ? error.errors
        : [error.message];
  const body: ErrorBody = { errors, code: error.code };
  if (error instanceof NothingScheduledError) Object.assign(body, { date: error.date, reason: error.reason });
  return { status, body };
}

/** What the client knows of a request that the messages of some errors name. */
export interface ErrorContext {
  /** The request, as `METHOD path`. */
  request: string;
  /** What a 401 says: only the client knows which credentials it sent and how to renew them. */
  refused: string;
  /** A 429's Retry-After, in whole seconds. */
  retryAfter?: number;
}

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && CODES.has(value);

/** The kind a status means, for a body without a code (an older server, or v2's errors without a body). */
function codeOfStatus(status: number): ErrorCode | undefined {
  if (status === 400 || status === 413) return 'bad_request';
  if (status >= 500) return 'unavailable';
  const byStatus: Record<number, ErrorCode> = {
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not_found',
    422: 'invalid',
    429: 'rate_limited',
  };
  return byStatus[status];
}

/**
 * The typed error an error response stands for: the class its body's code names, else the one its status
 * means; the body's `errors` where the class carries them, else a message the client makes.
 */
export function errorFromResponse(status: number, body: unknown, context: ErrorContext): ServiceError {
  const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const errors = Array.isArray(fields.errors) ? fields.errors.map(String) : [];
  const [first] = errors;
  const code = isErrorCode(fields.code) ? fields.code : codeOfStatus(status);
  switch (code) {
    case 'bad_request':
      return new BadRequestError(
        errors.length > 0 ? errors : [status === 413 ? 'request too large' : 'bad request'],
      );
    case 'invalid':
      return new ValidationError(errors);
    case 'conflict':
      return new ConflictError(first ?? `conflict (HTTP ${status}) for ${context.request}`);
    case 'unauthenticated':
      return new UnauthenticatedError(context.refused);
    case 'forbidden':
      // Where the body says why (the JSON interfaces, v2's status administration), so does the message.
      return new ForbiddenError(`permission denied (403) for ${context.request}${first ? `: ${first}` : ''}`);
    case 'not_found':
      if (
        typeof fields.date === 'string' &&
        (fields.reason === 'absent' || fields.reason === 'not-a-report-day')
      )
        return new NothingScheduledError(fields.date, fields.reason, true);
      // The JSON interfaces (v1, status) say what was not found; v2's 404 has no body.
      return new NotFoundError(first ?? `not found (404): ${context.request}`);
    case 'rate_limited':
      return new RateLimitedError(context.retryAfter ?? 1);
    case 'unsupported':
      return new UnsupportedError(first ?? `not supported (HTTP ${status}) for ${context.request}`);
    case 'unavailable':
    case 'internal':
      return new UnavailableError(`the server failed (HTTP ${status}) for ${context.request}`, status);
    default:
      return new ServiceError(status, errors, `unexpected HTTP ${status} for ${context.request}`);
  }
}
