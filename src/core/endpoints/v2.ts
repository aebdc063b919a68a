/**
 * The v2 interface as data: every endpoint of /api/v2, its call into the Service, and v2's envelope (a
 * resource as it is, a list as a JSON array with a Link header; no totals).
 */
import { DEFAULT_PER_PAGE } from '../page-size.js';
import type { Service } from '../service.js';
import type { Page, Reaction, ResourceRef } from '../types.js';
import {
  type AnyEndpoint,
  type EndpointRequest,
  endpointOf,
  isPagePosition,
  type Representation,
} from './define.js';
import { nextLink } from './links.js';

const endpoint = endpointOf<Service>();

/** What a write method of the Service takes as its body: its argument `At`. */
type BodyOf<Method extends keyof Service, At extends number> = Parameters<Service[Method]>[At];
type Write<Path extends string, Method extends keyof Service, At extends number> = EndpointRequest<
  Path,
  BodyOf<Method, At>
>;

const ID_LISTS = ['people_ids', 'team_ids'] as const;

// The documents' schemas, loaded only by the OpenAPI generator (a remote command needs neither zod nor
// these parts of the core).
const pageQuery = async () => (await import('../query-params.js')).pageParams;
const goalInput = async () => ({ zod: (await import('../goal-input.js')).goalInputSchema });
const goalUpdateInput = async () => ({ zod: (await import('../goal-input.js')).goalUpdateInputSchema });
const commentInput = async () => ({ zod: (await import('../goal-input.js')).commentInputSchema });
const reactionInput = async () => ({ zod: (await import('../goal-input.js')).reactionInputSchema });
const echoInput = async () => ({ zod: (await import('../echo-input.js')).echoInputSchema });
const noBody = async () => ({ json: { type: 'object' } });

// --- people, teams, check-ins ----------------------------------------------------------------------

const me = endpoint({
  name: 'me',
  summary: 'the authenticated person',
  method: 'GET',
  path: '/me',
  caching: 'cached',
  shape: 'one',
  call: (service) => service.me(),
});

const listPeople = endpoint({
  name: 'listPeople',
  summary: 'people',
  method: 'GET',
  path: '/people',
  caching: 'cached',
  shape: 'page',
  query: pageQuery,
  call: (service, { query }) => service.listPeople(query),
});

const getPerson = endpoint({
  name: 'getPerson',
  summary: 'a person',
  method: 'GET',
  path: '/people/:id',
  caching: 'cached',
  shape: 'one',
  call: (service, { params }) => service.getPerson(params.id),
});

const listTeams = endpoint({
  name: 'listTeams',
  summary: 'teams',
  method: 'GET',
  path: '/teams',
  caching: 'cached',
  shape: 'page',
  query: pageQuery,
  call: (service, { query }) => service.listTeams(query),
});

const getTeam = endpoint({
  name: 'getTeam',
  summary: 'a team',
  method: 'GET',
  path: '/teams/:id',
  caching: 'cached',
  shape: 'one',
  call: (service, { params }) => service.getTeam(params.id),
});

const listCheckIns = endpoint({
  name: 'listCheckIns',
  summary: 'completed check-ins the caller can see, newest date first',
  method: 'GET',
  path: '/check-ins',
  caching: 'cached',
  shape: 'page',
  lists: ID_LISTS,
  query: async () => (await import('../check-in-query.js')).checkInListParams,
  call: (service, { query }) => service.listCheckIns(query),
});

const getCheckIn = endpoint({
  name: 'getCheckIn',
  summary: "a check-in by id, or by date (YYYY-MM-DD): the caller's own that day",
  method: 'GET',
  path: '/check-ins/:id',
  caching: 'cached',
  shape: 'one',
  call: (service, { params }) => service.getCheckIn(params.id),
});

const updateCheckIn = endpoint({
  name: 'updateCheckIn',
  summary: "fills a check-in's answers (by id, or by date: the caller's own)",
  method: 'PATCH',
  path: '/check-ins/:id',
  caching: 'write',
  shape: 'one',
  // Filling a check-in sets the same answers however often it is sent: safe to retry.
  idempotent: true,
  body: async () => ({ zod: (await import('../check-in-input.js')).checkInUpdateSchema }),
  call: (service, { params, body }: Write<'/check-ins/:id', 'updateCheckIn', 1>) =>
    service.updateCheckIn(params.id, body),
});

// --- goals and goal updates --------------------------------------------------------------------------

const listGoals = endpoint({
  name: 'listGoals',
  summary: 'goals the caller can see, newest first; archived ones only through goal_ids (or archived)',
  method: 'GET',
  path: '/goals',
  caching: 'cached',
  shape: 'page',
  lists: [...ID_LISTS, 'goal_ids'],
  query: async () => (await import('../goal-query.js')).goalListParams,
  call: (service, { query }) => service.listGoals(query),
});

const createGoal = endpoint({
  name: 'createGoal',
  summary: 'creates a goal',
  method: 'POST',
  path: '/goals',
  caching: 'write',
  shape: 'one',
  status: 201,
  body: goalInput,
  call: (service, { body }: Write<'/goals', 'createGoal', 0>) => service.createGoal(body),
});

const getGoal = endpoint({
  name: 'getGoal',
  summary: 'a goal',
  method: 'GET',
  path: '/goals/:id',
  caching: 'cached',
  shape: 'one',
  call: (service, { params }) => service.getGoal(params.id),
});

const updateGoal = endpoint({
  name: 'updateGoal',
  summary: 'changes a goal',
  method: 'PATCH',
  path: '/goals/:id',
  caching: 'write',
  shape: 'one',
  idempotent: false,
  body: goalInput,
  call: (service, { params, body }: Write<'/goals/:id', 'updateGoal', 1>) =>
    service.updateGoal(params.id, body),
});

const deleteGoal = endpoint({
  name: 'deleteGoal',
  summary: 'deletes a goal',
  method: 'DELETE',
  path: '/goals/:id',
  caching: 'write',
  shape: 'none',
  call: (service, { params }) => service.deleteGoal(params.id),
});

const listGoalUpdates = endpoint({
  name: 'listGoalUpdates',
  summary: "a goal's updates, newest first",
  method: 'GET',
  path: '/goals/:id/goal-updates',
  caching: 'cached',
  shape: 'page',
  query: pageQuery,
  call: (service, { params, query }) => service.listGoalUpdates(params.id, query),
});

const createGoalUpdate = endpoint({
  name: 'createGoalUpdate',
  summary: 'adds an update to a goal',
  method: 'POST',
  path: '/goals/:id/goal-updates',
  caching: 'write',
  shape: 'one',
  status: 201,
  body: goalUpdateInput,
  call: (service, { params, body }: Write<'/goals/:id/goal-updates', 'createGoalUpdate', 1>) =>
    service.createGoalUpdate(params.id, body),
});

const getGoalUpdate = endpoint({
  name: 'getGoalUpdate',
  summary: 'a goal update',
  method: 'GET',
  path: '/goal-updates/:id',
  caching: 'cached',
  shape: 'one',
  call: (service, { params }) => service.getGoalUpdate(params.id),
});

const updateGoalUpdate = endpoint({
  name: 'updateGoalUpdate',
  summary: 'changes a goal update',
  method: 'PATCH',
  path: '/goal-updates/:id',
  caching: 'write',
  shape: 'one',
  idempotent: false,
  body: goalUpdateInput,
  call: (service, { params, body }: Write<'/goal-updates/:id', 'updateGoalUpdate', 1>) =>
    service.updateGoalUpdate(params.id, body),
});

const deleteGoalUpdate = endpoint({
  name: 'deleteGoalUpdate',
  summary: 'deletes a goal update',
  method: 'DELETE',
  path: '/goal-updates/:id',
  caching: 'write',
  shape: 'none',
  call: (service, { params }) => service.deleteGoalUpdate(params.id),
});

// --- comments and reactions on check-ins and goal updates ---------------------------------------------

/** The endpoints of the comments and reactions of one kind of item (check-ins or goal updates). */
type ItemPrefix = '/check-ins' | '/goal-updates';

function conversationOf(prefix: ItemPrefix, type: ResourceRef['type'], name: 'CheckIn' | 'GoalUpdate') {
  const item = (id: string): ResourceRef => ({ type, id });
  const what = type === 'check-in' ? 'a check-in' : 'a goal update';
  const reactions = `${prefix}/:id/reactions` as const;
  const listReactions = endpoint({
    name: `list${name}Reactions`,
    summary: `the reactions to ${what}`,
    method: 'GET',
    path: reactions,
    caching: 'cached',
    shape: 'page',
    query: pageQuery,
    call: (service, { params, query }) => service.listReactions(item(params.id), query),
  });
  const extension = { what: 'adding or removing reactions', probe: listReactions };
  return {
    listComments: endpoint({
      name: `list${name}Comments`,
      summary: `the comments on ${what}, oldest first`,
      method: 'GET',
      path: `${prefix}/:id/comments` as const,
      caching: 'cached',
      shape: 'page',
      query: pageQuery,
      call: (service, { params, query }) => service.listComments(item(params.id), query),
    }),
    createComment: endpoint({
      name: `create${name}Comment`,
      summary: `comments on ${what}`,
      method: 'POST',
      path: `${prefix}/:id/comments` as const,
      caching: 'write',
      shape: 'one',
      status: 201,
      body: commentInput,
      call: (service, { params, body }: Write<`${ItemPrefix}/:id/comments`, 'createComment', 1>) =>
        service.createComment(item(params.id), body),
    }),
    listReactions,
    // Adding and removing reactions are extensions of pulse serve (the interface only lists them).
    addReaction: endpoint({
      name: `add${name}Reaction`,
      summary: `adds the caller's reaction to ${what}: 201, or 200 when it was there (an extension)`,
      method: 'POST',
      path: reactions,
      caching: 'write',
      shape: 'one',
      status: 201,
      otherStatuses: [200],
      extension,
      body: reactionInput,
      call: (service, { params, body }: Write<`${ItemPrefix}/:id/reactions`, 'addReaction', 1>) =>
        service.addReaction(item(params.id), body),
      toWire: (result) => ({ status: result.created ? 201 : 200, value: result.reaction }),
      fromWire: (value, status) => ({ reaction: value as Reaction, created: status === 201 }),
    }),
    removeReaction: endpoint({
      name: `remove${name}Reaction`,
      summary: `removes the caller's reaction of that name from ${what}, if any (an extension)`,
      method: 'DELETE',
      path: reactions,
      caching: 'write',
      shape: 'none',
      extension,
      body: reactionInput,
      call: (service, { params, body }: Write<`${ItemPrefix}/:id/reactions`, 'removeReaction', 1>) =>
        service.removeReaction(item(params.id), body),
    }),
  };
}

export const checkInConversation = conversationOf('/check-ins', 'check-in', 'CheckIn');
export const goalUpdateConversation = conversationOf('/goal-updates', 'goal-update', 'GoalUpdate');

/** The comment and reaction endpoints of an item. */
export const conversationOfItem = (resource: ResourceRef) =>
  resource.type === 'check-in' ? checkInConversation : goalUpdateConversation;

// --- activities ----------------------------------------------------------------------------------------

const listActivities = endpoint({
  name: 'listActivities',
  summary: 'activities of the caller and their teammates, newest first',
  method: 'GET',
  path: '/activities',
  caching: 'cached',
  shape: 'page',
  lists: [...ID_LISTS, 'kinds'],
  query: async () => (await import('../activity-input.js')).activityListParams,
  call: (service, { query }) => service.listActivities(query),
});

const createActivity = endpoint({
  name: 'createActivity',
  summary: 'records a custom activity of the caller',
  method: 'POST',
  path: '/activities',
  caching: 'write',
  shape: 'one',
  status: 201,
  body: async () => ({ zod: (await import('../activity-input.js')).activityInputSchema }),
  call: (service, { body }: Write<'/activities', 'createActivity', 0>) => service.createActivity(body),
});

const getActivity = endpoint({
  name: 'getActivity',
  summary: 'an activity',
  method: 'GET',
  path: '/activities/:id',
  caching: 'cached',
  shape: 'one',
  call: (service, { params }) => service.getActivity(params.id),
});

// --- Echo questions and answers (their answers follow the clock: next_answer_at, publishing) ------------

const listEchoQuestions = endpoint({
  name: 'listEchoQuestions',
  summary: "the caller's Echo questions, newest first",
  method: 'GET',
  path: '/echo/questions',
  caching: 'timely',
  shape: 'page',
  query: pageQuery,
  call: (service, { query }) => service.listEchoQuestions(query),
});

const createEchoQuestion = endpoint({
  name: 'createEchoQuestion',
  summary: 'creates an Echo question',
  method: 'POST',
  path: '/echo/questions',
  caching: 'write',
  shape: 'one',
  status: 201,
  body: echoInput,
  call: (service, { body }: Write<'/echo/questions', 'createEchoQuestion', 0>) =>
    service.createEchoQuestion(body),
});

const getEchoQuestion = endpoint({
  name: 'getEchoQuestion',
  summary: 'an Echo question',
  method: 'GET',
  path: '/echo/questions/:id',
  caching: 'timely',
  shape: 'one',
  call: (service, { params }) => service.getEchoQuestion(params.id),
});

const updateEchoQuestion = endpoint({
  name: 'updateEchoQuestion',
  summary: 'changes an Echo question',
  method: 'PATCH',
  path: '/echo/questions/:id',
  caching: 'write',
  shape: 'one',
  idempotent: false,
  body: echoInput,
  call: (service, { params, body }: Write<'/echo/questions/:id', 'updateEchoQuestion', 1>) =>
    service.updateEchoQuestion(params.id, body),
});

const deleteEchoQuestion = endpoint({
  name: 'deleteEchoQuestion',
  summary: 'deletes an Echo question',
  method: 'DELETE',
  path: '/echo/questions/:id',
  caching: 'write',
  shape: 'none',
  call: (service, { params }) => service.deleteEchoQuestion(params.id),
});

const pausing = { what: 'pausing and resuming Echoes', probe: getEchoQuestion };

const pauseEchoQuestion = endpoint({
  name: 'pauseEchoQuestion',
  summary: 'pauses an Echo question: no answers until it is resumed (an extension)',
  method: 'POST',
  path: '/echo/questions/:id/pause',
  caching: 'write',
  shape: 'one',
  extension: pausing,
  body: noBody,
  call: (service, { params }) => service.pauseEchoQuestion(params.id),
});

const resumeEchoQuestion = endpoint({
  name: 'resumeEchoQuestion',
  summary: 'resumes an Echo question at its next occurrence (an extension)',
  method: 'POST',
  path: '/echo/questions/:id/resume',
  caching: 'write',
  shape: 'one',
  extension: pausing,
  body: noBody,
  call: (service, { params }) => service.resumeEchoQuestion(params.id),
});

// Reading Echo answers first publishes those due, so they too follow the clock.
const listEchoAnswers = endpoint({
  name: 'listEchoAnswers',
  summary: "a question's published answers, newest first",
  method: 'GET',
  path: '/echo/questions/:id/answers',
  caching: 'timely',
  shape: 'page',
  query: pageQuery,
  call: (service, { params, query }) => service.listEchoAnswers(params.id, query),
});

const getEchoAnswer = endpoint({
  name: 'getEchoAnswer',
  summary: "one of the caller's Echo answers; its body is null while it is being written",
  method: 'GET',
  path: '/echo/answers/:id',
  caching: 'timely',
  shape: 'one',
  call: (service, { params }) => service.getEchoAnswer(params.id),
});

// --- asks (answered in the background: GET shows body null until then) ---------------------------------

const listAsks = endpoint({
  name: 'listAsks',
  summary: "the caller's asks, newest first",
  method: 'GET',
  path: '/asks',
  caching: 'cached',
  shape: 'page',
  query: pageQuery,
  call: (service, { query }) => service.listAsks(query),
});

const createAsk = endpoint({
  name: 'createAsk',
  summary: 'asks a question; answered with body null, the answer follows',
  method: 'POST',
  path: '/asks',
  caching: 'write',
  shape: 'one',
  status: 201,
  body: async () => ({
    json: {
      type: 'object',
      properties: { prompt: { type: 'string', minLength: 1, maxLength: 2000 } },
      required: ['prompt'],
    },
  }),
  call: (service, { body }: Write<'/asks', 'createAsk', 0>) => service.createAsk(body),
});

const getAsk = endpoint({
  name: 'getAsk',
  summary: "one of the caller's asks; its body is null while the answer is being written",
  method: 'GET',
  path: '/asks/:id',
  caching: 'cached',
  shape: 'one',
  call: (service, { params }) => service.getAsk(params.id),
});

// --- digest (reading publishes due Echo answers; marking read is an extension) --------------------------

const listDigest = endpoint({
  name: 'listDigest',
  summary: "the caller's digest, newest published first",
  method: 'GET',
  path: '/digest',
  caching: 'timely',
  shape: 'page',
  query: async () => ({
    ...(await pageQuery()),
    category: { schema: { type: 'string', enum: ['check-in', 'comment', 'echo', 'goal'] } },
    unread: { schema: { type: 'string', enum: ['true'] } },
    since: { schema: { type: 'string', format: 'date-time' } },
  }),
  call: (service, { query }) => service.listDigest(query),
});

const markDigestRead = endpoint({
  name: 'markDigestRead',
  summary: 'marks one digest entry read (an extension)',
  method: 'POST',
  path: '/digest/:id/read',
  caching: 'write',
  shape: 'none',
  idempotent: true,
  extension: { what: 'marking digest entries read' },
  body: noBody,
  call: (service, { params }) => service.markDigestRead(params.id),
});

const markAllDigestRead = endpoint({
  name: 'markAllDigestRead',
  summary: 'marks every unread digest entry read: how many were (an extension)',
  method: 'POST',
  path: '/digest/read',
  caching: 'write',
  shape: 'one',
  idempotent: true,
  extension: { what: 'marking digest entries read', probe: null },
  body: noBody,
  call: (service) => service.markAllDigestRead(),
  toWire: (marked) => ({ status: 200, value: { marked } }),
  fromWire: (value) => Number((value as { marked?: number } | null)?.marked ?? 0),
});

/** Every endpoint of /api/v2. */
export const v2 = {
  me,
  listPeople,
  getPerson,
  listTeams,
  getTeam,
  listCheckIns,
  getCheckIn,
  updateCheckIn,
  listGoals,
  createGoal,
  getGoal,
  updateGoal,
  deleteGoal,
  listGoalUpdates,
  createGoalUpdate,
  getGoalUpdate,
  updateGoalUpdate,
  deleteGoalUpdate,
  ...prefixed('checkIn', checkInConversation),
  ...prefixed('goalUpdate', goalUpdateConversation),
  listActivities,
  createActivity,
  getActivity,
  listEchoQuestions,
  createEchoQuestion,
  getEchoQuestion,
  updateEchoQuestion,
  deleteEchoQuestion,
  pauseEchoQuestion,
  resumeEchoQuestion,
  listEchoAnswers,
  getEchoAnswer,
  listAsks,
  createAsk,
  getAsk,
  listDigest,
  markDigestRead,
  markAllDigestRead,
};

function prefixed(prefix: string, endpoints: Record<string, AnyEndpoint<Service>>) {
  return Object.fromEntries(Object.entries(endpoints).map(([name, value]) => [`${prefix}.${name}`, value]));
}

/** v2's envelope: a resource as it is; a list as a JSON array, its position in the Link header. */
export const v2Representation: Representation = {
  write(endpoint, value) {
    if (endpoint.shape === 'page' && isPagePosition(value)) {
      return { body: value.items, position: { page: value.page, hasNext: value.hasNext } };
    }
    return { body: value };
  },
  read(endpoint, response, query) {
    if (endpoint.shape !== 'page') return response.body;
    const page: Page<unknown> = {
      items: Array.isArray(response.body) ? response.body : [],
      page: Number(query.page ?? 1),
      perPage: Number(query.per_page ?? DEFAULT_PER_PAGE),
      hasNext: nextLink(response.headers.link) !== undefined,
    };
    return page;
  },
};
