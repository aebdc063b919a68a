/**
 * The public status interface (/status/api/v1): the page, its components and its notices, read through the
 * store's StatusService. No credentials: it is public and read-only, so every response may be embedded
 * anywhere (CORS for any origin) and is revalidated on every read (no-cache). Errors are the JSON
 * interfaces' `{"errors": [...]}`; a token bucket per client address limits the rate when one is set.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { BadRequestError } from '../../core/errors.js';
import type { TokenBucketLimiter } from '../../core/rate-limit.js';
import type { NoticeQuery, StatusCollection } from '../../core/status/status-service.js';
import type { LocalStore } from '../../store/local.js';
import {
  installJsonErrors,
  type JsonRequest,
  publishBucket,
  type RouteTable,
  registerRouteTable,
  takeToken,
} from './json-interface.js';

export interface StatusInterfaceOptions {
  store: LocalStore;
  /** The server's body limit, in bytes: bodies are read (and dropped) up to it. */
  bodyLimit: number;
  /** The token bucket per client address; none: no limit. */
  limiter?: TokenBucketLimiter;
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

/** The /status/api/v1 plugin: Accept (406), the client address's rate limit (429), then the routes. */
export function statusInterface(options: StatusInterfaceOptions): FastifyPluginAsync {
  const { store, limiter } = options;
  return async (status) => {
    const sendErrors = installJsonErrors(status, {
      bodyLimit: options.bodyLimit,
      cacheControl: CACHE_CONTROL,
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

    const send = (reply: FastifyReply, body: unknown) =>
      reply.code(200).header('Cache-Control', CACHE_CONTROL).send(body);
    const routes: RouteTable = {
      '/status': {
        GET: async (_request, reply) => send(reply, { page: await store.statusService().page() }),
      },
      '/components': {
        GET: async (request, reply) => {
          const { page } = request.query as { page?: string };
          const components = await store.statusService().listComponents(page === undefined ? {} : { page });
          return send(reply, { components: components.items, meta: meta(components) });
        },
      },
      '/notices': {
        GET: async (request, reply) => {
          const notices = await store.statusService().listNotices(noticeQuery(request));
          return send(reply, { notices: notices.items, meta: meta(notices) });
        },
      },
      '/notices/:id': {
        GET: async (request, reply) =>
          send(reply, { notice: await store.statusService().getNotice(request.params.id as string) }),
      },
    };
    registerRouteTable(status, routes, sendErrors);
  };
}
