/**
 * Errors keep their kind over HTTP: each typed error a route throws reaches the remote client as the same
 * class, by the `code` of the error body (core/errors.ts, errorResponse on the server and errorFromResponse
 * on the client); a body without a code falls back to the status, as from an older server.
 */
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConflictError,
  errorFromResponse,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  type ServiceError,
  UnauthenticatedError,
  UnavailableError,
  UnsupportedError,
  ValidationError,
} from '../../src/core/errors.js';
import { HttpClient } from '../../src/remote/http-client.js';
import { errorHandler } from '../../src/server/routes/json-interface.js';

const ERRORS: [string, () => ServiceError][] = [
  ['bad_request', () => new BadRequestError(['page must be an integer of at least 1'])],
  ['unauthenticated', () => new UnauthenticatedError()],
  ['forbidden', () => new ForbiddenError()],
  ['not_found', () => new NotFoundError('no goal 1')],
  ['invalid', () => new ValidationError(['title is required'])],
  ['conflict', () => new ConflictError('the store already holds an account')],
  ['rate_limited', () => new RateLimitedError(7)],
  ['unsupported', () => new UnsupportedError('no pausing here')],
  ['unavailable', () => new UnavailableError('the store is busy')],
];

const app = Fastify();
app.setErrorHandler(errorHandler({ bodyLimit: 1024, cacheControl: 'no-store', reportFailure: () => {} }));
for (const [code, make] of ERRORS) {
  app.get(`/${code}`, async () => {
    throw make();
  });
}
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const http = new HttpClient({ baseUrl: base, maxRetries: 0, token: 't' });
afterAll(async () => {
  await http.close();
  await app.close();
});

describe('error codes', () => {
  for (const [code, make] of ERRORS) {
    it(`${code}: the server's error is the client's, by its code`, async () => {
      const thrown = make();
      const response = await fetch(`${base}/${code}`);
      expect(await response.json()).toMatchObject({ code });
      const received = await http.send('GET', `/${code}`).catch((error: unknown) => error);
      expect(received).toBeInstanceOf(thrown.constructor);
      expect((received as ServiceError).code).toBe(code);
      // The errors people read travel with it where the class carries them.
      if (thrown.errors.length > 0) expect((received as ServiceError).errors).toEqual(thrown.errors);
    });
  }

  it('a conflict keeps its kind though the interfaces answer it 422', async () => {
    const response = await fetch(`${base}/conflict`);
    expect(response.status).toBe(422);
  });

  it('a body without a code falls back to the status', () => {
    const context = { request: 'GET /x', refused: 'refused' };
    expect(errorFromResponse(422, { errors: ['bad'] }, context)).toBeInstanceOf(ValidationError);
    expect(errorFromResponse(404, undefined, context).message).toBe('not found (404): GET /x');
    expect(errorFromResponse(501, {}, context)).toBeInstanceOf(UnavailableError);
    expect(errorFromResponse(418, { code: 'teapot' }, context).message).toBe(
      'unexpected HTTP 418 for GET /x',
    );
  });
});
