/**
 * Nothing private leaks: dee's content in the private team Secret carries TEAM_MARKER, her asks and Echoes
 * PERSONAL_MARKER. Every outsider (ben in Core, cy in Core and Design, eve in no team, Core's v1 key) crawls
 * everything they can reach (lists with every filter, dee's resources by id, pages by their Link headers,
 * the digest, their own Asks and Echo answers written from the store) and the marker appears in no body
 * and no header; the administrator sees Secret but never dee's personal items. An outsider's whole crawl,
 * bodies, ETags and Link headers, is the same before and after dee writes more in Secret, so no count or
 * ETag depends on what they cannot see. On SQLite, and on PostgreSQL in the full tier
 * (test/helpers/stores.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../helpers/store.js';
import { STORES } from '../helpers/stores.js';
import { buildWorld, type Credentials, PERSONAL_MARKER, TEAM_MARKER, type World } from './access-world.js';

/** The world of the describe block running (one per store). */
let world: World;

interface Seen {
  url: string;
  status: number;
  body: string;
  headers: string;
  etag: string | null;
  link: string | null;
}

let requests = 0;

async function get(url: string, credentials: Credentials): Promise<Seen> {
  const response = await fetch(`${world.server.url}${url}`, { headers: credentials });
  requests++;
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  return {
    url,
    status: response.status,
    body: await response.text(),
    headers,
    etag: response.headers.get('etag'),
    link: response.headers.get('link'),
  };
}

/** The GETs of dee's private resources, by id (their owner and administrators may read them). */
function deeResourceUrls(w: World): string[] {
  const d = w.dee;
  return [
    `/api/v2/teams/${w.ids.secret}`,
    `/api/v2/check-ins/${d.checkIn}`,
    `/api/v2/check-ins/${d.checkIn}/comments`,
    `/api/v2/check-ins/${d.checkIn}/reactions`,
    `/api/v2/goals/${d.goal}`,
    `/api/v2/goals/${d.goal}/goal-updates`,
    `/api/v2/goal-updates/${d.goalUpdate}`,
    `/api/v2/goal-updates/${d.goalUpdate}/comments`,
    `/api/v2/goal-updates/${d.goalUpdate}/reactions`,
    `/api/v2/activities/${d.activity}`,
    ...deePersonalUrls(w),
  ];
}

/** dee's personal resources: nobody else, administrators included. */
function deePersonalUrls(w: World): string[] {
  const d = w.dee;
  return [
    `/api/v2/asks/${d.ask}`,
    `/api/v2/echo/questions/${d.echoQuestion}`,
    `/api/v2/echo/questions/${d.echoQuestion}/answers`,
    `/api/v2/echo/answers/${d.echoAnswer}`,
  ];
}

/** Lists, with every filter that could name Secret or dee, one item a page so Link shows any count. */
function v2ListUrls(w: World): string[] {
  const { secret, dee } = w.ids;
  const lists = [
    '/check-ins',
    '/goals',
    '/activities',
    '/people',
    '/teams',
    '/asks',
    '/echo/questions',
    '/digest',
  ];
  const filters = [
    '',
    `team_ids[]=${secret}`,
    `people_ids[]=${dee}`,
    `people_ids[]=${dee}&team_ids[]=${secret}`,
    'since=2026-01-01',
    'blocked=true',
    `goal_ids[]=${w.dee.goal}`,
    'since=2026-01-01T00:00:00Z',
    'category=check-in',
    'category=goal',
    'category=comment',
    'category=echo',
  ];
  const urls = ['/api/v2/me', ...['ana', 'ben', 'cy', 'dee', 'eve'].map((p) => `/api/v2/people/${w.ids[p]}`)];
  for (const list of lists) {
    for (const filter of filters) urls.push(`/api/v2${list}?per_page=1${filter ? `&${filter}` : ''}`);
  }
  return urls;
}

function v1Urls(w: World): string[] {
  const d = w.dee;
  return [
    '/api/v1/members',
    '/api/v1/members?q=dee',
    '/api/v1/members?q=Roy',
    `/api/v1/members/${w.v1.member}`,
    `/api/v1/members/${w.v1.memberSlug}`,
    `/api/v1/statuses/2026-11-23-${w.v1.memberSlug}`,
    '/api/v1/reports',
    '/api/v1/reports/2026-11-23',
    `/api/v1/reports/${w.v1.report}`,
    '/api/v1/statuses',
    `/api/v1/statuses/${w.v1.status}`,
    `/api/v1/status_activities/${w.v1.statusActivity}`,
    '/api/v1/tags',
    `/api/v1/tags/${d.tag}`,
    `/api/v1/comments/${d.checkInComment}`,
    `/api/v1/reactions/${d.reaction}`,
  ];
}

/** GETs every URL and every page its Link header names, once each. */
async function crawl(urls: string[], credentials: Credentials): Promise<Seen[]> {
  const seen = new Map<string, Seen>();
  const queue = [...urls];
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (seen.has(url)) continue;
    const result = await get(url, credentials);
    seen.set(url, result);
    for (const match of (result.link ?? '').matchAll(/<([^>]+)>/g)) {
      const next = (match[1] as string).replace(PUBLIC_URL, '');
      if (!seen.has(next)) queue.push(next);
    }
  }
  return [...seen.values()];
}

/**
 * Where a forbidden string shows in a crawl's bodies or headers. A string the request itself carries
 * (an error naming the id asked for) is the caller's own: that such an answer is the same as for an id
 * that never existed is checked apart.
 */
function leaks(results: Seen[], forbidden: string[], inBodiesOnly: string[] = []): string[] {
  const found: string[] = [];
  for (const result of results) {
    const notAsked = (text: string) => !decodeURIComponent(result.url).includes(text);
    for (const text of forbidden.filter(notAsked)) {
      if (result.body.includes(text) || result.headers.includes(text)) found.push(`${result.url}: ${text}`);
    }
    for (const text of inBodiesOnly.filter(notAsked))
      if (result.body.includes(text)) found.push(`${result.url} (body): ${text}`);
  }
  return found;
}

/** dee's private ids and Secret's: no outsider's body may name them. */
const privateIds = (w: World) => [
  w.ids.secret as string,
  ...Object.entries(w.dee)
    .filter(([name]) => !['checkInDate', 'tag'].includes(name))
    .map(([, id]) => id),
  w.v1.report,
  w.v1.statusActivity,
];

const outsiders = ['ben', 'cy', 'eve'] as const;

for (const store of STORES)
  describe(`no leaks of private content on ${store.kind}`, () => {
    beforeAll(async () => {
      world = await buildWorld(store);
      requests = 0;
    });
    afterAll(async () => {
      await world?.server.close();
    });

    it('shows outsiders no marker, no private id and no trace of Secret anywhere, before and after dee writes', async () => {
      const w = world;
      const v2Urls = [...v2ListUrls(w), ...deeResourceUrls(w)];
      const crawlAll = async () => {
        const results: Record<string, Seen[]> = {};
        for (const person of outsiders) results[person] = await crawl(v2Urls, w.bearer(w.tokens[person]));
        results.coreKey = await crawl(v1Urls(w), w.teamKey(w.ids.core as string, w.keys.core));
        return results;
      };
      const before = await crawlAll();

      // dee writes more in Secret: a check-in, a private goal and its update, a comment, an activity.
      const dee = w.as('dee');
      const checkIn = await dee.updateCheckIn('2026-11-18', {
        previous: `More ${TEAM_MARKER}`,
        blockers: TEAM_MARKER,
      });
      const goal = await dee.createGoal({ title: TEAM_MARKER, private: true, team_ids: [w.ids.secret] });
      await dee.createGoalUpdate(goal.id, { body: TEAM_MARKER, progress: 50 });
      await dee.createComment({ type: 'check-in', id: checkIn.id }, { body: TEAM_MARKER });
      await dee.createActivity({
        group: TEAM_MARKER,
        description: TEAM_MARKER,
        url: 'https://example.com/x',
      });
      const after = await crawlAll();

      for (const [actor, results] of Object.entries(after)) {
        const forbidden = [TEAM_MARKER, PERSONAL_MARKER];
        expect([
          actor,
          leaks([...results, ...(before[actor] ?? [])], forbidden, [...privateIds(w), '"Secret"']),
        ]).toEqual([actor, []]);
        // Status, body, ETag and Link of every request: unchanged by what the actor cannot see.
        const view = (list: Seen[]) =>
          list.map(({ url, status, body, etag, link }) => ({ url, status, body, etag, link }));
        expect(view(results)).toEqual(view(before[actor] ?? []));
      }

      // dee's resources are as absent as ids (and tags) that never existed: the same status and body, but
      // for the name asked for.
      const sameAsNever = async (url: string, credentials: Credentials) => {
        const missing = url.includes(w.dee.tag) ? 'zqxnosuchtag' : randomUUID();
        const random = url.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|zqxsecretmarkertag/, missing);
        const real = await get(url, credentials);
        const never = await get(random, credentials);
        const asked = /[0-9a-f]{8}-[0-9a-f-]{27}|zqxsecretmarkertag/.exec(url)?.[0] as string;
        expect([url, real.status, real.body]).toEqual([
          url,
          never.status,
          never.body.replace(missing, asked),
        ]);
      };
      for (const person of outsiders) {
        for (const url of deeResourceUrls(w)) await sameAsNever(url, w.bearer(w.tokens[person]));
      }
      for (const url of v1Urls(w).filter((url) => /[0-9a-f]{8}-|zqx/.test(url))) {
        await sameAsNever(url, w.teamKey(w.ids.core as string, w.keys.core));
      }
    });

    it("shows the administrator Secret but never dee's asks, Echoes or their answers", async () => {
      const w = world;
      const results = await crawl([...v2ListUrls(w), ...deePersonalUrls(w)], w.bearer(w.tokens.ana));
      const personal = [PERSONAL_MARKER, w.dee.ask, w.dee.echoQuestion, w.dee.echoAnswer, w.dee.digestEntry];
      expect(leaks(results, [PERSONAL_MARKER], personal)).toEqual([]);
      // The administrator does see Secret: the crawl reaches it.
      expect(results.some((result) => result.body.includes(TEAM_MARKER))).toBe(true);
    });

    it("writes outsiders' Asks and Echo answers without quoting anything private", async () => {
      const w = world;
      const prompts = [
        'What did Dee Roy work on and what blocked her?',
        'What is the Secret team working on? Any blockers or goals?',
        'Summarise every check-in, goal, comment and activity of everyone this month.',
      ];
      const asked: { actor: (typeof outsiders)[number] | 'ana'; id: string }[] = [];
      const questions: { actor: (typeof outsiders)[number] | 'ana'; id: string }[] = [];
      for (const actor of [...outsiders, 'ana'] as const) {
        const service = w.as(actor);
        for (const prompt of prompts) asked.push({ actor, id: (await service.createAsk({ prompt })).id });
        const question = await service.createEchoQuestion({
          prompt: prompts[2],
          title: 'Everything',
          answer_frequency: 'daily',
          answer_time: '09:00',
        });
        questions.push({ actor, id: question.id });
      }
      await w.server.app.answers.queue.idle();
      // Past 09:00 the next day in every actor's zone: each Echo has an answer due, published on reading.
      w.clock.set('2026-11-26T00:00:00Z');
      const results: Record<string, Seen[]> = {};
      for (const { actor, id } of questions) {
        const credentials = w.bearer(w.tokens[actor]);
        results[actor] = [
          ...(results[actor] ?? []),
          ...(await crawl(
            [`/api/v2/echo/questions/${id}/answers`, '/api/v2/digest?category=echo'],
            credentials,
          )),
        ];
      }
      await w.server.app.answers.queue.idle();
      for (const { actor, id } of asked) {
        results[actor]?.push(await get(`/api/v2/asks/${id}`, w.bearer(w.tokens[actor])));
      }
      for (const { actor, id } of questions) {
        const credentials = w.bearer(w.tokens[actor]);
        const answers = await get(`/api/v2/echo/questions/${id}/answers`, credentials);
        results[actor]?.push(answers);
        for (const answer of JSON.parse(answers.body) as { id: string }[]) {
          results[actor]?.push(await get(`/api/v2/echo/answers/${answer.id}`, credentials));
        }
      }
      let written = 0;
      for (const [actor, seen] of Object.entries(results)) {
        const forbidden = actor === 'ana' ? [PERSONAL_MARKER] : [TEAM_MARKER, PERSONAL_MARKER];
        expect([actor, leaks(seen, forbidden)]).toEqual([actor, []]);
        written += seen.filter((s) => /"body":"/.test(s.body)).length;
      }
      // The answers were written (not null) and the administrator's do draw on Secret: the check can fail.
      expect(written).toBeGreaterThanOrEqual(asked.length + questions.length);
      expect(results.ana?.some((s) => s.body.includes(TEAM_MARKER))).toBe(true);
      console.log(
        `no-leaks on ${store.kind}: ${requests} requests crawled by 3 outsiders, Core's v1 key and the administrator`,
      );
    });
  });
