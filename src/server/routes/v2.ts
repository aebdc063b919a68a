/** The v2 interface: people, teams and check-ins. Each route parses, calls the Service and serialises. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../../core/types.js';
import { etagOf, linkHeader, matchesIfNoneMatch, normaliseQuery } from '../http.js';

interface RouteOptions {
  publicUrl: () => string;
}

type Params = { id: string };

export function registerV2(app: FastifyInstance, options: RouteOptions): void {
  const base = () => options.publicUrl().replace(/\/+$/, '');

  /** One resource with an ETag; a GET whose If-None-Match matches gets 304 and no body. */
  const one = (request: FastifyRequest, reply: FastifyReply, value: unknown, status = 200) => {
    const body = JSON.stringify(value);
    const etag = etagOf(body);
    reply.header('ETag', etag).header('Cache-Control', 'no-store');
    if (request.method === 'GET' && matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      return reply.code(304).send();
    }
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  };

  /** A page: the JSON array and its Link header; no totals. */
  const page = <T>(request: FastifyRequest, reply: FastifyReply, result: Page<T>) => {
    reply
      .header('Link', linkHeader(base(), request.url, result.page, result.hasNext))
      .header('Cache-Control', 'no-store')
      .type('application/json; charset=utf-8');
    return reply.send(JSON.stringify(result.items));
  };

  const query = (request: FastifyRequest) => normaliseQuery(request.query as Record<string, unknown>);

  app.get('/me', async (request, reply) => one(request, reply, await request.service.me()));
  app.get('/people', async (request, reply) =>
    page(request, reply, await request.service.listPeople(query(request))),
  );
  app.get<{ Params: Params }>('/people/:id', async (request, reply) =>
    one(request, reply, await request.service.getPerson(request.params.id)),
  );
  app.get('/teams', async (request, reply) =>
    page(request, reply, await request.service.listTeams(query(request))),
  );
  app.get<{ Params: Params }>('/teams/:id', async (request, reply) =>
    one(request, reply, await request.service.getTeam(request.params.id)),
  );
  app.get('/check-ins', async (request, reply) =>
    page(request, reply, await request.service.listCheckIns(query(request))),
  );
  app.get<{ Params: Params }>('/check-ins/:id', async (request, reply) =>
    one(request, reply, await request.service.getCheckIn(request.params.id)),
  );
  app.patch<{ Params: Params }>('/check-ins/:id', async (request, reply) =>
    one(request, reply, await request.service.updateCheckIn(request.params.id, request.body ?? {})),
  );
}
