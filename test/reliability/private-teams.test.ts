/**
 * A private team's id is as good as no id to those outside it (issue 24, item 9): every list or read that
 * takes a team answers a non-member who names a private team exactly as it answers a team that does not
 * exist, the same status, body and headers but for the id asked for. Fay is in Core and in the private
 * team Secret and writes there what a Core member could otherwise find through Secret's id: a public goal
 * of Secret's, a check-in included in Core and Secret, an activity.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let secret: string;
let coreKey: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const { store, ids } = server.fixture;
  secret = ids.secret;
  const { admin } = store;
  const fay = await admin.addPerson({
    name: 'Fay Lund',
    email: 'fay@example.com',
    timeZone: 'UTC',
    teams: ['Core', 'Secret'],
  });
  const asFay = store.serviceFor(fay);
  await asFay.createGoal({ title: 'Public goal of Secret', team_ids: [secret] });
  await asFay.createGoal({ title: 'Public goal of Core and Secret', team_ids: [ids.core, secret] });
  await asFay.updateCheckIn('2026-11-23', { previous: 'Worked', intentions: 'More', blockers: '' });
  await asFay.createActivity({ group: 'Work', description: 'Did it', url: 'https://example.com/a' });
  for (const person of ['ben', 'cy', 'eve']) tokens[person] = server.tokens[person] as string;
  coreKey = (await admin.teamApiKey('Core')).apiKey;
});
afterAll(async () => {
  await server?.close();
});

/** Every request that names a team, with TEAM where the team's id goes. */
const V2_URLS = [
  '/api/v2/goals?team_ids[]=TEAM',
  '/api/v2/goals?team_ids=TEAM',
  '/api/v2/goals?per_page=1&team_ids[]=TEAM',
  '/api/v2/goals?archived=true&team_ids[]=TEAM',
  '/api/v2/check-ins?team_ids[]=TEAM',
  '/api/v2/check-ins?per_page=1&since=2026-01-01&team_ids[]=TEAM',
  '/api/v2/activities?team_ids[]=TEAM',
  '/api/v2/activities?per_page=1&team_ids[]=TEAM',
  '/api/v2/people?team_ids[]=TEAM',
  '/api/v2/teams/TEAM',
];

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** The answer, with the id asked for written TEAM wherever it shows (a Link header repeats the query). */
async function ask(url: string, team: string, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${server.url}${url.replace('TEAM', team)}`, {
    headers: Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, value.replace('TEAM', team)]),
    ),
  });
  const kept = ['content-type', 'etag', 'link', 'cache-control', 'www-authenticate'];
  return {
    status: response.status,
    body: (await response.text()).replaceAll(team, 'TEAM'),
    headers: Object.fromEntries(
      kept.flatMap((name) => {
        const value = response.headers.get(name);
        return value === null ? [] : [[name, value.replaceAll(team, 'TEAM')]];
      }),
    ),
  };
}

describe('private teams stay unguessable', () => {
  it('answers a non-member naming a private team exactly as for a team that does not exist, on every v2 read', async () => {
    const different: string[] = [];
    let compared = 0;
    for (const person of ['ben', 'cy', 'eve']) {
      const headers = { authorization: `Bearer ${tokens[person]}` };
      for (const url of V2_URLS) {
        const known = await ask(url, secret, headers);
        const unknown = await ask(url, randomUUID(), headers);
        compared++;
        if (JSON.stringify(known) !== JSON.stringify(unknown)) {
          different.push(`${person} ${url}: ${JSON.stringify(known)} vs ${JSON.stringify(unknown)}`);
        }
      }
    }
    expect(different).toEqual([]);
    expect(compared).toBe(3 * V2_URLS.length);
  });

  it("answers another team's v1 key sent with a private team's id as with an id that does not exist", async () => {
    const headers = { 'x-team-id': 'TEAM', 'x-api-key': coreKey };
    for (const url of ['/api/v1/members', '/api/v1/reports', '/api/v1/statuses', '/api/v1/tags']) {
      const known = await ask(url, secret, headers);
      const unknown = await ask(url, randomUUID(), headers);
      expect([url, known]).toEqual([url, unknown]);
      expect(known.status).toBe(401);
    }
  });

  it('answers an Ask naming a private team as one naming a team that does not exist', async () => {
    const asked: Record<string, string> = {};
    const prompt = (team: string) => `What did the ${team} team work on this week? Any blockers or goals?`;
    for (const team of ['Secret', 'Zqxnone']) {
      const response = await fetch(`${server.url}/api/v2/asks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.ben}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: prompt(team) }),
      });
      asked[team] = ((await response.json()) as { id: string }).id;
    }
    await server.app.answers.queue.idle();
    const body = async (team: string) => {
      const response = await fetch(`${server.url}/api/v2/asks/${asked[team]}`, {
        headers: { authorization: `Bearer ${tokens.ben}` },
      });
      // The answer quotes the word asked about, lower-cased.
      return ((await response.json()) as { body: string | null }).body?.replace(
        new RegExp(team, 'gi'),
        'TEAM',
      );
    };
    const secretAnswer = await body('Secret');
    expect(secretAnswer).toEqual(expect.any(String));
    expect(secretAnswer).toBe(await body('Zqxnone'));
  });

  it('still filters by the private team for its members and administrators', async () => {
    const titles = async (token: string) => {
      const response = await fetch(`${server.url}/api/v2/goals?team_ids[]=${secret}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { title: string }[]).map((goal) => goal.title).sort();
    };
    const both = ['Public goal of Core and Secret', 'Public goal of Secret'];
    expect(await titles(server.tokens.ana as string)).toEqual(both);
    expect(await titles(server.tokens.dee as string)).toEqual(both);
  });
});
