/**
 * The v2 interface as data: every endpoint of /api/v2, its call into the Service, and v2's envelope (a
 * resource as it is, a list as a JSON array with a Link header; no totals).
 */
import { TODAY_KEY } from '../check-in-due.js';
import { checkInListParams } from '../check-in-query.js';
import { goalListParams } from '../goal-query.js';
import { DEFAULT_PER_PAGE } from '../page-size.js';
import { idPrefixListParams, pageParams } from '../query-params.js';
import type { Service } from '../service.js';
import type { Page, Reaction, ResourceRef } from '../types.js';
import {
  type AnyEndpoint,
  type BodySchema,
  type Endpoint,
  type EndpointRequest,
  endpointOf,
  isPagePosition,
  type Representation,
  type Shape,
} from './define.js';
import { nextLink } from './links.js';
import {
  ACTIVITY,
  ASK,
  CHANNEL,
  CHECK_IN,
  COMMENT,
  CREATED_CHANNEL,
  checkResponse,
  DIGEST_ENTRY,
  ECHO_ANSWER,
  ECHO_QUESTION,
  GOAL,
  GOAL_UPDATE,
  MARKED,
  NOTIFICATION_DELIVERY,
  PERSON,
  REACTION,
  REMINDER_PREFERENCES,
  TEAM,
  TEAM_NOTIFICATIONS,
} from './resources.js';

const endpoint = endpointOf<Service>();

/** What a write method of the Service takes as its body: its argument `At`. */
type BodyOf<Method extends keyof Service, At extends number> = Parameters<Service[Method]>[At];
type Write<Path extends string, Method extends keyof Service, At extends number> = EndpointRequest<
  Path,
  BodyOf<Method, At>
>;

type Call<Path extends string, Body, Result> = (
  service: Service,
  request: EndpointRequest<Path, Body>,
) => Promise<Result>;

/** What an endpoint may say besides its name, path, summary and call. */
type Options<Path extends string, Body, Result> = Partial<
  Pick<
    Endpoint<Service, Path, Body, Result>,
    | 'caching'
    | 'status'
    | 'otherStatuses'
    | 'idempotent'
    | 'lists'
    | 'extension'
    | 'query'
    | 'toWire'
    | 'fromWire'
    | 'resource'
  >
> & { body?: () => Promise<BodySchema>; shape?: Shape };

/** A GET of one resource, answered from the server's cache unless it follows the clock. */
const one = <Path extends string, Result>(
  name: string,
  path: Path,
  summary: string,
  call: Call<Path, unknown, Result>,
  options: Options<Path, unknown, Result> = {},
) => endpoint({ name, summary, method: 'GET', path, caching: 'cached', shape: 'one', ...options, call });

/** A GET of a page of a list (page and per_page, unless the options say which parameters). */
const list = <Path extends string, Result>(
  name: string,
  path: Path,
  summary: string,
  call: Call<Path, unknown, Result>,
  options: Options<Path, unknown, Result> = {},
) =>
  endpoint({
    name,
    summary,
    method: 'GET',
    path,
    caching: 'cached',
    shape: 'page',
    query: pageQuery,
    ...options,
    call,
  });

/** A write: one resource back (200, or the status given), or nothing for a DELETE (204). */
const write = <Path extends string, Body, Result>(
  method: 'POST' | 'PATCH' | 'DELETE',
  name: string,
  path: Path,
  summary: string,
  call: Call<Path, Body, Result>,
  options: Options<Path, Body, Result> = {},
) =>
  endpoint({
    name,
    summary,
    method,
    path,
    caching: 'write',
    shape: method === 'DELETE' ? 'none' : 'one',
    // A changed resource may have been changed by another in between: a PATCH is not sent twice.
    ...(method === 'PATCH' ? { idempotent: false } : {}),
    ...options,
    call,
  });

const ID_LISTS = ['people_ids', 'team_ids'] as const;

// The documents' body schemas, loaded only by the OpenAPI generator (a remote command needs neither zod
// nor these parts of the core). The query parameters are checked without zod and every command loads
// them anyway: imported, so they are not split into chunks of their own.
const pageQuery = async () => pageParams;
const idPrefixQuery = async () => idPrefixListParams;
const goalInput = async () => ({ zod: (await import('../goal-input.js')).goalInputSchema });
const goalUpdateInput = async () => ({ zod: (await import('../goal-input.js')).goalUpdateInputSchema });
const commentInput = async () => ({ zod: (await import('../goal-input.js')).commentInputSchema });
const reactionInput = async () => ({ zod: (await import('../goal-input.js')).reactionInputSchema });
const echoInput = async () => ({ zod: (await import('../echo-input.js')).echoInputSchema });
const noBody = async () => ({ json: { type: 'object' } });

// --- people, teams, check-ins ----------------------------------------------------------------------

const me = one('me', '/me', 'the authenticated person', (service) => service.me(), { resource: PERSON });
const updateMe = write(
  'PATCH',
  'updateMe',
  '/me',
  "changes the caller's own name, username or time zone; other fields are refused (an extension)",
  (service, { body }: Write<'/me', 'updateMe', 0>) => service.updateMe(body),
  {
    resource: PERSON,
    // Setting the same values again changes nothing: safe to retry.
    idempotent: true,
    extension: { what: 'changing who you are', probe: null },
    body: async () => ({ zod: (await import('../person-input.js')).mePatchSchema }),
  },
);
const listPeople = list(
  'listPeople',
  '/people',
  'people',
  (service, { query }) => service.listPeople(query),
  { resource: PERSON },
);
const getPerson = one(
  'getPerson',
  '/people/:id',
  'a person',
  (service, { params }) => service.getPerson(params.id),
  { resource: PERSON },
);
const listTeams = list('listTeams', '/teams', 'teams', (service, { query }) => service.listTeams(query), {
  resource: TEAM,
});
const getTeam = one('getTeam', '/teams/:id', 'a team', (service, { params }) => service.getTeam(params.id), {
  resource: TEAM,
});

const listCheckIns = list(
  'listCheckIns',
  '/check-ins',
  'completed check-ins the caller can see, newest date first',
  (service, { query }) => service.listCheckIns(query),
  { resource: CHECK_IN, lists: ID_LISTS, query: async () => checkInListParams },
);
const getCheckIn = one(
  'getCheckIn',
  '/check-ins/:id',
  "a check-in by id, or by date (YYYY-MM-DD): the caller's own that day",
  (service, { params }) => service.getCheckIn(params.id),
  { resource: CHECK_IN },
);
// Its own route, never answered from the server's cache: which day `today` is follows the clock.
const getTodaysCheckIn = one(
  'getTodaysCheckIn',
  '/check-ins/today',
  "the caller's own check-in on their today, in their time zone; a 404 says the date and why there is none (an extension)",
  (service) => service.getCheckIn(TODAY_KEY),
  {
    resource: CHECK_IN,
    caching: 'timely',
    // A 404 with a body says the date and why; the remote service tells one without from a missing extension.
    extension: { what: "today's check-in" },
  },
);
const updateCheckIn = write(
  'PATCH',
  'updateCheckIn',
  '/check-ins/:id',
  "fills a check-in's answers (by id, or by date: the caller's own)",
  (service, { params, body }: Write<'/check-ins/:id', 'updateCheckIn', 1>) =>
    service.updateCheckIn(params.id, body),
  {
    resource: CHECK_IN,
    // Filling a check-in sets the same answers however often it is sent: safe to retry.
    idempotent: true,
    body: async () => ({ zod: (await import('../check-in-input.js')).checkInUpdateSchema }),
  },
);

const clearCheckIn = write(
  'POST',
  'clearCheckIn',
  '/check-ins/:id/clear',
  'empties a check-in back to pending, with its comments, reactions and digest entries (an extension)',
  (service, { params }) => service.clearCheckIn(params.id),
  {
    resource: CHECK_IN,
    // Clearing twice leaves the same empty check-in: safe to retry.
    idempotent: true,
    extension: { what: 'clearing check-ins', probe: getCheckIn },
    body: noBody,
  },
);

// --- goals and goal updates --------------------------------------------------------------------------

const listGoals = list(
  'listGoals',
  '/goals',
  'goals the caller can see, newest first; archived ones only through goal_ids (or archived)',
  (service, { query }) => service.listGoals(query),
  { resource: GOAL, lists: [...ID_LISTS, 'goal_ids'], query: async () => goalListParams },
);
const createGoal = write(
  'POST',
  'createGoal',
  '/goals',
  'creates a goal',
  (service, { body }: Write<'/goals', 'createGoal', 0>) => service.createGoal(body),
  { resource: GOAL, status: 201, body: goalInput },
);
const getGoal = one('getGoal', '/goals/:id', 'a goal', (service, { params }) => service.getGoal(params.id), {
  resource: GOAL,
});
const updateGoal = write(
  'PATCH',
  'updateGoal',
  '/goals/:id',
  'changes a goal',
  (service, { params, body }: Write<'/goals/:id', 'updateGoal', 1>) => service.updateGoal(params.id, body),
  { resource: GOAL, body: goalInput },
);
const deleteGoal = write('DELETE', 'deleteGoal', '/goals/:id', 'deletes a goal', (service, { params }) =>
  service.deleteGoal(params.id),
);
const listGoalUpdates = list(
  'listGoalUpdates',
  '/goals/:id/goal-updates',
  "a goal's updates, newest first",
  (service, { params, query }) => service.listGoalUpdates(params.id, query),
  { resource: GOAL_UPDATE },
);
const createGoalUpdate = write(
  'POST',
  'createGoalUpdate',
  '/goals/:id/goal-updates',
  'adds an update to a goal',
  (service, { params, body }: Write<'/goals/:id/goal-updates', 'createGoalUpdate', 1>) =>
    service.createGoalUpdate(params.id, body),
  { resource: GOAL_UPDATE, status: 201, body: goalUpdateInput },
);
const getGoalUpdate = one(
  'getGoalUpdate',
  '/goal-updates/:id',
  'a goal update',
  (service, { params }) => service.getGoalUpdate(params.id),
  { resource: GOAL_UPDATE },
);
const listGoalUpdatesByIdPrefix = list(
  'listGoalUpdatesByIdPrefix',
  '/goal-updates',
  'the goal updates the caller can see whose id starts with id_prefix (required), of every goal, in id order (an extension)',
  (service, { query }) => service.listGoalUpdatesByIdPrefix(query),
  {
    resource: GOAL_UPDATE,
    query: idPrefixQuery,
    extension: { what: 'finding goal updates by id', probe: null },
  },
);
const updateGoalUpdate = write(
  'PATCH',
  'updateGoalUpdate',
  '/goal-updates/:id',
  'changes a goal update',
  (service, { params, body }: Write<'/goal-updates/:id', 'updateGoalUpdate', 1>) =>
    service.updateGoalUpdate(params.id, body),
  { resource: GOAL_UPDATE, body: goalUpdateInput },
);
const deleteGoalUpdate = write(
  'DELETE',
  'deleteGoalUpdate',
  '/goal-updates/:id',
  'deletes a goal update',
  (service, { params }) => service.deleteGoalUpdate(params.id),
);

// --- comments and reactions on check-ins and goal updates ---------------------------------------------

type ItemPrefix = '/check-ins' | '/goal-updates';

/** The endpoints of the comments and reactions of one kind of item (check-ins or goal updates). */
function conversationOf(prefix: ItemPrefix, type: ResourceRef['type'], name: 'CheckIn' | 'GoalUpdate') {
  const item = (id: string): ResourceRef => ({ type, id });
  const what = type === 'check-in' ? 'a check-in' : 'a goal update';
  const comments = `${prefix}/:id/comments` as const;
  const reactions = `${prefix}/:id/reactions` as const;
  const listReactions = list(
    `list${name}Reactions`,
    reactions,
    `the reactions to ${what}`,
    (service, { params, query }) => service.listReactions(item(params.id), query),
    { resource: REACTION },
  );
  // Adding and removing reactions are extensions of pulse serve (the interface only lists them).
  const extension = { what: 'adding or removing reactions', probe: listReactions };
  return {
    listComments: list(
      `list${name}Comments`,
      comments,
      `the comments on ${what}, oldest first`,
      (service, { params, query }) => service.listComments(item(params.id), query),
      { resource: COMMENT },
    ),
    createComment: write(
      'POST',
      `create${name}Comment`,
      comments,
      `comments on ${what}`,
      (service, { params, body }: Write<typeof comments, 'createComment', 1>) =>
        service.createComment(item(params.id), body),
      { resource: COMMENT, status: 201, body: commentInput },
    ),
    listReactions,
    addReaction: write(
      'POST',
      `add${name}Reaction`,
      reactions,
      `adds the caller's reaction to ${what}: 201, or 200 when it was there (an extension)`,
      (service, { params, body }: Write<typeof reactions, 'addReaction', 1>) =>
        service.addReaction(item(params.id), body),
      {
        resource: REACTION,
        status: 201,
        otherStatuses: [200],
        extension,
        body: reactionInput,
        toWire: (result) => ({ status: result.created ? 201 : 200, value: result.reaction }),
        fromWire: (value, status) => ({ reaction: value as Reaction, created: status === 201 }),
      },
    ),
    removeReaction: write(
      'DELETE',
      `remove${name}Reaction`,
      reactions,
      `removes the caller's reaction of that name from ${what}, if any (an extension)`,
      (service, { params, body }: Write<typeof reactions, 'removeReaction', 1>) =>
        service.removeReaction(item(params.id), body),
      { extension, body: reactionInput },
    ),
  };
}

export const checkInConversation = conversationOf('/check-ins', 'check-in', 'CheckIn');
export const goalUpdateConversation = conversationOf('/goal-updates', 'goal-update', 'GoalUpdate');

/** The comment and reaction endpoints of an item. */
export const conversationOfItem = (resource: ResourceRef) =>
  resource.type === 'check-in' ? checkInConversation : goalUpdateConversation;

// --- activities ----------------------------------------------------------------------------------------

const listActivities = list(
  'listActivities',
  '/activities',
  'activities of the caller and their teammates, newest first',
  (service, { query }) => service.listActivities(query),
  {
    resource: ACTIVITY,
    lists: [...ID_LISTS, 'kinds'],
    query: async () => (await import('../activity-input.js')).activityListParams,
  },
);
const createActivity = write(
  'POST',
  'createActivity',
  '/activities',
  'records a custom activity of the caller',
  (service, { body }: Write<'/activities', 'createActivity', 0>) => service.createActivity(body),
  {
    resource: ACTIVITY,
    status: 201,
    body: async () => ({ zod: (await import('../activity-input.js')).activityInputSchema }),
  },
);
const getActivity = one(
  'getActivity',
  '/activities/:id',
  'an activity',
  (service, { params }) => service.getActivity(params.id),
  { resource: ACTIVITY },
);

// --- Echo questions and answers (they follow the clock: next_answer_at; reading publishes due answers) --

const timely = { caching: 'timely' } as const;

const listEchoQuestions = list(
  'listEchoQuestions',
  '/echo/questions',
  "the caller's Echo questions, newest first",
  (service, { query }) => service.listEchoQuestions(query),
  { ...timely, resource: ECHO_QUESTION },
);
const createEchoQuestion = write(
  'POST',
  'createEchoQuestion',
  '/echo/questions',
  'creates an Echo question',
  (service, { body }: Write<'/echo/questions', 'createEchoQuestion', 0>) => service.createEchoQuestion(body),
  { resource: ECHO_QUESTION, status: 201, body: echoInput },
);
const getEchoQuestion = one(
  'getEchoQuestion',
  '/echo/questions/:id',
  'an Echo question',
  (service, { params }) => service.getEchoQuestion(params.id),
  { ...timely, resource: ECHO_QUESTION },
);
const updateEchoQuestion = write(
  'PATCH',
  'updateEchoQuestion',
  '/echo/questions/:id',
  'changes an Echo question',
  (service, { params, body }: Write<'/echo/questions/:id', 'updateEchoQuestion', 1>) =>
    service.updateEchoQuestion(params.id, body),
  { resource: ECHO_QUESTION, body: echoInput },
);
const deleteEchoQuestion = write(
  'DELETE',
  'deleteEchoQuestion',
  '/echo/questions/:id',
  'deletes an Echo question',
  (service, { params }) => service.deleteEchoQuestion(params.id),
);

// Pausing and resuming are extensions of pulse serve.
const pausing = { extension: { what: 'pausing and resuming Echoes', probe: getEchoQuestion }, body: noBody };

const pauseEchoQuestion = write(
  'POST',
  'pauseEchoQuestion',
  '/echo/questions/:id/pause',
  'pauses an Echo question: no answers until it is resumed (an extension)',
  (service, { params }) => service.pauseEchoQuestion(params.id),
  { ...pausing, resource: ECHO_QUESTION },
);
const resumeEchoQuestion = write(
  'POST',
  'resumeEchoQuestion',
  '/echo/questions/:id/resume',
  'resumes an Echo question at its next occurrence (an extension)',
  (service, { params }) => service.resumeEchoQuestion(params.id),
  { ...pausing, resource: ECHO_QUESTION },
);
const listEchoAnswers = list(
  'listEchoAnswers',
  '/echo/questions/:id/answers',
  "a question's published answers, newest first",
  (service, { params, query }) => service.listEchoAnswers(params.id, query),
  { ...timely, resource: ECHO_ANSWER },
);
const getEchoAnswer = one(
  'getEchoAnswer',
  '/echo/answers/:id',
  "one of the caller's Echo answers; its body is null while it is being written",
  (service, { params }) => service.getEchoAnswer(params.id),
  { ...timely, resource: ECHO_ANSWER },
);

const listEchoAnswersByIdPrefix = list(
  'listEchoAnswersByIdPrefix',
  '/echo/answers',
  "the caller's Echo answers whose id starts with id_prefix (required), of every question, in id order (an extension)",
  (service, { query }) => service.listEchoAnswersByIdPrefix(query),
  {
    ...timely,
    resource: ECHO_ANSWER,
    query: idPrefixQuery,
    extension: { what: 'finding Echo answers by id', probe: null },
  },
);

// --- asks (answered in the background: GET shows body null until then) ---------------------------------

const listAsks = list(
  'listAsks',
  '/asks',
  "the caller's asks, newest first",
  (service, { query }) => service.listAsks(query),
  { resource: ASK },
);
const createAsk = write(
  'POST',
  'createAsk',
  '/asks',
  'asks a question; answered with body null, the answer follows',
  (service, { body }: Write<'/asks', 'createAsk', 0>) => service.createAsk(body),
  {
    resource: ASK,
    status: 201,
    body: async () => ({
      json: {
        type: 'object',
        properties: { prompt: { type: 'string', minLength: 1, maxLength: 2000 } },
        required: ['prompt'],
      },
    }),
  },
);
const getAsk = one(
  'getAsk',
  '/asks/:id',
  "one of the caller's asks; its body is null while the answer is being written",
  (service, { params }) => service.getAsk(params.id),
  { resource: ASK },
);

// --- digest (reading publishes due Echo answers; marking read is an extension) --------------------------

const listDigest = list(
  'listDigest',
  '/digest',
  "the caller's digest, newest published first",
  (service, { query }) => service.listDigest(query),
  {
    resource: DIGEST_ENTRY,
    ...timely,
    query: async () => ({
      ...(await pageQuery()),
      category: { schema: { type: 'string', enum: ['check-in', 'comment', 'echo', 'goal'] } },
      unread: { schema: { type: 'string', enum: ['true'] } },
      since: { schema: { type: 'string', format: 'date-time' } },
    }),
  },
);
const markDigestRead = write(
  'POST',
  'markDigestRead',
  '/digest/:id/read',
  'marks one digest entry read (an extension)',
  (service, { params }) => service.markDigestRead(params.id),
  { shape: 'none', idempotent: true, extension: { what: 'marking digest entries read' }, body: noBody },
);
const markAllDigestRead = write(
  'POST',
  'markAllDigestRead',
  '/digest/read',
  'marks every unread digest entry read: how many were (an extension)',
  (service) => service.markAllDigestRead(),
  {
    resource: MARKED,
    idempotent: true,
    extension: { what: 'marking digest entries read', probe: null },
    body: noBody,
    toWire: (marked) => ({ status: 200, value: { marked } }),
    fromWire: (value) => Number((value as { marked?: number } | null)?.marked ?? 0),
  },
);

// --- notifications (an extension, administrators only) --------------------------------------------

const listNotificationDeliveries = endpoint({
  name: 'listNotificationDeliveries',
  summary:
    "the deliveries to people's and teams' notification channels, newest first, in one page: state, attempts, last status or error (administrators; an extension)",
  method: 'GET',
  path: '/notifications/deliveries',
  caching: 'timely',
  shape: 'page',
  resource: NOTIFICATION_DELIVERY,
  extension: { what: 'notification deliveries', probe: null },
  query: async () => (await import('../notifications/delivery-log.js')).notificationDeliveryParams,
  response: async () => (await import('../notifications/delivery-schemas.js')).NOTIFICATION_DELIVERIES_SCHEMA,
  call: (service, { query }) => service.listNotificationDeliveries(query),
});
// --- reminders and notifications (extensions of pulse serve, issue 31) ---------------------------------

const settingsInput = () => import('../notifications/settings-input.js');
const noPaging = async () => ({});
const teamSettings = { what: 'reminders and notifications', probe: getTeam };
const mySettings = { what: 'reminders and notifications', probe: null };

const getTeamNotifications = one(
  'getTeamNotifications',
  '/teams/:id/notifications',
  "a team's reminder times (each member's own time zone) and daily summary time (an extension)",
  (service, { params }) => service.getTeamNotifications(params.id),
  { resource: TEAM_NOTIFICATIONS, ...timely, extension: teamSettings },
);
const updateTeamNotifications = write(
  'PATCH',
  'updateTeamNotifications',
  '/teams/:id/notifications',
  "sets a team's reminder and summary times, the fields given (null clears one); its managers and administrators (an extension)",
  (service, { params, body }: Write<'/teams/:id/notifications', 'updateTeamNotifications', 1>) =>
    service.updateTeamNotifications(params.id, body),
  {
    resource: TEAM_NOTIFICATIONS,
    idempotent: true,
    extension: teamSettings,
    body: async () => ({ zod: (await settingsInput()).teamNotificationsSchema }),
  },
);
const listTeamChannels = list(
  'listTeamChannels',
  '/teams/:id/channels',
  "a team's notification channels, oldest first, without secrets; its managers and administrators (an extension)",
  (service, { params }) => service.listTeamChannels(params.id),
  { resource: CHANNEL, ...timely, query: noPaging, extension: teamSettings },
);
const addTeamChannel = write(
  'POST',
  'addTeamChannel',
  '/teams/:id/channels',
  'adds a channel to a team: a webhook (json, slack) or an email address, with the events it receives (an extension)',
  (service, { params, body }: Write<'/teams/:id/channels', 'addTeamChannel', 1>) =>
    service.addTeamChannel(params.id, body),
  {
    resource: CREATED_CHANNEL,
    status: 201,
    extension: teamSettings,
    body: async () => ({ zod: (await settingsInput()).channelSchema }),
  },
);
const removeTeamChannel = write(
  'DELETE',
  'removeTeamChannel',
  '/teams/:id/channels/:channel',
  'removes a channel of a team, with its pending deliveries (an extension)',
  (service, { params }) => service.removeTeamChannel(params.id, params.channel),
  { extension: { what: 'reminders and notifications' } },
);
const getMyReminders = one(
  'getMyReminders',
  '/me/reminders',
  "the caller's reminder choice: their teams' times, their own, or none (an extension)",
  (service) => service.getMyReminders(),
  { resource: REMINDER_PREFERENCES, ...timely, extension: mySettings },
);
const updateMyReminders = write(
  'PATCH',
  'updateMyReminders',
  '/me/reminders',
  "sets the caller's reminder choice; times given without a mode mean their own (an extension)",
  (service, { body }: Write<'/me/reminders', 'updateMyReminders', 0>) => service.updateMyReminders(body),
  {
    resource: REMINDER_PREFERENCES,
    idempotent: true,
    extension: mySettings,
    body: async () => ({ zod: (await settingsInput()).reminderPreferencesSchema }),
  },
);
const listMyChannels = list(
  'listMyChannels',
  '/me/channels',
  "the caller's reminder channels, oldest first, without secrets (an extension)",
  (service) => service.listMyChannels(),
  { resource: CHANNEL, ...timely, query: noPaging, extension: mySettings },
);
const addMyChannel = write(
  'POST',
  'addMyChannel',
  '/me/channels',
  "adds a reminder channel: a webhook (json, slack) or email to the caller's own address (an extension)",
  (service, { body }: Write<'/me/channels', 'addMyChannel', 0>) => service.addMyChannel(body),
  {
    resource: CREATED_CHANNEL,
    status: 201,
    extension: mySettings,
    body: async () => ({ zod: (await settingsInput()).channelSchema }),
  },
);
const removeMyChannel = write(
  'DELETE',
  'removeMyChannel',
  '/me/channels/:id',
  "removes one of the caller's reminder channels, with its pending deliveries (an extension)",
  (service, { params }) => service.removeMyChannel(params.id),
  { extension: { what: 'reminders and notifications' } },
);

/** Every endpoint of /api/v2. */
export const v2 = {
  me,
  updateMe,
  listPeople,
  getPerson,
  listTeams,
  getTeam,
  listCheckIns,
  getTodaysCheckIn,
  getCheckIn,
  updateCheckIn,
  clearCheckIn,
  listGoals,
  createGoal,
  getGoal,
  updateGoal,
  deleteGoal,
  listGoalUpdates,
  createGoalUpdate,
  getGoalUpdate,
  listGoalUpdatesByIdPrefix,
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
  listEchoAnswersByIdPrefix,
  listAsks,
  createAsk,
  getAsk,
  listDigest,
  markDigestRead,
  markAllDigestRead,
  listNotificationDeliveries,
  getTeamNotifications,
  updateTeamNotifications,
  listTeamChannels,
  addTeamChannel,
  removeTeamChannel,
  getMyReminders,
  updateMyReminders,
  listMyChannels,
  addMyChannel,
  removeMyChannel,
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
  read(endpoint, response, query, request) {
    if (endpoint.shape !== 'page') return response.body;
    // Anything but a list (a redirect's empty body, a proxy's object) would read as an empty page.
    checkResponse('page', response.body, undefined, request);
    const page: Page<unknown> = {
      items: Array.isArray(response.body) ? response.body : [],
      page: Number(query.page ?? 1),
      perPage: Number(query.per_page ?? DEFAULT_PER_PAGE),
      hasNext: nextLink(response.headers.link) !== undefined,
    };
    return page;
  },
};
