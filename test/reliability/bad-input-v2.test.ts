import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_KINDS } from '../../src/core/activity-input.js';
import { FREQUENCIES } from '../../src/core/echo-schedule.js';
import { CADENCES, MAX_TEXT, MAX_TITLE } from '../../src/core/goal-field-rules.js';
import { MAX_PER_PAGE } from '../../src/core/page-size.js';
import type { TestServer } from '../helpers/server.js';
import { STORES } from '../helpers/stores.js';
import {
  type Answer,
  assertEveryEndpointRefusesBadInput,
  expectDescribedAsDocumented,
  expectErrorsBody,
  normalisePath,
  routesOf,
  runsPerEndpoint,
  soaksOn,
  startServer,
  Tally,
  timeoutForRuns,
} from './bad-input.js';
import type { Endpoint, Interface, QueryKind } from './requests.js';

/** The interface reference, extension routes included (docs/reference/README.md). */
const REFERENCE = new URL('../../docs/reference/v2.md', import.meta.url);
const PREFIX = '/api/v2';

const page: Record<string, QueryKind> = {
  page: { type: 'page' },
  per_page: { type: 'per_page', max: MAX_PER_PAGE },
};
const text = (max?: number) =>
  max === undefined ? { type: 'text' as const } : { type: 'text' as const, max };

/** Every v2 endpoint, over the seeded resources in `ids`. */
function endpoints(ids: Record<string, string>): Endpoint[] {
  const id = (name: string) => ({ id: { valid: ids[name] as string, kind: 'id' as const } });
  const conversations = (prefix: string, resource: string): Endpoint[] => [
    { method: 'GET', path: `${prefix}/:id/comments`, params: id(resource), query: page },
    {
      method: 'POST',
      path: `${prefix}/:id/comments`,
      params: id(resource),
      body: { base: { body: 'Nice' }, fields: { body: text(MAX_TEXT) }, required: ['body'] },
    },
    { method: 'GET', path: `${prefix}/:id/reactions`, params: id(resource), query: page },
    {
      method: 'POST',
      path: `${prefix}/:id/reactions`,
      params: id(resource),
      body: { base: { name: 'heart' }, fields: { name: text() }, required: ['name'] },
    },
    {
      method: 'DELETE',
      path: `${prefix}/:id/reactions`,
      params: id(resource),
      body: { base: { name: 'tada' }, fields: { name: text() }, required: ['name'] },
    },
  ];
  const goal = {
    title: text(MAX_TITLE),
    description: text(MAX_TEXT),
    start_date: { type: 'date' as const },
    end_date: { type: 'date' as const },
    update_cadence: { type: 'enum' as const, values: CADENCES },
    owner_id: { type: 'id' as const },
    parent_id: { type: 'id' as const },
    private: { type: 'bool' as const },
    archived: { type: 'bool' as const },
    contributor_ids: { type: 'ids' as const },
    team_ids: { type: 'ids' as const },
  };
  const goalUpdate = {
    title: text(MAX_TITLE),
    body: text(MAX_TEXT),
    progress: { type: 'score' as const },
    confidence: { type: 'score' as const },
  };
  const echo = {
    prompt: text(2000),
    title: text(MAX_TITLE),
    answer_frequency: { type: 'enum' as const, values: FREQUENCIES },
    answer_day: { type: 'enum' as const, values: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] },
    answer_time: { type: 'time' as const },
    every_day: { type: 'bool' as const },
  };
  const echoBase = {
    prompt: 'What did I ship?',
    title: 'Shipped',
    answer_frequency: 'weekly',
    answer_day: 'friday',
    answer_time: '16:00',
  };
  return [
    { method: 'GET', path: '/me' },
    {
      method: 'PATCH',
      path: '/me',
      body: {
        base: { name: 'Ben Okafor' },
        fields: { name: text(255), username: text(39), time_zone: text() },
      },
    },
    { method: 'GET', path: '/people', query: page },
    { method: 'GET', path: '/people/:id', params: id('ben') },
    { method: 'GET', path: '/teams', query: page },
    { method: 'GET', path: '/teams/:id', params: id('core') },
    // The caller's check-in on their today (an extension): nothing to get wrong but the method.
    { method: 'GET', path: '/check-ins/today' },
    {
      method: 'GET',
      path: '/check-ins',
      query: {
        ...page,
        since: { type: 'date' },
        until: { type: 'date' },
        blocked: { type: 'bool' },
        people_ids: { type: 'ids' },
        team_ids: { type: 'ids' },
      },
    },
    { method: 'GET', path: '/check-ins/:id', params: id('checkIn') },
    {
      method: 'PATCH',
      path: '/check-ins/:id',
      params: { id: { valid: ids.checkIn as string, kind: 'key' } },
      body: {
        base: { previous: 'Wrote tests' },
        fields: {
          previous: text(20_000),
          intentions: text(20_000),
          blockers: text(20_000),
          mood: { type: 'enum', values: ['great', 'good', 'okay', 'bad', 'awful'] },
          previous_completed: { type: 'bool' },
          team_ids: { type: 'ids' },
        },
      },
    },
    {
      method: 'GET',
      path: '/goals',
      query: {
        ...page,
        since: { type: 'date' },
        people_ids: { type: 'ids' },
        team_ids: { type: 'ids' },
        goal_ids: { type: 'ids' },
        archived: { type: 'bool' },
      },
    },
    {
      method: 'POST',
      path: '/goals',
      body: { base: { title: 'Ship it' }, fields: goal, required: ['title'] },
    },
    { method: 'GET', path: '/goals/:id', params: id('goal') },
    {
      method: 'PATCH',
      path: '/goals/:id',
      params: id('goal'),
      body: { base: { title: 'Ship it' }, fields: goal },
    },
    { method: 'DELETE', path: '/goals/:id', params: id('goal') },
    { method: 'GET', path: '/goals/:id/goal-updates', params: id('goal'), query: page },
    {
      method: 'POST',
      path: '/goals/:id/goal-updates',
      params: id('goal'),
      body: { base: { title: 'Halfway' }, fields: goalUpdate, required: ['title'] },
    },
    { method: 'GET', path: '/goal-updates/:id', params: id('goalUpdate') },
    { method: 'GET', path: '/goal-updates', query: page },
    {
      method: 'PATCH',
      path: '/goal-updates/:id',
      params: id('goalUpdate'),
      body: { base: { progress: 60 }, fields: goalUpdate },
    },
    { method: 'DELETE', path: '/goal-updates/:id', params: id('goalUpdate') },
    {
      method: 'POST',
      path: '/check-ins/:id/clear',
      params: { id: { valid: ids.checkIn as string, kind: 'key' } },
    },
    ...conversations('/check-ins', 'checkIn'),
    ...conversations('/goal-updates', 'goalUpdate'),
    {
      method: 'GET',
      path: '/activities',
      query: {
        ...page,
        since: { type: 'datetime' },
        until: { type: 'datetime' },
        kinds: { type: 'list', values: ACTIVITY_KINDS },
        people_ids: { type: 'ids' },
        team_ids: { type: 'ids' },
      },
    },
    {
      method: 'POST',
      path: '/activities',
      body: {
        base: { group: 'Deploys', description: 'Shipped 1.2', url: 'https://example.com/1.2' },
        fields: { group: text(64), description: text(256), url: { type: 'url' } },
        required: ['group'],
      },
    },
    { method: 'GET', path: '/activities/:id', params: id('activity') },
    { method: 'GET', path: '/echo/questions', query: page },
    { method: 'POST', path: '/echo/questions', body: { base: echoBase, fields: echo, required: ['prompt'] } },
    { method: 'GET', path: '/echo/questions/:id', params: id('echo') },
    {
      method: 'PATCH',
      path: '/echo/questions/:id',
      params: id('echo'),
      body: { base: { title: 'Shipped' }, fields: echo },
    },
    { method: 'DELETE', path: '/echo/questions/:id', params: id('echo') },
    { method: 'POST', path: '/echo/questions/:id/pause', params: id('echo') },
    { method: 'POST', path: '/echo/questions/:id/resume', params: id('echo') },
    { method: 'GET', path: '/echo/questions/:id/answers', params: id('echo'), query: page },
    { method: 'GET', path: '/echo/answers/:id', params: id('echo') },
    { method: 'GET', path: '/echo/answers', query: page },
    { method: 'GET', path: '/asks', query: page },
    {
      method: 'POST',
      path: '/asks',
      body: { base: { prompt: 'What did Core ship?' }, fields: { prompt: text(2000) }, required: ['prompt'] },
    },
    { method: 'GET', path: '/asks/:id', params: id('ask') },
    {
      method: 'GET',
      path: '/digest',
      query: {
        ...page,
        category: { type: 'enum', values: ['check-in', 'comment', 'echo', 'goal'] },
        unread: { type: 'true' },
        since: { type: 'datetime' },
      },
    },
    { method: 'POST', path: '/digest/:id/read', params: id('digestEntry') },
    { method: 'POST', path: '/digest/read' },
    // Administrators only (Ana); the integer parameters' bounds are checked by the core's tests.
    { method: 'GET', path: '/notifications/deliveries', query: { failed: { type: 'bool' } } },
    // Reminders and notifications (extensions). A channel's secret is left out: odd but legal text makes
    // a channel, and the same URL again is a 409 by design, not bad input.
    { method: 'GET', path: '/teams/:id/notifications', params: id('core') },
    {
      method: 'PATCH',
      path: '/teams/:id/notifications',
      params: id('core'),
      body: {
        base: { remind_at: '09:30' },
        fields: {
          remind_at: { type: 'time' },
          remind_again_at: { type: 'time' },
          summary_at: { type: 'time' },
          summary_time_zone: text(),
        },
      },
    },
    { method: 'GET', path: '/teams/:id/channels', params: id('core') },
    {
      method: 'POST',
      path: '/teams/:id/channels',
      params: id('core'),
      body: {
        base: { url: 'https://hooks.example.com/core' },
        fields: {
          url: { type: 'url' },
          format: { type: 'enum', values: ['json', 'slack', 'email'] },
          email: text(320),
        },
        required: ['url'],
      },
    },
    {
      method: 'DELETE',
      path: '/teams/:id/channels/:channel',
      params: {
        id: { valid: ids.core as string, kind: 'id' },
        channel: { valid: ids.teamChannel as string, kind: 'int' },
      },
    },
    { method: 'GET', path: '/me/reminders' },
    {
      method: 'PATCH',
      path: '/me/reminders',
      body: {
        base: { mode: 'team' },
        fields: {
          mode: { type: 'enum', values: ['team', 'own', 'off'] },
          remind_at: { type: 'time' },
          remind_again_at: { type: 'time' },
        },
      },
    },
    { method: 'GET', path: '/me/channels' },
    {
      method: 'POST',
      path: '/me/channels',
      body: {
        base: { url: 'https://hooks.example.com/ben' },
        fields: {
          url: { type: 'url' },
          format: { type: 'enum', values: ['json', 'slack', 'email'] },
          email: text(320),
        },
        required: ['url'],
      },
    },
    {
      method: 'DELETE',
      path: '/me/channels/:id',
      params: { id: { valid: ids.myChannel as string, kind: 'int' } },
    },
  ];
}

/** Resources of Ben's (and a comment and reaction of Ana's on them) for the endpoints to reach. */
async function seed(server: TestServer): Promise<Record<string, string>> {
  const { store, ids } = server.fixture;
  const ben = store.serviceFor(ids.ben as string);
  const ana = store.serviceFor(ids.ana as string);
  const checkIn = await ben.updateCheckIn('2026-11-20', {
    previous: 'Wrote the #launch notes',
    intentions: 'Ship',
    blockers: 'none',
  });
  const goal = await ben.createGoal({ title: 'Launch', team_ids: [ids.core] });
  const goalUpdate = await ben.createGoalUpdate(goal.id, { title: 'Halfway', progress: 50 });
  await ana.createComment({ type: 'check-in', id: checkIn.id }, { body: 'Nice' });
  await ana.addReaction({ type: 'check-in', id: checkIn.id }, { name: 'tada' });
  const activity = await ben.createActivity({ group: 'Deploys', description: 'Shipped 1.1' });
  const echo = await ben.createEchoQuestion({
    prompt: 'What did I ship?',
    title: 'Shipped',
    answer_frequency: 'weekly',
    answer_day: 'friday',
    answer_time: '16:00',
  });
  const ask = await ben.createAsk({ prompt: 'What did Core ship?' });
  const teamChannel = await ana.addTeamChannel(ids.core as string, {
    url: 'https://hooks.example.com/seeded',
  });
  const myChannel = await ben.addMyChannel({ url: 'https://hooks.example.com/seeded' });
  await server.app.answers.queue.idle();
  const digest = await ben.listDigest({});
  const entry = digest.items[0] as { id: string } | undefined;
  if (!entry) throw new Error('the seed made no digest entry for Ben');
  return {
    ...ids,
    checkIn: checkIn.id,
    goal: goal.id,
    goalUpdate: goalUpdate.id,
    activity: activity.id,
    echo: echo.id,
    ask: ask.id,
    digestEntry: entry.id,
    teamChannel: String(teamChannel.id),
    myChannel: String(myChannel.id),
  };
}

/** 400, 413 and 422 carry `errors`; every other 4xx has an empty body. */
function checkBody(answer: Answer): void {
  if ([400, 413, 422].includes(answer.status)) expectErrorsBody(answer);
  else expect(answer.text, `${answer.status} must have an empty body`).toBe('');
}

for (const store of STORES) {
  describe(`v2 bad input on ${store.kind}`, () => {
    let server: TestServer;
    let api: Interface;
    const tally = new Tally(`v2 on ${store.kind}`, soaksOn(store));

    beforeAll(async () => {
      server = await startServer(store);
      const ids = await seed(server);
      api = {
        name: 'v2',
        prefix: PREFIX,
        endpoints: endpoints(ids),
        // Ben owns the seeded resources; the others reach some, and refusals must look the same for them.
        credentials: fc
          .constantFrom('ben', 'ben', 'ben', 'ana', 'cy', 'dee', 'eve')
          .map((person) => ({ authorization: `Bearer ${server.tokens[person]}` })),
        otherMethodStatus: 404,
        acceptChecked: false,
      };
    });

    afterAll(() => {
      console.log(tally.summary(api.endpoints.length));
    });

    it('describes every route the server has, and every one the interface documents', () => {
      const described = api.endpoints.map((e) => `${e.method} ${normalisePath(PREFIX + e.path)}`);
      expect(new Set(described).size).toBe(described.length);
      // /api/v2/status/... is the status page's administration (core/endpoints/status-admin.ts): an
      // interface of its own, with its own OpenAPI document and error bodies on 403 and 404.
      const served = routesOf(server).filter(
        (route) =>
          route.includes(` ${PREFIX}/`) &&
          !route.includes(` ${PREFIX}/status/`) &&
          !route.startsWith('HEAD '),
      );
      expect(served.sort()).toEqual([...described].sort());
      expectDescribedAsDocumented(
        described,
        REFERENCE,
        PREFIX,
        20,
        (route) => !route.includes(` ${PREFIX}/status/`),
      );
    });

    it(
      'gets a 4xx with the documented body for every kind of bad input, and the store unchanged',
      async () => {
        await assertEveryEndpointRefusesBadInput({
          server,
          api,
          numRuns: runsPerEndpoint(25, store),
          tally,
          checkBody,
        });
        // Still serving after all of it.
        const me = await fetch(`${server.url}${PREFIX}/me`, {
          headers: { authorization: `Bearer ${server.tokens.ben}` },
        });
        expect(me.status).toBe(200);
      },
      timeoutForRuns(120_000, store),
    );
  });
}
