/**
 * The v2 interface: people, teams, check-ins, goals, goal updates, comments and reactions, activities,
 * Echoes, asks and the digest, made from its endpoint table (core/endpoints/v2.ts). Every answer is
 * no-store; single resources carry ETags; errors about the input have `{"errors": [...], "code": ...}`,
 * the others are their status alone.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { statusAdminEndpoints } from '../../core/endpoints/status-admin.js';
import { v2, v2Representation } from '../../core/endpoints/v2.js';
import { statusRepresentation } from '../../core/status/serialize.js';
import type { StatusAdmin } from '../../core/status/status-service.js';
import { ResponseCache } from '../response-cache.js';
import { registerEndpoints } from './endpoints.js';
import { errorHandler, type FailureReporter } from './json-interface.js';

interface RouteOptions {
  publicUrl: () => string;
  /** Where a request that failed on the server is reported. */
  reportFailure: FailureReporter;
  /** The status page's administration as the request's credential reaches it (administrators only). */
  statusAdmin(request: FastifyRequest): StatusAdmin;
}

const CACHE_CONTROL = 'no-store';

export async function registerV2(app: FastifyInstance, options: RouteOptions): Promise<void> {
  const errors = {
    // The server's limit, for the 413 message (Fastify's own default when none was set).
    bodyLimit: app.initialConfig.bodyLimit ?? 1_048_576,
    cacheControl: CACHE_CONTROL,
    reportFailure: options.reportFailure,
    bearer: true,
  };
  app.setErrorHandler(errorHandler(errors));
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
  // The status page's administration (an extension): the status interface's bodies, errors included (an
  // operator refused should read why), never cached.
  await app.register(
    async (status) => {
      status.setErrorHandler(errorHandler({ ...errors, everyBody: true }));
      registerEndpoints(status, {
        endpoints: statusAdminEndpoints,
        representation: statusRepresentation,
        service: options.statusAdmin,
        publicUrl: options.publicUrl,
        cacheControl: CACHE_CONTROL,
        etags: false,
        // Every endpoint of the table is `timely` or `write`: nothing is answered from a cache.
        cached: () => {
          throw new Error('the status administration has no cached endpoints');
        },
        body: (body) => body ?? {},
      });
    },
    { prefix: '/status' },
  );
}
