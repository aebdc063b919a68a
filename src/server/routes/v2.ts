/** The v2 interface: people, teams and check-ins. Each route parses, calls the Service and serialises. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../../core/types.js';
import { etagOf, linkHeader, matchesIfNoneMatch, normaliseQuery } from '../http.js';
import { type Rendered, ResponseCache } from '../response-cache.js';

interface RouteOptions {
  publicUrl: () => string;
  /** Changes whenever stored data may have changed; cached GET responses are valid while it holds. */
  dataVersion: () => string;
}

type Params = { id: string };
type Produce = () => Promise<Rendered>;

export function registerV2(app: FastifyInstance, options: RouteOptions): void {
  const base = () => options.publicUrl().replace(/\/+$/, '');
  const cache = new ResponseCache();

  /** One resource with its ETag. */
  const one = (value: unknown): Rendered => {
    const body = Buffer.from(JSON.stringify(value));
    return { body, headers: { ETag: etagOf(body) } };
  };

  /** A page: the JSON array and its Link header; no totals. */
  const page = <T>(request: FastifyRequest, result: Page<T>): Rendered => ({
    body: Buffer.from(JSON.stringify(result.items)),
    headers: { Link: linkHeader(base(), request.url, result.page, result.hasNext) },
  });

  /** Sends a rendering; a GET whose If-None-Match matches its ETag gets 304 and no body. */
  const send = (request: FastifyRequest, reply: FastifyReply, rendered: Rendered) => {
    reply.headers(rendered.headers).header('Cache-Control', 'no-store');
    const etag = rendered.headers.ETag;
    if (request.method === 'GET' && etag && matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      return reply.code(304).send();
    }
    return reply.type('application/json; charset=utf-8').send(rendered.body);
  };

  /** A GET, answered from the cache while the data version holds. */
  const get = async (request: FastifyRequest, reply: FastifyReply, produce: Produce) => {
    const { principal } = request;
    const key = `${principal.personId}|${principal.scope}|${request.url}`;
    const version = options.dataVersion();
    let rendered = cache.get(key, version);
    if (!rendered) {
      rendered = await produce();
      cache.set(key, version, rendered);
    }
    return send(request, reply, rendered);
  };

  const query = (request: FastifyRequest) => normaliseQuery(request.query as Record<string, unknown>);

  app.get('/me', (request, reply) => get(request, reply, async () => one(await request.service.me())));
  app.get('/people', (request, reply) =>
    get(request, reply, async () => page(request, await request.service.listPeople(query(request)))),
  );
  app.get<{ Params: Params }>('/people/:id', (request, reply) =>
    get(request, reply, async () => one(await request.service.getPerson(request.params.id))),
  );
  app.get('/teams', (request, reply) =>
    get(request, reply, async () => page(request, await request.service.listTeams(query(request)))),
  );
  app.get<{ Params: Params }>('/teams/:id', (request, reply) =>
    get(request, reply, async () => one(await request.service.getTeam(request.params.id))),
  );
  app.get('/check-ins', (request, reply) =>
    get(request, reply, async () => page(request, await request.service.listCheckIns(query(request)))),
  );
  app.get<{ Params: Params }>('/check-ins/:id', (request, reply) =>
    get(request, reply, async () => one(await request.service.getCheckIn(request.params.id))),
  );
  app.patch<{ Params: Params }>('/check-ins/:id', async (request, reply) =>
    send(request, reply, one(await request.service.updateCheckIn(request.params.id, request.body ?? {}))),
  );
}
