/**
 * Reads do not write: a GET of one's check-in by date answers from the schedule and stores nothing,
 * whatever the date, so v1 reports do not come to stretch back to whatever dates were asked for; dates
 * outside 2000-01-01..2100-12-31 are a 400. Rows are counted in the SQLite file itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { scalar } from '../reliability/store-probe.js';

let server: TestServer;
let readToken: string;
let v1: { teamId: string; apiKey: string };

beforeAll(async () => {
  server = await startTestServer();
  readToken = (
    await server.fixture.store.admin.createToken({ person: 'ben@example.com', name: 'reader', scope: 'read' })
  ).token;
  v1 = await server.fixture.store.admin.teamApiKey('Core');
});
afterAll(() => server.close());

const v2 = (path: string, token = readToken) =>
  fetch(`${server.url}/api/v2${path}`, { headers: { authorization: `Bearer ${token}` } });
const team = (path: string) =>
  fetch(`${server.url}/api/v1${path}`, { headers: { 'x-team-id': v1.teamId, 'x-api-key': v1.apiKey } });

const checkInRows = () => scalar<number>(server.fixture.path, 'SELECT count(*) FROM check_ins');

describe('a GET of a check-in by date', () => {
  it('answers from the schedule and stores nothing, with a read token or a write token', async () => {
    const before = checkInRows();
    const reportsBefore = await (await team('/reports')).json();
    for (const [date, token] of [
      ['2026-11-20', readToken],
      ['2026-11-23', readToken],
      ['2000-01-03', readToken],
      ['2100-12-31', readToken],
      ['2026-11-24', server.tokens.ben as string],
    ] as const) {
      const answer = await v2(`/check-ins/${date}`, token);
      expect(answer.status, date).toBe(200);
      const checkIn = (await answer.json()) as { date: string; completed_at: string | null };
      expect(checkIn).toMatchObject({ date, completed_at: null });
    }
    expect(checkInRows()).toBe(before);
    expect(await (await team('/reports')).json()).toEqual(reportsBefore);
  });

  it('is still 404 on a day nobody reports (a Saturday)', async () => {
    const answer = await v2('/check-ins/2026-11-21');
    expect(answer.status).toBe(404);
  });

  it.each(['1900-01-01', '1999-12-31', '2101-01-01', '9999-12-31'])(
    'refuses %s with 400 naming the dates pulse accepts, and stores nothing',
    async (date) => {
      const before = checkInRows();
      const answer = await v2(`/check-ins/${date}`);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        errors: [`the date must be from 2000-01-01 to 2100-12-31: ${date}`],
        code: 'bad_request',
      });
      expect(checkInRows()).toBe(before);
    },
  );

  it('writing the check-in stores it, and then its id finds it', async () => {
    const before = checkInRows();
    const saved = await fetch(`${server.url}/api/v2/check-ins/2026-11-20`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${server.tokens.ben}`, 'content-type': 'application/json' },
      body: JSON.stringify({ previous: 'a', intentions: 'b', blockers: 'none' }),
    });
    expect(saved.status).toBe(200);
    const { id } = (await saved.json()) as { id: string };
    expect(checkInRows()).toBe(before + 1);
    expect((await v2(`/check-ins/${id}`)).status).toBe(200);
  });
});

describe('dates outside 2000-01-01..2100-12-31', () => {
  it.each([
    [
      'v2 list',
      () => v2('/check-ins?since=1900-01-01'),
      'since must be from 2000-01-01 to 2100-12-31: 1900-01-01',
    ],
    [
      'v2 goals',
      () => v2('/goals?since=2101-01-01'),
      'since must be from 2000-01-01 to 2100-12-31: 2101-01-01',
    ],
    [
      'v1 report',
      () => team('/reports/1900-01-01'),
      'the date must be from 2000-01-01 to 2100-12-31: 1900-01-01',
    ],
  ])('are a 400 naming the rule: %s', async (_, request, message) => {
    const answer = await request();
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { errors: string[] }).errors).toEqual([message]);
  });

  it('are refused in bodies too, naming the field: 422 on v2 (as any invalid field), 400 on v1', async () => {
    const before = checkInRows();
    const goal = await fetch(`${server.url}/api/v2/goals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.tokens.ben}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Old', start_date: '1900-01-01' }),
    });
    expect(goal.status).toBe(422);
    expect(((await goal.json()) as { errors: string[] }).errors).toEqual([
      'start_date must be from 2000-01-01 to 2100-12-31: 1900-01-01',
    ]);
    const absence = await fetch(`${server.url}/api/v1/team_absences`, {
      method: 'POST',
      headers: { 'x-team-id': v1.teamId, 'x-api-key': v1.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ date: '2101-01-01' }),
    });
    expect(absence.status).toBe(400);
    expect(((await absence.json()) as { errors: string[] }).errors).toEqual([
      'date must be from 2000-01-01 to 2100-12-31: 2101-01-01',
    ]);
    expect(checkInRows()).toBe(before);
  });
});
