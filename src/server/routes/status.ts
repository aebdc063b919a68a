/**
 * The public status interface (/status/api/v1): the page, its components and its notices, read through the
 * store's StatusService. No credentials: it is public and read-only, so every response may be embedded
 * anywhere (CORS for any origin) and is revalidated on every read (no-cache). Errors are the JSON
 * interfaces' `{"errors": [...]}`; a token bucket per client address limits the rate when one is set.
 */
import type { FastifyPluginAsync } from 'fastify';
import { BadRequestError } from '../../core/errors.js';
import type { Instance } from '../../core/instance.js';
import type { BucketLimiter } from '../../core/rate-limit.js';
import { turnsDistantAt } from '../../core/status/rules.js';
import type { NoticeQuery, StatusCollection, StatusService } from '../../core/status/status-service.js';
import { type Rendered, ResponseCache } from '../response-cache.js';
import {
  type FailureReporter,
  installJsonErrors,
  type JsonHandler,
  type JsonRequest,
  publishBucket,
  type RouteTable,
  registerRouteTable,
  takeToken,
} from './json-interface.js';

export interface StatusInterfaceOptions {
  store: Instance;
  /** The server's body limit, in bytes: bodies are read (and dropped) up to it. */
  bodyLimit: number;
  /** The token bucket per client address; none: no limit. */
  limiter?: BucketLimiter;
  /** Where a request that failed on the server is reported. */
  reportFailure: FailureReporter;
}

const CACHE_CONTROL = 'no-cache';

/** The filters of GET /notices, by their query names, and the NoticeQuery field each fills. */
const NOTICE_FILTERS = {
  'filter[type_eq]': 'type_eq',
  'filter[timeline_state_eq]': 'timeline_state_eq',
} as const;

/** A collection's `meta`, as the document names it. */
function meta(collection: StatusCollection<unknown>) {
  return { count: collection.count, total_count: collection.totalCount, next_page: collection.nextPage };
}

/**
 * The query of GET /notices for the core: page and the documented filters, as sent (the core validates
 * them). Another filter[...] is refused rather than ignored: a misspelt filter must not list everything.
 */
function noticeQuery(request: JsonRequest): NoticeQuery {
  const query = request.query as Record<string, unknown>;
  const unknown = Object.keys(query).filter(
    (key) => key.startsWith('filter') && !Object.hasOwn(NOTICE_FILTERS, key),
  );
  if (unknown.length > 0) {
    throw new BadRequestError(
      unknown.map(
        (key) => `${key} is not a filter of notices (use ${Object.keys(NOTICE_FILTERS).join(', ')})`,
      ),
    );
  }
  const picked: NoticeQuery = {};
  if (query.page !== undefined) picked.page = query.page as string;
  for (const [name, field] of Object.entries(NOTICE_FILTERS)) {
    if (query[name] !== undefined) picked[field] = query[name] as string;
  }
  return picked;
}

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

/** The /status/api/v1 plugin: Accept (406), the client address's rate limit (429), then the routes. */
export function statusInterface(options: StatusInterfaceOptions): FastifyPluginAsync {
  const { store, limiter } = options;
  return async (status) => {
    const sendErrors = installJsonErrors(status, {
      bodyLimit: options.bodyLimit,
      cacheControl: CACHE_CONTROL,
      reportFailure: options.reportFailure,
    });
    if (limiter) {
      status.addHook('onRequest', async (request) => takeToken(request, limiter, request.ip));
      publishBucket(status, limiter, 'status');
    }
    // Every response, errors and 429s included, is readable from any page's scripts.
    status.addHook('onSend', async (_request, reply, payload) => {
      reply.headers({
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Expose-Headers': 'RateLimit, RateLimit-Policy, Retry-After',
      });
      return payload;
    });
    // Nothing here takes a body: whatever a request carries (any type, or none) is read up to the limit and
    // dropped, so a POST is a 405 whatever it sends, not a 400 about its body.
    status.removeAllContentTypeParsers();
    status.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: options.bodyLimit },
      (_request, _body, done) => done(null, undefined),
    );

    // Public: one rendering per URL for everyone, kept while the data version holds and until the clock
    // would change it.
    const cache = new ResponseCache();
    const turns = new TimelineTurns();
    /** What a GET answers, and from when the clock alone may have changed it. */
    type Produce = (
      request: JsonRequest,
      now: number,
      version: string,
    ) => Promise<{ value: unknown; expiresAt: number }>;
    const get =
      (produce: Produce): JsonHandler =>
      async (request, reply) => {
        const now = store.options.clock.now().getTime();
        const version = store.dataVersion();
        const render = async (): Promise<Rendered> => {
          const { value, expiresAt } = await produce(request, now, version);
          return { body: Buffer.from(JSON.stringify(value)), headers: {}, expiresAt };
        };
        const { body } = await cache.through(request.url, version, render, now);
        return reply
          .code(200)
          .header('Cache-Control', CACHE_CONTROL)
          .type('application/json; charset=utf-8')
          .send(body);
      };
    const never = Number.POSITIVE_INFINITY;
    // The turn is read before the notices: a turn in between expires the rendering early, never late.
    const notices = async (
      now: number,
      version: string,
      read: (service: StatusService) => Promise<unknown>,
    ) => {
      const service = store.statusService();
      const expiresAt = await turns.after(service, version, now);
      return { value: await read(service), expiresAt };
    };
    const routes: RouteTable = {
      '/status': {
        GET: get(async (_request, now) => {
          const page = await store.statusService().page();
          // A page the operator has not configured yet was "created" at the time of each reading.
          return { value: { page }, expiresAt: Date.parse(page.created_at) < now ? never : now };
        }),
      },
      '/components': {
        GET: get(async (request) => {
          const { page } = request.query as { page?: string };
          const components = await store.statusService().listComponents(page === undefined ? {} : { page });
          return { value: { components: components.items, meta: meta(components) }, expiresAt: never };
        }),
      },
      '/notices': {
        GET: get((request, now, version) =>
          notices(now, version, async (service) => {
            const listed = await service.listNotices(noticeQuery(request));
            return { notices: listed.items, meta: meta(listed) };
          }),
        ),
      },
      '/notices/:id': {
        GET: get((request, now, version) =>
          notices(now, version, async (service) => ({
            notice: await service.getNotice(request.params.id as string),
          })),
        ),
      },
    };
    registerRouteTable(status, routes, sendErrors);
  };
}
