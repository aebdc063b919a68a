/**
 * The routes of an interface, made from its endpoint table (core/endpoints): each route parses the
 * request, calls the service, and answers with the table's status, the interface's body envelope, its
 * caching and, for lists, the Link header. What differs between interfaces is in `InterfaceRoutes`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AnyEndpoint,
  type EndpointTable,
  type Representation,
  successStatus,
  toWire,
} from '../../core/endpoints/define.js';
import { etagOf, linkHeader, matchesIfNoneMatch, normaliseQuery } from '../http.js';
import type { Rendered } from '../response-cache.js';
import {
  type ErrorSender,
  type JsonHandler,
  type JsonRequest,
  type RouteTable,
  registerRouteTable,
} from './json-interface.js';

export interface InterfaceRoutes<Svc> {
  endpoints: EndpointTable<Svc>;
  representation: Representation;
  /** The service the request speaks to (as its hooks authenticated it). */
  service(request: FastifyRequest): Svc;
  /** The deployment's public base URL, for Link headers; read on every request. */
  publicUrl(): string;
  /** Cache-Control of every response. */
  cacheControl: string;
  /** Single resources carry an ETag, and a GET whose If-None-Match matches it is a 304. */
  etags: boolean;
  /**
   * A `cached` GET, answered through the interface's response cache (always with its success status).
   * `produce` makes the rendering and says what the call returned, for caches whose expiry depends on it.
   */
  cached(
    request: FastifyRequest,
    endpoint: AnyEndpoint<Svc>,
    produce: () => Promise<Produced>,
  ): Promise<Rendered>;
  /** The query the service gets (default: normaliseQuery's, array names without `[]`). */
  query?(request: FastifyRequest): Record<string, unknown>;
  /** The body the service gets for what arrived (undefined when none did); default: as it is. */
  body?(body: unknown): unknown;
  /** For the JSON interfaces: every other method of a known path is a 405 with Allow, sent by this. */
  methodNotAllowed?: ErrorSender;
}

/** A response made, before it is sent: a cached one is always its endpoint's success status. */
interface Made extends Rendered {
  status: number;
}

/** A rendering and what the service call returned for it. */
export interface Produced extends Made {
  result: unknown;
}

/** Registers every endpoint of the table as a route. */
export function registerEndpoints<Svc>(app: FastifyInstance, routes: InterfaceRoutes<Svc>): void {
  const table: RouteTable = {};
  for (const endpoint of Object.values(routes.endpoints)) {
    const methods = table[endpoint.path] ?? {};
    methods[endpoint.method] = handlerOf(endpoint, routes);
    table[endpoint.path] = methods;
  }
  if (routes.methodNotAllowed) {
    registerRouteTable(app, table, routes.methodNotAllowed);
    return;
  }
  for (const [url, methods] of Object.entries(table)) {
    for (const [method, handler] of Object.entries(methods)) app.route({ method, url, handler });
  }
}

function handlerOf<Svc>(endpoint: AnyEndpoint<Svc>, routes: InterfaceRoutes<Svc>): JsonHandler {
  const make = async (request: JsonRequest): Promise<Produced> => {
    const { params } = request;
    const query = routes.query?.(request) ?? normaliseQuery(request.query as Record<string, unknown>);
    const body = routes.body ? routes.body(request.body) : request.body;
    const result = await endpoint.call(routes.service(request), { params, query, body });
    const { status, value } = toWire(endpoint, result);
    if (endpoint.shape === 'none') return { status, body: Buffer.alloc(0), headers: {}, result };
    const written = routes.representation.write(endpoint, value);
    const bytes = Buffer.from(JSON.stringify(written.body));
    const headers: Record<string, string> = {};
    if (written.position) {
      const base = routes.publicUrl().replace(/\/+$/, '');
      headers.Link = linkHeader(base, request.url, written.position.page, written.position.hasNext);
    } else if (routes.etags) headers.ETag = etagOf(bytes);
    return { status, body: bytes, headers, result };
  };
  return async (request, reply) => {
    const made: Made =
      endpoint.caching === 'cached'
        ? {
            ...(await routes.cached(request, endpoint, () => make(request))),
            status: successStatus(endpoint),
          }
        : await make(request);
    return send(request, reply, made, endpoint.shape === 'none', routes);
  };
}

function send<Svc>(
  request: FastifyRequest,
  reply: FastifyReply,
  made: Made,
  empty: boolean,
  routes: InterfaceRoutes<Svc>,
): FastifyReply {
  reply.code(made.status).headers(made.headers).header('Cache-Control', routes.cacheControl);
  if (empty) return reply.send();
  const etag = made.headers.ETag;
  if (request.method === 'GET' && etag && matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(made.body);
}
