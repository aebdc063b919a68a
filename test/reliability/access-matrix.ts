/**
 * The access matrix: every route `pulse serve` registers (v2, v1 and the status page) against every kind
 * of caller, and the status each must get, as the interface documents (v2: 401 for a missing, malformed,
 * expired or revoked token, 403 for a scope or person lacking permission, 404 for what the caller cannot
 * see; v1: 401 for invalid credentials, data scoped to the key's team; the status page: public).
 *
 * Targets are dee's resources in the private team Secret (access-world.ts), so each actor's relation to
 * them differs: dee owns them, ben (Core) and eve (no team) are outsiders, ana is an administrator.
 */
import { DOCUMENTS } from '../../src/core/endpoints/documents.js';
import { type Credentials, PERSONAL_MARKER, TEAM_MARKER, type World } from './access-world.js';

export const ACTORS = [
  'none',
  'malformed',
  'expired',
  'revoked',
  'read',
  'write',
  'otherTeam',
  'nonMember',
  'admin',
  'v1Team',
  'v1OtherTeam',
  'v1WrongTeam',
  // OAuth access tokens (issue 10): on v2 the same as a personal token of their scope; 401 on v1.
  'oauthRead',
  'oauthWrite',
] as const;
export type Actor = (typeof ACTORS)[number];

/** What each actor sends. */
export const ACTOR_CREDENTIALS: Record<Actor, { describe: string; headers: (w: World) => Credentials }> = {
  none: { describe: 'no credentials', headers: () => ({}) },
  malformed: {
    describe: 'a malformed token (and a malformed v1 key)',
    headers: (w) => ({
      authorization: 'Bearer service_pat_not a token!',
      ...w.teamKey(w.ids.secret as string, 'not a key!'),
    }),
  },
  expired: { describe: "dee's expired token", headers: (w) => w.bearer(w.tokens.deeExpired) },
  revoked: {
    describe: "dee's revoked token (and Secret's rotated-out v1 key)",
    headers: (w) => ({
      ...w.bearer(w.tokens.deeRevoked),
      ...w.teamKey(w.ids.secret as string, w.keys.secretOld),
    }),
  },
  read: { describe: "dee's read-scope token", headers: (w) => w.bearer(w.tokens.deeRead) },
  write: { describe: "dee's write-scope token (the owner)", headers: (w) => w.bearer(w.tokens.deeWrite) },
  otherTeam: { describe: 'ben, a member of another team (Core)', headers: (w) => w.bearer(w.tokens.ben) },
  nonMember: { describe: 'eve, in no team', headers: (w) => w.bearer(w.tokens.eve) },
  admin: { describe: 'ana, an administrator', headers: (w) => w.bearer(w.tokens.ana) },
  v1Team: {
    describe: "Secret's v1 key",
    headers: (w) => w.teamKey(w.ids.secret as string, w.keys.secret),
  },
  v1OtherTeam: {
    describe: "Core's v1 key (another team's)",
    headers: (w) => w.teamKey(w.ids.core as string, w.keys.core),
  },
  v1WrongTeam: {
    describe: "Core's v1 key sent with Secret's team id",
    headers: (w) => w.teamKey(w.ids.secret as string, w.keys.core),
  },
  oauthRead: {
    describe: "dee's OAuth access token, read scope",
    headers: (w) => w.bearer(w.tokens.deeOAuthRead),
  },
  oauthWrite: {
    describe: "dee's OAuth access token, write scope",
    headers: (w) => w.bearer(w.tokens.deeOAuthWrite),
  },
};

export interface Call {
  url: string;
  body?: unknown;
}

export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  /** The route as Fastify registers it (with :params). */
  route: string;
  /**
   * For v1 and status paths: this entry stands for every method the path does not declare (each answers
   * 405 with Allow from one handler); it is sent as `method`.
   */
  otherMethods?: boolean;
  /** The request for one cell; may make a fresh target, so a cell that deletes leaves the next its own. */
  call: (w: World) => Call | Promise<Call>;
  expect: Record<Actor, number>;
}

const UNAUTHENTICATED_V2: Actor[] = [
  'none',
  'malformed',
  'expired',
  'revoked',
  'v1Team',
  'v1OtherTeam',
  'v1WrongTeam',
];

/**
 * A v2 row: the statuses of dee (write scope), the outsiders, and the administrator. A read-scope token is
 * dee's own for reads and a 403 for every write, before anything else is looked at.
 */
function v2(
  method: Endpoint['method'],
  route: string,
  call: Endpoint['call'],
  expect: { write: number; otherTeam: number; nonMember: number; admin: number },
  /** dee's OAuth write token comes after dee's personal one: what dee gets doing it a second time. */
  again = expect.write,
): Endpoint {
  const read = method === 'GET' ? expect.write : 403;
  const expected = { ...expect, read, oauthRead: read, oauthWrite: again } as Record<Actor, number>;
  for (const actor of UNAUTHENTICATED_V2) expected[actor] = 401;
  return { method, route: `/api/v2${route}`, call, expect: expected };
}

/** Every v2 caller alike (own data, lists, creation): one status for all authenticated actors. */
const everyone = (status: number) => ({ write: status, otherTeam: status, nonMember: status, admin: status });
/** dee's private resource: the owner and the administrator see it, outsiders get 404. */
const deeAndAdmin = (status: number) => ({ write: status, otherTeam: 404, nonMember: 404, admin: status });
/** dee's personal resource (asks, Echoes, digest): only dee, not even an administrator. */
const deeOnly = (status: number) => ({ write: status, otherTeam: 404, nonMember: 404, admin: 404 });

/** A v1 row: Secret's key gets `own`, Core's key `otherTeam`, everyone else 401. */
function v1(
  method: Endpoint['method'],
  route: string,
  call: Endpoint['call'],
  own: number,
  otherTeam: number,
) {
  const expected = Object.fromEntries(ACTORS.map((actor) => [actor, 401])) as Record<Actor, number>;
  expected.v1Team = own;
  expected.v1OtherTeam = otherTeam;
  return { method, route: `/api/v1${route}`, call, expect: expected } satisfies Endpoint;
}

/** A status page row: public, the same for everyone whatever they send. */
function status(method: Endpoint['method'], route: string, call: Endpoint['call'], code: number): Endpoint {
  const expected = Object.fromEntries(ACTORS.map((actor) => [actor, code])) as Record<Actor, number>;
  return { method, route: `/status/api/v1${route}`, call, expect: expected };
}

/** A row of the status page's feeds and badge (/status/feed.atom, ...): public like the interface. */
function statusFeed(method: Endpoint['method'], route: string, code: number): Endpoint {
  const expected = Object.fromEntries(ACTORS.map((actor) => [actor, code])) as Record<Actor, number>;
  return { method, route: `/status${route}`, call: () => ({ url: route }), expect: expected };
}

const path = (url: string) => () => ({ url });
const withBody = (url: string, body: unknown) => () => ({ url, body });

/** A fresh private goal of dee's, for a cell that deletes one. */
const freshGoal = async (w: World) =>
  (await w.as('dee').createGoal({ title: `Goal ${TEAM_MARKER}`, private: true, team_ids: [w.ids.secret] }))
    .id;
/** dee's Wednesday check-in, filled (again) for a cell that clears it. */
const filledCheckIn = async (w: World) =>
  (await w.as('dee').updateCheckIn('2026-11-25', { previous: 'p', intentions: 'i', blockers: 'none' })).id;
const freshGoalUpdate = async (w: World) =>
  (await w.as('dee').createGoalUpdate(w.dee.goal, { title: 'u' })).id;
const freshEcho = async (w: World) =>
  (
    await w.as('dee').createEchoQuestion({
      prompt: `Echo ${PERSONAL_MARKER}`,
      title: `Echo ${PERSONAL_MARKER}`,
      answer_frequency: 'weekly',
      answer_day: 'friday',
      answer_time: '09:00',
    })
  ).id;

let absenceDay = 0;
/** A date not used before: each absence cell adds a new one. */
const nextAbsenceDate = () =>
  new Date(Date.UTC(2027, 0, 1) + ++absenceDay * 86_400_000).toISOString().slice(0, 10);

let channelCount = 0;
/** A channel URL not used before: a person or team has one channel per URL. */
const nextChannelUrl = () => `https://hooks.example.com/${++channelCount}`;
/** A fresh channel of Secret, added by the administrator, for a cell that removes one. */
const freshTeamChannel = async (w: World) =>
  (await w.as('ana').addTeamChannel(w.ids.secret as string, { url: nextChannelUrl() })).id;
/** A fresh reminder channel of dee's, for a cell that removes one. */
const freshMyChannel = async (w: World) => (await w.as('dee').addMyChannel({ url: nextChannelUrl() })).id;
/** A team's notification settings: its managers and administrators; a plain member (dee) gets 403. */
const managersOnly = (status: number) => ({ write: 403, otherTeam: 404, nonMember: 404, admin: status });

/** The status page's administration: administrators only (a 403 for everyone else). */
const adminOnly = (status: number) => ({ write: 403, otherTeam: 403, nonMember: 403, admin: status });

const v2Endpoints = (): Endpoint[] => [
  v2('GET', '/me', path('/me'), everyone(200)),
  // Each changes only themselves: the same time zone again is a 200 with nothing changed.
  v2('PATCH', '/me', withBody('/me', { time_zone: 'Europe/Berlin' }), everyone(200)),
  v2('GET', '/status/components', path('/status/components'), adminOnly(200)),
  v2('PUT', '/status/page', withBody('/status/page', { name: 'Acme status' }), adminOnly(200)),
  v2('POST', '/status/components', withBody('/status/components', { name: 'Billing' }), adminOnly(201)),
  v2(
    'PUT',
    '/status/components/:id/state',
    (w) => ({ url: `/status/components/${w.component}/state`, body: { state: 'degraded' } }),
    adminOnly(200),
  ),
  v2(
    'PUT',
    '/status/components/:id/position',
    (w) => ({ url: `/status/components/${w.component}/position`, body: { position: 1 } }),
    adminOnly(200),
  ),
  v2(
    'POST',
    '/status/notices',
    withBody('/status/notices', { type: 'unplanned', subject: 'Errors' }),
    adminOnly(201),
  ),
  v2(
    'POST',
    '/status/notices/:id/updates',
    (w) => ({ url: `/status/notices/${w.notice}/updates`, body: { content: 'Still looking' } }),
    adminOnly(200),
  ),
  // Webhook subscribers (an extension): administrators only, listing included (it names their URLs).
  v2(
    'POST',
    '/status/webhooks',
    withBody('/status/webhooks', { url: 'https://hooks.example.com/pulse' }),
    adminOnly(201),
  ),
  v2('GET', '/status/webhooks', path('/status/webhooks'), adminOnly(200)),
  // No such webhook: the administrator's 404, everyone else's 403 before any lookup.
  v2('DELETE', '/status/webhooks/:id', path('/status/webhooks/999999'), adminOnly(404)),
  v2('GET', '/status/webhook-deliveries', path('/status/webhook-deliveries'), adminOnly(200)),
  // The notification channels' delivery log (issue 31): administrators only.
  v2('GET', '/notifications/deliveries', path('/notifications/deliveries'), adminOnly(200)),
  v2('GET', '/people', path('/people'), everyone(200)),
  v2('GET', '/people/:id', (w) => ({ url: `/people/${w.ids.dee}` }), everyone(200)),
  v2('GET', '/teams', path('/teams'), everyone(200)),
  v2('GET', '/teams/:id', (w) => ({ url: `/teams/${w.ids.secret}` }), deeAndAdmin(200)),

  v2('GET', '/check-ins', path('/check-ins'), everyone(200)),
  v2('GET', '/check-ins/:id', (w) => ({ url: `/check-ins/${w.dee.checkIn}` }), deeAndAdmin(200)),
  // Each caller's own check-in on their today (an extension): on the matrix's Tuesday dee's teams do not
  // report (404, with the date and why), the other team's member's and the administrator's do.
  v2('GET', '/check-ins/today', path('/check-ins/today'), {
    write: 404,
    otherTeam: 200,
    nonMember: 404,
    admin: 200,
  }),
  // Only its author may change a check-in, administrators included.
  v2('PATCH', '/check-ins/:id', (w) => ({ url: `/check-ins/${w.dee.checkIn}`, body: { mood: 'happy' } }), {
    write: 200,
    otherTeam: 404,
    nonMember: 404,
    admin: 403,
  }),
  // Its author or an administrator may clear a check-in (an extension).
  v2(
    'POST',
    '/check-ins/:id/clear',
    async (w) => ({ url: `/check-ins/${await filledCheckIn(w)}/clear` }),
    deeAndAdmin(200),
  ),
  v2(
    'GET',
    '/check-ins/:id/comments',
    (w) => ({ url: `/check-ins/${w.dee.checkIn}/comments` }),
    deeAndAdmin(200),
  ),
  v2(
    'POST',
    '/check-ins/:id/comments',
    (w) => ({ url: `/check-ins/${w.dee.checkIn}/comments`, body: { body: 'a comment' } }),
    deeAndAdmin(201),
  ),
  v2(
    'GET',
    '/check-ins/:id/reactions',
    (w) => ({ url: `/check-ins/${w.dee.checkIn}/reactions` }),
    deeAndAdmin(200),
  ),
  v2(
    'POST',
    '/check-ins/:id/reactions',
    (w) => ({ url: `/check-ins/${w.dee.checkIn}/reactions`, body: { name: 'tada' } }),
    deeAndAdmin(201),
    200, // the reaction is there already: the existing one
  ),
  v2(
    'DELETE',
    '/check-ins/:id/reactions',
    (w) => ({ url: `/check-ins/${w.dee.checkIn}/reactions`, body: { name: 'tada' } }),
    deeAndAdmin(204),
  ),

  v2('GET', '/goals', path('/goals'), everyone(200)),
  v2('POST', '/goals', withBody('/goals', { title: 'A goal of my own' }), everyone(201)),
  v2('GET', '/goals/:id', (w) => ({ url: `/goals/${w.dee.goal}` }), deeAndAdmin(200)),
  v2(
    'PATCH',
    '/goals/:id',
    (w) => ({ url: `/goals/${w.dee.goal}`, body: { archived: false } }),
    deeAndAdmin(200),
  ),
  v2('DELETE', '/goals/:id', async (w) => ({ url: `/goals/${await freshGoal(w)}` }), deeAndAdmin(204)),
  v2(
    'GET',
    '/goals/:id/goal-updates',
    (w) => ({ url: `/goals/${w.dee.goal}/goal-updates` }),
    deeAndAdmin(200),
  ),
  v2(
    'POST',
    '/goals/:id/goal-updates',
    (w) => ({ url: `/goals/${w.dee.goal}/goal-updates`, body: { title: 'progress' } }),
    deeAndAdmin(201),
  ),
  v2('GET', '/goal-updates/:id', (w) => ({ url: `/goal-updates/${w.dee.goalUpdate}` }), deeAndAdmin(200)),
  // A list: the others get it without dee's private goal's update.
  v2(
    'GET',
    '/goal-updates',
    (w) => ({ url: `/goal-updates?id_prefix=${w.dee.goalUpdate.slice(0, 4)}` }),
    everyone(200),
  ),
  v2(
    'PATCH',
    '/goal-updates/:id',
    (w) => ({ url: `/goal-updates/${w.dee.goalUpdate}`, body: { progress: 10 } }),
    deeAndAdmin(200),
  ),
  v2(
    'DELETE',
    '/goal-updates/:id',
    async (w) => ({ url: `/goal-updates/${await freshGoalUpdate(w)}` }),
    deeAndAdmin(204),
  ),
  v2(
    'GET',
    '/goal-updates/:id/comments',
    (w) => ({ url: `/goal-updates/${w.dee.goalUpdate}/comments` }),
    deeAndAdmin(200),
  ),
  v2(
    'POST',
    '/goal-updates/:id/comments',
    (w) => ({ url: `/goal-updates/${w.dee.goalUpdate}/comments`, body: { body: 'a comment' } }),
    deeAndAdmin(201),
  ),
  v2(
    'GET',
    '/goal-updates/:id/reactions',
    (w) => ({ url: `/goal-updates/${w.dee.goalUpdate}/reactions` }),
    deeAndAdmin(200),
  ),
  v2(
    'POST',
    '/goal-updates/:id/reactions',
    (w) => ({ url: `/goal-updates/${w.dee.goalUpdate}/reactions`, body: { name: 'tada' } }),
    deeAndAdmin(201),
    200, // the reaction is there already: the existing one
  ),
  v2(
    'DELETE',
    '/goal-updates/:id/reactions',
    (w) => ({ url: `/goal-updates/${w.dee.goalUpdate}/reactions`, body: { name: 'tada' } }),
    deeAndAdmin(204),
  ),

  v2('GET', '/activities', path('/activities'), everyone(200)),
  v2(
    'POST',
    '/activities',
    withBody('/activities', { group: 'g', description: 'd', url: 'https://example.com/a' }),
    everyone(201),
  ),
  // Activities reach the people of one's teams: Secret's member and administrators.
  v2('GET', '/activities/:id', (w) => ({ url: `/activities/${w.dee.activity}` }), deeAndAdmin(200)),

  v2('GET', '/asks', path('/asks'), everyone(200)),
  v2('POST', '/asks', withBody('/asks', { prompt: 'What happened this week?' }), everyone(201)),
  v2('GET', '/asks/:id', (w) => ({ url: `/asks/${w.dee.ask}` }), deeOnly(200)),

  v2('GET', '/echo/questions', path('/echo/questions'), everyone(200)),
  v2(
    'POST',
    '/echo/questions',
    withBody('/echo/questions', {
      prompt: 'What shipped?',
      title: 'Weekly',
      answer_frequency: 'weekly',
      answer_day: 'friday',
      answer_time: '16:00',
    }),
    everyone(201),
  ),
  v2('GET', '/echo/questions/:id', (w) => ({ url: `/echo/questions/${w.dee.echoQuestion}` }), deeOnly(200)),
  v2(
    'PATCH',
    '/echo/questions/:id',
    (w) => ({ url: `/echo/questions/${w.dee.echoQuestion}`, body: { answer_time: '09:00' } }),
    deeOnly(200),
  ),
  v2(
    'DELETE',
    '/echo/questions/:id',
    async (w) => ({ url: `/echo/questions/${await freshEcho(w)}` }),
    deeOnly(204),
  ),
  v2(
    'POST',
    '/echo/questions/:id/pause',
    async (w) => ({ url: `/echo/questions/${await freshEcho(w)}/pause` }),
    deeOnly(200),
  ),
  v2(
    'POST',
    '/echo/questions/:id/resume',
    async (w) => {
      const id = await freshEcho(w);
      await w.as('dee').pauseEchoQuestion(id);
      return { url: `/echo/questions/${id}/resume` };
    },
    deeOnly(200),
  ),
  v2(
    'GET',
    '/echo/questions/:id/answers',
    (w) => ({ url: `/echo/questions/${w.dee.echoQuestion}/answers` }),
    deeOnly(200),
  ),
  v2('GET', '/echo/answers/:id', (w) => ({ url: `/echo/answers/${w.dee.echoAnswer}` }), deeOnly(200)),
  // A list of the caller's own answers: the others get an empty one.
  v2(
    'GET',
    '/echo/answers',
    (w) => ({ url: `/echo/answers?id_prefix=${w.dee.echoAnswer.slice(0, 4)}` }),
    everyone(200),
  ),

  v2('GET', '/digest', path('/digest'), everyone(200)),
  v2('POST', '/digest/read', path('/digest/read'), everyone(200)),
  v2('POST', '/digest/:id/read', (w) => ({ url: `/digest/${w.dee.digestEntry}/read` }), deeOnly(204)),

  // Reminders and notifications (issue 31): a team's are its managers' and administrators' (dee is a
  // plain member of Secret); a person's are their own.
  v2(
    'GET',
    '/teams/:id/notifications',
    (w) => ({ url: `/teams/${w.ids.secret}/notifications` }),
    deeAndAdmin(200),
  ),
  v2(
    'PATCH',
    '/teams/:id/notifications',
    (w) => ({ url: `/teams/${w.ids.secret}/notifications`, body: { remind_at: '09:30' } }),
    managersOnly(200),
  ),
  v2('GET', '/teams/:id/channels', (w) => ({ url: `/teams/${w.ids.secret}/channels` }), managersOnly(200)),
  v2(
    'POST',
    '/teams/:id/channels',
    (w) => ({ url: `/teams/${w.ids.secret}/channels`, body: { url: nextChannelUrl() } }),
    managersOnly(201),
  ),
  v2(
    'DELETE',
    '/teams/:id/channels/:channel',
    async (w) => ({ url: `/teams/${w.ids.secret}/channels/${await freshTeamChannel(w)}` }),
    managersOnly(204),
  ),
  v2('GET', '/me/reminders', path('/me/reminders'), everyone(200)),
  v2('PATCH', '/me/reminders', withBody('/me/reminders', { mode: 'off' }), everyone(200)),
  v2('GET', '/me/channels', path('/me/channels'), everyone(200)),
  v2('POST', '/me/channels', () => ({ url: '/me/channels', body: { url: nextChannelUrl() } }), everyone(201)),
  v2(
    'DELETE',
    '/me/channels/:id',
    async (w) => ({ url: `/me/channels/${await freshMyChannel(w)}` }),
    deeOnly(204),
  ),
];

const v1Endpoints = (): Endpoint[] => [
  v1('GET', '/members', path('/members'), 200, 200),
  v1('GET', '/members/:id', (w) => ({ url: `/members/${w.v1.member}` }), 200, 404),
  v1('GET', '/reports', path('/reports'), 200, 200),
  v1('GET', '/reports/:id', (w) => ({ url: `/reports/${w.v1.report}` }), 200, 404),
  v1('GET', '/statuses', path('/statuses'), 200, 200),
  v1('GET', '/statuses/:id', (w) => ({ url: `/statuses/${w.v1.status}` }), 200, 404),
  v1(
    'GET',
    '/status_activities/:id',
    (w) => ({ url: `/status_activities/${w.v1.statusActivity}` }),
    200,
    404,
  ),
  // dee is not a member of Core: her address matches no member of the key's team.
  v1(
    'POST',
    '/status_activities',
    withBody('/status_activities', { email: 'dee@example.com', source: 'github', description: 'Pushed' }),
    201,
    422,
  ),
  v1('GET', '/tags', path('/tags'), 200, 200),
  // A tag no status of the team carries is not found, whoever else uses it.
  v1('GET', '/tags/:tag', (w) => ({ url: `/tags/${w.dee.tag}` }), 200, 404),
  // The lists are the key's team's: another team's key gets its own (here empty) list.
  v1('GET', '/comments', path('/comments'), 200, 200),
  v1('GET', '/comments/:id', (w) => ({ url: `/comments/${w.dee.checkInComment}` }), 200, 404),
  v1('GET', '/reactions', path('/reactions'), 200, 200),
  v1('GET', '/reactions/:id', (w) => ({ url: `/reactions/${w.dee.reaction}` }), 200, 404),
  v1('GET', '/member_absences', path('/member_absences'), 200, 200),
  v1('GET', '/team_absences', path('/team_absences'), 200, 200),
  v1(
    'POST',
    '/member_absences/:id',
    (w) => ({ url: `/member_absences/${w.v1.member}`, body: { date: nextAbsenceDate() } }),
    201,
    404,
  ),
  v1(
    'DELETE',
    '/member_absences/:id/:date',
    async (w) => {
      const date = nextAbsenceDate();
      await w.server.fixture.store.admin.addMemberAbsence('dee@example.com', date);
      return { url: `/member_absences/${w.v1.member}/${date}` };
    },
    204,
    404,
  ),
  // A team absence is the key's own team's: Core's key adds Core's holiday.
  v1(
    'POST',
    '/team_absences',
    () => ({ url: '/team_absences', body: { date: nextAbsenceDate() } }),
    201,
    201,
  ),
  v1(
    'DELETE',
    '/team_absences/:date',
    async (w) => {
      const date = nextAbsenceDate();
      const admin = w.server.fixture.store.admin;
      await admin.addTeamAbsence('Secret', date);
      await admin.addTeamAbsence('Core', date);
      return { url: `/team_absences/${date}` };
    },
    204,
    204,
  ),
];

const V1_PATHS = [
  '/members',
  '/members/:id',
  '/reports',
  '/reports/:id',
  '/statuses',
  '/statuses/:id',
  '/status_activities',
  '/status_activities/:id',
  '/tags',
  '/tags/:tag',
  '/comments',
  '/comments/:id',
  '/reactions',
  '/reactions/:id',
  '/member_absences',
  '/member_absences/:id',
  '/member_absences/:id/:date',
  '/team_absences',
  '/team_absences/:date',
];

/** Each v1 path answers every method it does not declare with 405, past authentication. */
const v1NotAllowed = (): Endpoint[] =>
  V1_PATHS.map((route) => ({
    ...v1('PUT', route, (w) => ({ url: fill(route, w) }), 405, 405),
    otherMethods: true,
  }));

/** A v1 path with ids of Secret's resources (the 405 does not depend on them). */
function fill(route: string, w: World): string {
  return route
    .replace(':tag', w.dee.tag)
    .replace(':date', '2027-02-01')
    .replace(':id', route.startsWith('/member') ? w.v1.member : w.v1.status);
}

const statusEndpoints = (): Endpoint[] => [
  status('GET', '/status', path('/status'), 200),
  status('GET', '/components', path('/components'), 200),
  status('GET', '/notices', path('/notices'), 200),
  status('GET', '/notices/:id', (w) => ({ url: `/notices/${w.notice}` }), 200),
  ...['/status', '/components', '/notices', '/notices/:id'].map((route) => ({
    ...status('PUT', route, (w) => ({ url: route.replace(':id', String(w.notice)) }), 405),
    otherMethods: true,
  })),
  ...['/feed.atom', '/maintenance.ics', '/badge.svg'].flatMap((route) => [
    statusFeed('GET', route, 200),
    { ...statusFeed('PUT', route, 405), otherMethods: true },
  ]),
];

/**
 * The OAuth authorization server: public (credentials play no part; Bearer tokens are not how a client
 * authenticates there), so every actor gets the same. Requests without the parameters are refused: 400.
 */
function oauth(method: Endpoint['method'], route: string, code: number): Endpoint {
  const expected = Object.fromEntries(ACTORS.map((actor) => [actor, code])) as Record<Actor, number>;
  return { method, route, call: path(route), expect: expected };
}

const oauthEndpoints = (): Endpoint[] => [
  oauth('GET', '/.well-known/oauth-authorization-server', 200),
  oauth('GET', '/oauth/authorize', 400),
  oauth('POST', '/oauth/authorize', 400),
  oauth('POST', '/oauth/token', 400),
  oauth('POST', '/oauth/revoke', 400),
];

/** The HTML status page and its incident pages: public, the same for everyone whatever they send. */
function statusPage(route: string, call: Endpoint['call'], code: number): Endpoint {
  const expected = Object.fromEntries(ACTORS.map((actor) => [actor, code])) as Record<Actor, number>;
  return { method: 'GET', route, call, expect: expected };
}

const statusPageEndpoints = (): Endpoint[] => [
  statusPage('/status', path('/status'), 200),
  // Under /status/ the rows are relative to /status, as the feeds' are (prefixOf).
  statusPage('/status/', path('/'), 200),
  statusPage('/status/incidents/:id', (w) => ({ url: `/incidents/${w.notice}` }), 200),
];

/** The interfaces' OpenAPI documents, each beside its interface: public, the same for everyone. */
const documentEndpoints = (): Endpoint[] =>
  DOCUMENTS.map(({ path: route }) => ({
    method: 'GET',
    route,
    call: path('/openapi.json'),
    expect: Object.fromEntries(ACTORS.map((actor) => [actor, 200])) as Record<Actor, number>,
  }));

/** The whole matrix: every endpoint of the three interfaces, their documents and the OAuth server. */
export function accessMatrix(): Endpoint[] {
  return [
    ...v2Endpoints(),
    ...v1Endpoints(),
    ...v1NotAllowed(),
    ...statusEndpoints(),
    ...statusPageEndpoints(),
    ...oauthEndpoints(),
    ...documentEndpoints(),
  ];
}

/** The prefix an endpoint's `call` URL is relative to. */
export function prefixOf(endpoint: Endpoint): string {
  if (endpoint.route.startsWith('/api/v2')) return '/api/v2';
  if (endpoint.route.startsWith('/api/v1')) return '/api/v1';
  if (endpoint.route.startsWith('/status/api/v1')) return '/status/api/v1';
  // The status page's HTML pages, feeds and badge, beside its interface.
  return endpoint.route.startsWith('/status/') ? '/status' : '';
}

/**
 * The routes a Fastify app has registered, as "METHOD /path" (HEAD left out: Fastify adds it to every
 * GET), read from printRoutes' tree: each line is a path segment under the line it is indented below.
 */
export function registeredRoutes(tree: string): Set<string> {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + (match[2] as string);
    stack.push(full);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.add(`${method} ${full}`);
    }
  }
  return routes;
}
