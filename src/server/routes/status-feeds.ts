/**
 * The status page's feeds and badge, beside its JSON interface: the Atom feed of notices (/feed.atom), the
 * iCalendar feed of planned maintenance (/maintenance.ics) and the shields-style badge (/badge.svg,
 * ?component=NAME), under /status on the main listener and at the root of the status listener of its own.
 * Public like the JSON: any origin may read them, the same token bucket per client address limits them,
 * and errors are the JSON interface's. The renderers are the core's pure functions; each rendering is
 * kept while the data version holds, with a strong ETag (If-None-Match: 304) and a minute's caching.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { StatusMount } from '../../core/instance.js';
import { renderAtomFeed } from '../../core/status/feeds/atom.js';
import { renderBadge } from '../../core/status/feeds/badge.js';
import { renderMaintenanceCalendar } from '../../core/status/feeds/ics.js';
import { badgeComponent, feedNotices, plannedNotices, readBadge } from '../../core/status/feeds/read.js';
import { etagOf, matchesIfNoneMatch } from '../http.js';
import { publicRendering, type Rendered, ResponseCache } from '../response-cache.js';
import { errorHandler, errorSender, registerRouteTable } from './json-interface.js';
import { publicAndBodiless, type StatusInterfaceOptions } from './status.js';

/** Feed readers and badge proxies poll: a minute of reuse, then a revalidation the ETag makes cheap. */
const CACHE_CONTROL = 'public, max-age=60';
const ERROR_CACHE_CONTROL = 'no-cache';

export const FEED_TYPES = {
  atom: 'application/atom+xml; charset=utf-8',
  calendar: 'text/calendar; charset=utf-8',
  svg: 'image/svg+xml; charset=utf-8',
} as const;

/** The page people read, under which the feeds and incident pages sit: {public URL}/status, or the own root. */
function statusUrlOf(base: string, at: StatusMount): string {
  const trimmed = base.replace(/\/+$/, '');
  return at === 'own-url' ? trimmed : `${trimmed}/status`;
}

function rendered(
  body: string,
  contentType: string,
  more: { expiresAt?: number; status?: number } = {},
): Rendered {
  const bytes = Buffer.from(body, 'utf8');
  return { body: bytes, headers: { 'Content-Type': contentType, ETag: etagOf(bytes) }, ...more };
}

function send(request: FastifyRequest, reply: FastifyReply, made: Rendered): FastifyReply {
  const status = made.status ?? 200;
  reply.code(status).headers(made.headers).header('Cache-Control', CACHE_CONTROL);
  const etag = made.headers.ETag;
  if (status === 200 && etag && matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  return reply.send(made.body);
}

/** The feeds and badge plugin, registered at /status on the main app and at the root of the status app. */
export function statusFeeds(options: StatusInterfaceOptions): FastifyPluginAsync {
  const { store, limiter, at = 'public-url' } = options;
  return async (feeds) => {
    const errors = { bodyLimit: options.bodyLimit, cacheControl: ERROR_CACHE_CONTROL };
    feeds.setErrorHandler(errorHandler({ ...errors, reportFailure: options.reportFailure }));
    publicAndBodiless(feeds, {
      limiter,
      bodyLimit: options.bodyLimit,
      exposed: ['ETag', 'RateLimit', 'RateLimit-Policy', 'Retry-After'],
    });

    const replays = options.fastPath?.mount(feeds, limiter ? { limiter, limitName: 'status' } : {});
    const cached = { cache: new ResponseCache(), store, replays };
    const service = () => store.statusService(at);
    const statusUrl = () => statusUrlOf(store.statusRequestBase(at), at);
    /** One rendering per key while the data version holds (and, with an expiry, until the clock passes it). */
    const through = (request: FastifyRequest, key: string, render: (now: number) => Promise<Rendered>) =>
      publicRendering(request, cached, key, render);

    registerRouteTable(
      feeds,
      {
        '/feed.atom': {
          GET: async (request, reply) => {
            const made = await through(request, 'feed.atom', async (now) => {
              const [page, notices] = await Promise.all([service().page(), feedNotices(service())]);
              // A page nobody has configured is "updated" at each reading, so its feed follows the clock.
              const unconfigured = Date.parse(page.created_at) >= now - (now % 1000);
              const body = renderAtomFeed({ page, notices, statusUrl: statusUrl() });
              return rendered(body, FEED_TYPES.atom, unconfigured ? { expiresAt: now } : {});
            });
            return send(request, reply, made);
          },
        },
        '/maintenance.ics': {
          GET: async (request, reply) => {
            const made = await through(request, 'maintenance.ics', async () => {
              const [page, notices] = await Promise.all([service().page(), plannedNotices(service())]);
              return rendered(
                renderMaintenanceCalendar({ page, notices, statusUrl: statusUrl() }),
                FEED_TYPES.calendar,
              );
            });
            return send(request, reply, made);
          },
        },
        '/badge.svg': {
          GET: async (request, reply) => {
            const component = badgeComponent(request.query as Record<string, unknown>);
            // Keyed by the component alone: other parameters (cache-busters) share the rendering.
            const made = await through(request, `badge.svg:${component ?? ''}`, async () => {
              const { found, badge } = await readBadge(service(), component);
              return rendered(renderBadge(badge), FEED_TYPES.svg, found ? {} : { status: 404 });
            });
            return send(request, reply, made);
          },
        },
      },
      errorSender(ERROR_CACHE_CONTROL),
    );
  };
}
