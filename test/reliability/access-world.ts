/**
 * The world the access tests run in: the fixture account (ana administrator, ben in Core, cy in Core and
 * Design, dee alone in the private team Secret, eve in no team) on a real `pulse serve` app, with dee's
 * private content in every kind of resource, each carrying a marker string, and the credentials of every
 * actor the matrix knows. Made through the store's own services and admin API, so nothing is faked.
 */
import type { Service } from '../../src/core/service.js';
import { type SteppingClock, steppingClock } from '../helpers/clock.js';
import { oauthTokens } from '../helpers/oauth.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import type { FixtureIds } from '../helpers/store.js';
import { SQLITE, type StoreUnderTest } from '../helpers/stores.js';

/** In dee's team content (check-in, goal, comments, activity, tag): only Secret's members and admins see it. */
export const TEAM_MARKER = 'zqxsecretmarker';
/** In dee's personal content (ask, Echo question): only dee sees it, administrators included. */
export const PERSONAL_MARKER = 'zqxpersonalmarker';

/** Request headers an actor sends; none for the anonymous. */
export type Credentials = Record<string, string>;

export interface World {
  server: TestServer;
  clock: SteppingClock;
  /** Person and team ids of the fixture (ana, ben, cy, dee, eve, core, design, secret). */
  ids: FixtureIds;
  /** Dee's resources, by name. */
  dee: {
    checkIn: string;
    checkInDate: string;
    goal: string;
    goalUpdate: string;
    checkInComment: string;
    goalUpdateComment: string;
    reaction: string;
    activity: string;
    ask: string;
    echoQuestion: string;
    echoAnswer: string;
    digestEntry: string;
    tag: string;
  };
  /** Secret's v1 resources, by name. */
  v1: { report: string; status: string; statusActivity: string; member: string; memberSlug: string };
  /** A status page notice (public). */
  notice: number;
  /** A status page component (public; changed by administrators only). */
  component: number;
  /** Bearer tokens: dee's of each kind, and the write tokens of the others. */
  tokens: {
    deeWrite: string;
    deeRead: string;
    deeExpired: string;
    deeRevoked: string;
    ana: string;
    ben: string;
    cy: string;
    eve: string;
    /** dee's OAuth access tokens, from the authorization code flow of pulse-cli. */
    deeOAuthRead: string;
    deeOAuthWrite: string;
  };
  /** v1 keys: Secret's current and rotated-out ones, and Core's. */
  keys: { secret: string; secretOld: string; core: string };
  /** A service as a person (write scope), for setting up per-cell resources. */
  as(person: string): Service;
  bearer(token: string): Credentials;
  teamKey(teamId: string, key: string): Credentials;
}

/** The clock starts on a Monday, a report day of Secret; Echo answers are published on Tuesday. */
const MONDAY = '2026-11-23';

/** The world on a store of this kind: SQLite unless told. */
export async function buildWorld(storeUnderTest: StoreUnderTest = SQLITE): Promise<World> {
  const clock = steppingClock(`${MONDAY}T10:00:00Z`);
  const server = await startTestServer({ store: storeUnderTest, clock, echoSchedulerMs: null });
  const { store, ids } = server.fixture;
  const person = (key: string) => ids[key] as string;
  const as = (key: string) => store.serviceFor(person(key));
  const dee = as('dee');

  const checkIn = await dee.updateCheckIn(MONDAY, {
    previous: `Worked on ${TEAM_MARKER} #${TEAM_MARKER}tag`,
    intentions: `More ${TEAM_MARKER}`,
    blockers: `Blocked by ${TEAM_MARKER}`,
  });
  const goal = await dee.createGoal({
    title: `Goal ${TEAM_MARKER}`,
    description: `About ${TEAM_MARKER}`,
    private: true,
    team_ids: [person('secret')],
  });
  const goalUpdate = await dee.createGoalUpdate(goal.id, {
    title: `Update ${TEAM_MARKER}`,
    body: TEAM_MARKER,
  });
  const checkInComment = await dee.createComment(
    { type: 'check-in', id: checkIn.id },
    { body: `Comment ${TEAM_MARKER}` },
  );
  const goalUpdateComment = await dee.createComment(
    { type: 'goal-update', id: goalUpdate.id },
    { body: `Comment ${TEAM_MARKER}` },
  );
  const reaction = await dee.addReaction({ type: 'check-in', id: checkIn.id }, { name: 'heart' });
  const activity = await dee.createActivity({
    group: `Group ${TEAM_MARKER}`,
    description: `Did ${TEAM_MARKER}`,
    url: `https://example.com/${TEAM_MARKER}`,
  });
  const ask = await dee.createAsk({ prompt: `What about ${TEAM_MARKER} and ${PERSONAL_MARKER}?` });
  const echoQuestion = await dee.createEchoQuestion({
    prompt: `What happened with ${TEAM_MARKER} ${PERSONAL_MARKER}?`,
    title: `Echo ${PERSONAL_MARKER}`,
    answer_frequency: 'daily',
    answer_time: '09:00',
    // Dee's team reports on Mondays and Wednesdays; the world needs Tuesday's answer.
    every_day: true,
  });
  await server.app.answers.queue.idle();

  const admin = store.admin;
  const token = async (scope: 'read' | 'write', expiresIn?: number) =>
    (await admin.createToken({ person: 'dee@example.com', scope, ...(expiresIn ? { expiresIn } : {}) }))
      .token;
  const deeRead = await token('read');
  const deeExpired = await token('write', 3600);
  const deeRevoked = await token('write');
  await admin.revokeToken(deeRevoked);
  const secretOld = (await admin.teamApiKey('Secret')).apiKey;
  const secretKey = (await admin.teamApiKey('Secret', { rotate: true })).apiKey;
  const coreKey = (await admin.teamApiKey('Core')).apiKey;

  const secretTeam = store.teamServiceFor(person('secret'));
  const statusActivity = await secretTeam.createStatusActivity({
    email: 'dee@example.com',
    source: 'github',
    description: `Pushed ${TEAM_MARKER}`,
  });
  const report = await secretTeam.getReport(MONDAY);
  const status = await secretTeam.getStatus(checkIn.id);
  const member = await secretTeam.getMember(person('dee'));

  const component = await store.statusAdmin.addComponent({ name: 'API' });
  const notice = await store.statusAdmin.addNotice({
    type: 'unplanned',
    subject: 'Slow answers',
    component_ids: [component.id],
  });

  // Past the expired token's hour, and past 09:00 on Tuesday: dee's Echo answer is due and published.
  clock.set('2026-11-24T10:00:00Z');
  const answers = await dee.listEchoAnswers(echoQuestion.id);
  const echoAnswer = answers.items[0]?.id;
  const digest = await dee.listDigest();
  const digestEntry = digest.items[0]?.id;
  if (!echoAnswer || !digestEntry) throw new Error('the world has no Echo answer or digest entry for dee');
  await server.app.answers.queue.idle();

  return {
    server,
    clock,
    ids,
    dee: {
      checkIn: checkIn.id,
      checkInDate: MONDAY,
      goal: goal.id,
      goalUpdate: goalUpdate.id,
      checkInComment: checkInComment.id,
      goalUpdateComment: goalUpdateComment.id,
      reaction: reaction.reaction.id,
      activity: activity.id,
      ask: ask.id,
      echoQuestion: echoQuestion.id,
      echoAnswer,
      digestEntry,
      tag: `${TEAM_MARKER}tag`,
    },
    v1: {
      report: report.id,
      status: status.id,
      statusActivity: statusActivity.id,
      member: member.id,
      memberSlug: member.slug,
    },
    notice: notice.id,
    component: component.id,
    tokens: {
      deeWrite: server.tokens.dee as string,
      deeRead,
      deeExpired,
      deeRevoked,
      ana: server.tokens.ana as string,
      ben: server.tokens.ben as string,
      cy: server.tokens.cy as string,
      eve: server.tokens.eve as string,
      deeOAuthRead: (await oauthTokens(server.fixture.store, server.url, { scope: 'read' })).access_token,
      deeOAuthWrite: (await oauthTokens(server.fixture.store, server.url, { scope: 'write' })).access_token,
    },
    keys: { secret: secretKey, secretOld, core: coreKey },
    as,
    bearer: (value) => ({ authorization: `Bearer ${value}` }),
    teamKey: (teamId, key) => ({ 'x-team-id': teamId, 'x-api-key': key }),
  };
}
