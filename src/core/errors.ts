/**
 * Typed errors of the service core. Each carries the HTTP status the interface documents for it and,
 * for 400 and 422, the `errors` strings of the response body. The CLI maps them to exit codes and the
 * server to responses, so both paths report the same failure the same way.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
    message = errors.join('; '),
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the request has a malformed or invalid parameter. */
export class BadRequestError extends ServiceError {
  constructor(errors: string[]) {
    super(400, errors);
  }
}

/** 401: no valid credentials. */
export class UnauthenticatedError extends ServiceError {
  constructor(message = 'authentication required') {
    super(401, [], message);
  }
}

/** 403: the caller or the credential's scope may not do this. */
export class ForbiddenError extends ServiceError {
  constructor(message = 'permission denied') {
    super(403, [], message);
  }
}

/** 404: no such resource, or one the caller cannot see (the two are indistinguishable on purpose). */
export class NotFoundError extends ServiceError {
  constructor(message = 'not found') {
    super(404, [], message);
  }
}

/** 422: well-formed input that breaks a rule. */
export class ValidationError extends ServiceError {
  constructor(errors: string[]) {
    super(422, errors);
  }
}

/** 429: past a rate limit; retryAfter in whole seconds. */
export class RateLimitedError extends ServiceError {
  constructor(readonly retryAfter: number) {
    super(429, [], `rate limited; retry after ${retryAfter}s`);
  }
}

/** A local store that already holds an account cannot be initialised again. */
export class ConflictError extends ServiceError {
  constructor(message: string) {
    super(409, [message], message);
  }
}

/** The service could not be reached, or failed (5xx), after the client's retries. */
export class UnavailableError extends ServiceError {
  constructor(message: string, status = 503) {
    super(status, [], message);
  }
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
}
