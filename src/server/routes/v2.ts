/**
 * The v2 interface: people, teams, check-ins, goals, goal updates, comments and reactions, activities,
 * Echoes, asks and the digest. Each route parses, calls the Service and serialises.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Page, ResourceRef } from '../../core/types.js';
import { etagOf, linkHeader, matchesIfNoneMatch, normaliseQuery } from '../http.js';
import { type Rendered, ResponseCache } from '../response-cache.js';

interface RouteOptions {
  publicUrl: () => string;
}

type Params = { id: string };
const checkIn = (id: string): ResourceRef => ({ type: 'check-in', id });
const goalUpdate = (id: string): ResourceRef => ({ type: 'goal-update', id });
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

  /** A GET whose answer depends on the clock (next_answer_at): never cached. */
  const timely = async (request: FastifyRequest, reply: FastifyReply, produce: Produce) =>
    send(request, reply, await produce());

  /** A GET, answered from the cache while the data version (read as the request was authenticated) holds. */
  const get = async (request: FastifyRequest, reply: FastifyReply, produce: Produce) => {
    const { principal } = request;
    const key = `${principal.personId}|${principal.scope}|${request.url}`;
    return send(request, reply, await cache.through(key, request.dataVersion, produce));
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

  // --- goals and goal updates ---------------------------------------------------------------------
  const created = (request: FastifyRequest, reply: FastifyReply, value: unknown) =>
    send(request, reply.code(201), one(value));
  const noContent = (reply: FastifyReply) => reply.code(204).header('Cache-Control', 'no-store').send();

  app.get('/goals', (request, reply) =>
    get(request, reply, async () => page(request, await request.service.listGoals(query(request)))),
  );
  app.post('/goals', async (request, reply) =>
    created(request, reply, await request.service.createGoal(request.body ?? {})),
  );
  app.get<{ Params: Params }>('/goals/:id', (request, reply) =>
    get(request, reply, async () => one(await request.service.getGoal(request.params.id))),
  );
  app.patch<{ Params: Params }>('/goals/:id', async (request, reply) =>
    send(request, reply, one(await request.service.updateGoal(request.params.id, request.body ?? {}))),
  );
  app.delete<{ Params: Params }>('/goals/:id', async (request, reply) => {
    await request.service.deleteGoal(request.params.id);
    return noContent(reply);
  });
  app.get<{ Params: Params }>('/goals/:id/goal-updates', (request, reply) =>
    get(request, reply, async () =>
      page(request, await request.service.listGoalUpdates(request.params.id, query(request))),
    ),
  );
  app.post<{ Params: Params }>('/goals/:id/goal-updates', async (request, reply) =>
    created(request, reply, await request.service.createGoalUpdate(request.params.id, request.body ?? {})),
  );
  app.get<{ Params: Params }>('/goal-updates/:id', (request, reply) =>
    get(request, reply, async () => one(await request.service.getGoalUpdate(request.params.id))),
  );
  app.patch<{ Params: Params }>('/goal-updates/:id', async (request, reply) =>
    send(request, reply, one(await request.service.updateGoalUpdate(request.params.id, request.body ?? {}))),
  );
  app.delete<{ Params: Params }>('/goal-updates/:id', async (request, reply) => {
    await request.service.deleteGoalUpdate(request.params.id);
    return noContent(reply);
  });

  // --- comments and reactions on check-ins and goal updates ---------------------------------------
  for (const [prefix, resource] of [
    ['/check-ins', checkIn],
    ['/goal-updates', goalUpdate],
  ] as const) {
    app.get<{ Params: Params }>(`${prefix}/:id/comments`, (request, reply) =>
      get(request, reply, async () =>
        page(request, await request.service.listComments(resource(request.params.id), query(request))),
      ),
    );
    app.post<{ Params: Params }>(`${prefix}/:id/comments`, async (request, reply) =>
      created(
        request,
        reply,
        await request.service.createComment(resource(request.params.id), request.body ?? {}),
      ),
    );
    app.get<{ Params: Params }>(`${prefix}/:id/reactions`, (request, reply) =>
      get(request, reply, async () =>
        page(request, await request.service.listReactions(resource(request.params.id), query(request))),
      ),
    );
    // Adding and removing reactions are extensions of pulse serve (the interface only lists them).
    app.post<{ Params: Params }>(`${prefix}/:id/reactions`, async (request, reply) => {
      const result = await request.service.addReaction(resource(request.params.id), request.body ?? {});
      return send(request, reply.code(result.created ? 201 : 200), one(result.reaction));
    });
    app.delete<{ Params: Params }>(`${prefix}/:id/reactions`, async (request, reply) => {
      await request.service.removeReaction(resource(request.params.id), request.body ?? {});
      return noContent(reply);
    });
  }

  // --- activities ----------------------------------------------------------------------------------
  app.get('/activities', (request, reply) =>
    get(request, reply, async () => page(request, await request.service.listActivities(query(request)))),
  );
  app.post('/activities', async (request, reply) =>
    created(request, reply, await request.service.createActivity(request.body ?? {})),
  );
  app.get<{ Params: Params }>('/activities/:id', (request, reply) =>
    get(request, reply, async () => one(await request.service.getActivity(request.params.id))),
  );

  // --- Echo questions (pause and resume are extensions of pulse serve) -----------------------------
  app.get('/echo/questions', (request, reply) =>
    timely(request, reply, async () =>
      page(request, await request.service.listEchoQuestions(query(request))),
    ),
  );
  app.post('/echo/questions', async (request, reply) =>
    created(request, reply, await request.service.createEchoQuestion(request.body ?? {})),
  );
  app.get<{ Params: Params }>('/echo/questions/:id', (request, reply) =>
    timely(request, reply, async () => one(await request.service.getEchoQuestion(request.params.id))),
  );
  app.patch<{ Params: Params }>('/echo/questions/:id', async (request, reply) =>
    send(
      request,
      reply,
      one(await request.service.updateEchoQuestion(request.params.id, request.body ?? {})),
    ),
  );
  app.delete<{ Params: Params }>('/echo/questions/:id', async (request, reply) => {
    await request.service.deleteEchoQuestion(request.params.id);
    return noContent(reply);
  });
  app.post<{ Params: Params }>('/echo/questions/:id/pause', async (request, reply) =>
    send(request, reply, one(await request.service.pauseEchoQuestion(request.params.id))),
  );
  app.post<{ Params: Params }>('/echo/questions/:id/resume', async (request, reply) =>
    send(request, reply, one(await request.service.resumeEchoQuestion(request.params.id))),
  );

  // Reading Echo answers first publishes those due, so they too depend on the clock.
  app.get<{ Params: Params }>('/echo/questions/:id/answers', (request, reply) =>
    timely(request, reply, async () =>
      page(request, await request.service.listEchoAnswers(request.params.id, query(request))),
    ),
  );
  app.get<{ Params: Params }>('/echo/answers/:id', (request, reply) =>
    timely(request, reply, async () => one(await request.service.getEchoAnswer(request.params.id))),
  );

  // --- asks (answers are written in the background; GET shows body null until then) ---------------
  app.get('/asks', (request, reply) =>
    get(request, reply, async () => page(request, await request.service.listAsks(query(request)))),
  );
  app.post('/asks', async (request, reply) =>
    created(request, reply, await request.service.createAsk(request.body ?? {})),
  );
  app.get<{ Params: Params }>('/asks/:id', (request, reply) =>
    get(request, reply, async () => one(await request.service.getAsk(request.params.id))),
  );

  // --- digest (marking read is an extension of pulse serve; reading publishes due Echo answers) ----
  app.get('/digest', (request, reply) =>
    timely(request, reply, async () => page(request, await request.service.listDigest(query(request)))),
  );
  app.post<{ Params: Params }>('/digest/:id/read', async (request, reply) => {
    await request.service.markDigestRead(request.params.id);
    return noContent(reply);
  });
  app.post('/digest/read', async (request, reply) =>
    send(request, reply, one({ marked: await request.service.markAllDigestRead() })),
  );
}
