/**
 * The public status interface (/status/api/v1): the page, its components and its notices, read through the
 * store's StatusService. No credentials: it is public and read-only, so every response may be embedded
 * anywhere (CORS for any origin) and is revalidated on every read (no-cache). Errors are the JSON
 * interfaces' (a body with each); a token bucket per client address limits the rate when one is set. The
 * routes are made from the endpoint table (core/endpoints/status.ts).
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { statusEndpoints } from '../../core/endpoints/status.js';
import type { Instance, StatusMount } from '../../core/instance.js';
import type { BucketLimiter } from '../../core/rate-limit.js';
import { turnsDistantAt } from '../../core/status/rules.js';
import { statusRepresentation } from '../../core/status/serialize.js';
import type { StatusService } from '../../core/status/status-service.js';
import type { StatusPage } from '../../core/status/types.js';
import type { FastPath } from '../fast-path.js';
import { ResponseCache } from '../response-cache.js';
import { registerEndpoints } from './endpoints.js';
import {
  acceptsJson,
  type FailureReporter,
  installJsonErrors,
  publishBucket,
  takeToken,
} from './json-interface.js';

export interface StatusInterfaceOptions {
  store: Instance;
  /**
   * Where the page is served: under the public URL (/status/api/v1, the default), or at the root of the
   * status listener of its own (/api/v1, its links root-relative).
   */
  at?: StatusMount;
  /** The server's body limit, in bytes: bodies are read (and dropped) up to it. */
  bodyLimit: number;
  /** The token bucket per client address; none: no limit. */
  limiter?: BucketLimiter;
  /** Where a request that failed on the server is reported. */
  reportFailure: FailureReporter;
  /** The server's fast path, which answers the interface's GETs again while they hold. */
  fastPath?: FastPath;
}

const CACHE_CONTROL = 'no-cache';

/**
 * The next instant after which the clock alone changes what the notices read: the first recently ended
 * notice turning past_distant, 7 days after it ended (its timeline_state, and the lists and counts of the
 * timeline filters). Nothing else a notice shows follows the clock. Read again only when the data version
 * changes or the turn has come.
 */
class TimelineTurns {
  private known?: { version: string; at: number };

  async after(service: StatusService, version: string, now: number): Promise<number> {
    if (this.known?.version === version && now < this.known.at) return this.known.at;
    let at = Number.POSITIVE_INFINITY;
    for (let page = 1, more = true; more; page++) {
      const recent = await service.listNotices({ timeline_state_eq: 'past_recent', page: String(page) });
      for (const notice of recent.items) {
        // An ended notice without its end time is recent for ever.
        if (notice.ended_at !== null) at = Math.min(at, turnsDistantAt(notice.ended_at));
      }
      more = recent.hasNext;
    }
    this.known = { version, at };
    return at;
  }
}

/**
 * What every public status route shares: the token bucket per client address (when set), every response
 * (errors and 429s included) readable from any page's scripts, and no body parsed: whatever a request
 * carries (any type, or none) is read up to the limit and dropped, so a POST is a 405 whatever it sends,
 * not a 400 about its body.
 */
export function publicAndBodiless(
  plugin: FastifyInstance,
  options: { limiter: BucketLimiter | undefined; bodyLimit: number; exposed: readonly string[] },
): void {
  const { limiter } = options;
  if (limiter) {
    plugin.addHook('onRequest', async (request) => takeToken(request, limiter, request.ip));
    publishBucket(plugin, limiter, 'status');
  }
  const exposed = options.exposed.join(', ');
  plugin.addHook('onSend', async (_request, reply, payload) => {
    reply.headers({ 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': exposed });
    return payload;
  });
  plugin.removeAllContentTypeParsers();
  plugin.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: options.bodyLimit },
    (_request, _body, done) => done(null, undefined),
  );
}

/** The /status/api/v1 plugin: Accept (406), the client address's rate limit (429), then the routes. */
export function statusInterface(options: StatusInterfaceOptions): FastifyPluginAsync {
  const { store, limiter, at = 'public-url' } = options;
  return async (status) => {
    const sendErrors = installJsonErrors(status, {
      bodyLimit: options.bodyLimit,
      cacheControl: CACHE_CONTROL,
      reportFailure: options.reportFailure,
    });
    publicAndBodiless(status, {
      limiter,
      bodyLimit: options.bodyLimit,
      exposed: ['RateLimit', 'RateLimit-Policy', 'Retry-After'],
    });

    const replays = options.fastPath?.mount(status, {
      accepts: acceptsJson,
      ...(limiter ? { limiter, limitName: 'status' } : {}),
    });
    // Public: one rendering per URL for everyone, kept while the data version holds and until the clock
    // would change it.
    const cache = new ResponseCache();
    const turns = new TimelineTurns();
    const never = Number.POSITIVE_INFINITY;
    registerEndpoints(status, {
      endpoints: statusEndpoints,
      representation: statusRepresentation,
      service: () => store.statusService(at),
      publicUrl: () => store.statusRequestBase(at),
      cacheControl: CACHE_CONTROL,
      etags: false,
      // The query as sent: filter[...] names keep their brackets, repeated values stay lists.
      query: (request) => request.query as Record<string, unknown>,
      cached: async (request, endpoint, produce) => {
        const now = store.options.clock.now().getTime();
        const version = store.dataVersion();
        const render = async () => {
          // The notices' turn is read before the notices: one ending in between shortens the expiry, never
          // lengthens it.
          const turn = endpoint.path.startsWith('/notices')
            ? await turns.after(store.statusService(at), version, now)
            : never;
          const produced = await produce();
          if (endpoint !== statusEndpoints.page) return { ...produced, expiresAt: turn };
          // A page the operator has not configured yet was "created" at the time of each reading, written
          // to the whole second: the rendering holds until that second ends (not at all if the reading
          // fell in a later second than `now`).
          const second = now - (now % 1000);
          const created = Date.parse((produced.result as StatusPage).created_at);
          if (created < second) return { ...produced, expiresAt: turn };
          return { ...produced, expiresAt: created === second ? second + 1000 : now };
        };
        const rendered = await cache.through(request.url, version, render, now);
        replays?.keep(request, { body: rendered.body, version, expiresAt: rendered.expiresAt ?? never });
        return rendered;
      },
      methodNotAllowed: sendErrors,
    });
  };
}
