/**
 * The HTML status page people read: GET / of its mount (/status on the main listener, the root of the
 * status listener of its own) and each notice's page at /incidents/ID under it. One rendering per data
 * version (and per UTC day, which moves the history on), with a strong ETag from its bytes and the page's
 * Last-Modified, so readers revalidate with a 304; the status interface's token bucket per client address
 * applies here too. The rendering itself is core/status/page/render.ts, a pure function of the data.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError, RateLimitedError } from '../../core/errors.js';
import type { Instance, StatusMount } from '../../core/instance.js';
import type { BucketLimiter } from '../../core/rate-limit.js';
import { loadIncidentPageData, loadStatusPageData } from '../../core/status/page/page-data.js';
import {
  renderIncidentPage,
  renderNotFoundPage,
  renderStatusPage,
  renderTooManyRequestsPage,
  STATUS_PAGE_CSP,
} from '../../core/status/page/render.js';
import type { FastPath } from '../fast-path.js';
import { publicRendering, type Rendered, ResponseCache } from '../response-cache.js';
import { type FailureReporter, publishBucket, takeToken } from './json-interface.js';

export interface StatusPageOptions {
  store: Instance;
  /** Where the page is served: /status under the public URL (the default), or the root of its own. */
  at?: StatusMount;
  /** The status interface's token bucket per client address; none: no limit. */
  limiter?: BucketLimiter;
  reportFailure: FailureReporter;
  /** The listener's fast path: the page and incident pages are the same for everyone. */
  fastPath?: FastPath;
}

/** Short, so a change reaches readers within seconds; proxies may share it (docs/decisions.md). */
export const STATUS_PAGE_CACHE_CONTROL = 'public, max-age=15';
const DAY_MS = 86_400_000;

/** The headers every HTML answer of the page carries. */
function htmlHeaders(cacheControl: string): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': STATUS_PAGE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': cacheControl,
  };
}

/** A rendering with its validators: a strong ETag from its bytes, Last-Modified to the second. */
export function htmlRendering(html: string, lastModified: number, expiresAt?: number): Rendered {
  const body = Buffer.from(html);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return {
    body,
    headers: {
      ...htmlHeaders(STATUS_PAGE_CACHE_CONTROL),
      ETag: etag,
      'Last-Modified': new Date(lastModified).toUTCString(),
    },
    ...(expiresAt !== undefined ? { expiresAt } : {}),
  };
}

/**
 * Whether the reader's copy is current (RFC 9110 13.1): If-None-Match when sent (weak comparison, as
 * for GET), else If-Modified-Since against Last-Modified.
 */
export function isNotModified(request: FastifyRequest, headers: Record<string, string>): boolean {
  const etag = headers.ETag;
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && etag !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  const lastModified = headers['Last-Modified'];
  if (ifModifiedSince === undefined || lastModified === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Date.parse(lastModified) <= since;
}

function send(request: FastifyRequest, reply: FastifyReply, rendered: Rendered): FastifyReply {
  if (isNotModified(request, rendered.headers)) {
    const { ETag, 'Last-Modified': lastModified, 'Cache-Control': cacheControl } = rendered.headers;
    return reply
      .code(304)
      .headers({ ETag, 'Last-Modified': lastModified, 'Cache-Control': cacheControl })
      .send();
  }
  return reply.headers(rendered.headers).send(rendered.body);
}

function latest(times: readonly string[]): number {
  return Math.max(...times.map((at) => Date.parse(at)));
}

/** The page's path at a mount, from the URL it is served under (as the status service makes its links). */
function rootAt(store: Instance, at: StatusMount): string {
  const path = new URL(store.statusRequestBase(at)).pathname.replace(/\/+$/, '');
  return at === 'own-url' ? path : `${path}/status`;
}

export function statusPage(options: StatusPageOptions): FastifyPluginAsync {
  const { store, limiter, at = 'public-url' } = options;
  const service = () => store.statusService(at);
  return async (app) => {
    if (limiter) {
      app.addHook('onRequest', async (request) => takeToken(request, limiter, request.ip));
      publishBucket(app, limiter, 'status');
    }
    app.setErrorHandler(async (error, request, reply) => {
      if (error instanceof RateLimitedError) {
        return reply
          .code(429)
          .headers({ ...htmlHeaders('no-store'), 'Retry-After': String(error.retryAfter) })
          .send(renderTooManyRequestsPage(rootAt(store, at), error.retryAfter));
      }
      options.reportFailure(request, error);
      return reply
        .code(500)
        .headers({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
        .send('internal server error\n');
    });

    // One rendering per page for everyone while the data version holds; the status page's also ends with
    // the UTC day, which moves its history on.
    const replays = options.fastPath?.mount(app, limiter ? { limiter, limitName: 'status' } : {});
    const cached = { cache: new ResponseCache(500), store, replays };

    app.get('/', async (request, reply) => {
      const rendered = await publicRendering(request, cached, 'page', async (now) => {
        const startOfDay = now - (now % DAY_MS);
        const data = await loadStatusPageData(service());
        const html = renderStatusPage(data, new Date(now));
        // The history changes at midnight too: a copy from yesterday is not current.
        const lastModified = Math.max(latest([data.page.updated_at]), startOfDay);
        return htmlRendering(html, lastModified, startOfDay + DAY_MS);
      });
      return send(request, reply, rendered);
    });

    app.get<{ Params: { id: string } }>('/incidents/:id', async (request, reply) => {
      const { id } = request.params;
      try {
        const rendered = await publicRendering(request, cached, `incident ${id}`, async () => {
          const data = await loadIncidentPageData(service(), id);
          const times = [data.notice.updated_at, ...data.notice.updates.map((update) => update.updated_at)];
          return htmlRendering(renderIncidentPage(data), latest(times));
        });
        return send(request, reply, rendered);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        const { name } = await service().page();
        return reply
          .code(404)
          .headers(htmlHeaders('no-cache'))
          .send(renderNotFoundPage(name, rootAt(store, at)));
      }
    });
  };
}
