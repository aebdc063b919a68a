/**
 * The v2 interface: people, teams, check-ins, goals, goal updates, comments and reactions, activities,
 * Echoes, asks and the digest, made from its endpoint table (core/endpoints/v2.ts). Every answer is
 * no-store; single resources carry ETags; errors about the input have `{"errors": [...], "code": ...}`,
 * the others are their status alone.
 */
import type { FastifyInstance } from 'fastify';
import { v2, v2Representation } from '../../core/endpoints/v2.js';
import { ResponseCache } from '../response-cache.js';
import { registerEndpoints } from './endpoints.js';
import { errorHandler, type FailureReporter } from './json-interface.js';

interface RouteOptions {
  publicUrl: () => string;
  /** Where a request that failed on the server is reported. */
  reportFailure: FailureReporter;
}

const CACHE_CONTROL = 'no-store';

export function registerV2(app: FastifyInstance, options: RouteOptions): void {
  app.setErrorHandler(
    errorHandler({
      // The server's limit, for the 413 message (Fastify's own default when none was set).
      bodyLimit: app.initialConfig.bodyLimit ?? 1_048_576,
      cacheControl: CACHE_CONTROL,
      reportFailure: options.reportFailure,
      bearer: true,
    }),
  );
  const cache = new ResponseCache();
  registerEndpoints(app, {
    endpoints: v2,
    representation: v2Representation,
    service: (request) => request.service,
    publicUrl: options.publicUrl,
    cacheControl: CACHE_CONTROL,
    etags: true,
    // Answered from the cache while the data version (read as the request was authenticated) holds.
    cached: (request, _endpoint, produce) => {
      const { principal } = request;
      return cache.through(
        `${principal.personId}|${principal.scope}|${request.url}`,
        request.dataVersion,
        produce,
      );
    },
    body: (body) => body ?? {},
  });
}
