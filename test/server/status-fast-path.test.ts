/**
 * The status interface served by the fast path (src/server/fast-path.ts): a replayed answer is the one
 * Fastify sent, with this request's RateLimit values, and never outlives a write or a turn of the clock.
 */
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { turnsDistantAt } from '../../src/core/status/rules.js';
import { type SteppingClock, steppingClock } from '../helpers/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const MONDAY = '2026-11-23T10:00:00.000Z';
const API = '/status/api/v1';

let server: TestServer;
let clock: SteppingClock;

interface Answer {
  status: number;
  /** Raw header names and values as sent, Date left out (it follows the wall clock). */
  headers: string[];
  body: string;
}

function call(path: string, method = 'GET', headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${server.url}${API}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = response.rawHeaders;
        resolve({
          status: response.statusCode ?? 0,
          headers: raw.flatMap((name, at) =>
            at % 2 === 0 && name.toLowerCase() !== 'date' ? [name, raw[at + 1] ?? ''] : [],
          ),
          body: Buffer.concat(chunks).toString(),
        });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

const header = (answer: Answer, name: string) => {
  const at = answer.headers.findIndex((each, index) => index % 2 === 0 && each.toLowerCase() === name);
  return at === -1 ? undefined : answer.headers[at + 1];
};
/** The headers with RateLimit's value left out: the one header that differs between two answers. */
const withoutRemaining = (answer: Answer) => ({
  ...answer,
  headers: answer.headers.map((value, at) => (answer.headers[at - 1] === 'ratelimit' ? '' : value)),
});

async function start(statusRateLimit?: number) {
  clock = steppingClock(MONDAY);
  server = await startTestServer({ clock, ...(statusRateLimit ? { statusRateLimit } : {}) });
  return server.fixture.store.statusAdmin;
}

describe('the status interface on the fast path', () => {
  afterEach(async () => {
    await server.close();
  });

  it("answers again exactly as Fastify did, taking this request's token, until a write", async () => {
    const admin = await start(5);
    const api = await admin.addComponent({ name: 'API' });
    for (const path of ['/status', '/components', '/notices']) {
      const answers = [await call(path), await call(path), await call(path)];
      expect(answers.map((answer) => header(answer, 'ratelimit'))).toEqual([
        '"status";r=4;t=1',
        '"status";r=3;t=1',
        '"status";r=2;t=1',
      ]);
      expect(answers.map(withoutRemaining)).toEqual(Array(3).fill(withoutRemaining(answers[0] as Answer)));
      expect(header(answers[0] as Answer, 'access-control-allow-origin')).toBe('*');
      clock.advance(1_000);
    }

    const [before] = [await call('/components')];
    await admin.setComponentState(api.id, 'degraded');
    const after = await call('/components');
    expect(JSON.parse(before?.body ?? '').components[0].state).toBe('operational');
    expect(JSON.parse(after.body).components[0].state).toBe('degraded');
    expect(JSON.parse((await call('/status')).body).page.state).toBe('degraded');
  });

  it('leaves refusals to the interface once an answer is kept: 406, HEAD, 405, 429', async () => {
    await start(3);
    await call('/components');
    await call('/components');
    expect(await call('/components', 'GET', { accept: 'text/html' })).toMatchObject({ status: 406 });
    const head = await call('/components', 'HEAD');
    expect([head.status, head.body, header(head, 'ratelimit')]).toEqual([200, '', '"status";r=0;t=1']);
    const refused = await call('/components');
    expect([
      refused.status,
      header(refused, 'retry-after'),
      header(refused, 'access-control-allow-origin'),
    ]).toEqual([429, '1', '*']);
    expect(JSON.parse(refused.body).errors[0]).toMatch(/rate limited/);
    clock.advance(1_000);
    expect((await call('/components', 'POST')).status).toBe(405);
    expect((await call('/components')).status).toBe(200);
  });

  it('turns a recently ended notice past_distant at its instant, not one read later', async () => {
    const admin = await start();
    const notice = await admin.addNotice({ type: 'unplanned', subject: 'Errors', content: 'Looking' });
    await admin.updateNotice(notice.id, { state: 'resolved', content: 'Fixed' });
    const ended = JSON.parse((await call(`/notices/${notice.id}`)).body).notice.ended_at as string;
    const turn = turnsDistantAt(ended);
    const stateAt = async (at: number) => {
      clock.set(new Date(at).toISOString());
      const notices = JSON.parse((await call('/notices')).body).notices as { timeline_state: string }[];
      return notices[0]?.timeline_state;
    };
    expect([await stateAt(turn - 1), await stateAt(turn - 1)]).toEqual(['past_recent', 'past_recent']);
    expect(await stateAt(turn)).toBe('past_distant');
  });

  it("shows an unconfigured page's created_at as the second of each reading", async () => {
    await start();
    const createdAt = async () => JSON.parse((await call('/status')).body).page.created_at as string;
    expect(await createdAt()).toBe('2026-11-23T10:00:00Z');
    clock.advance(999);
    expect(await createdAt()).toBe('2026-11-23T10:00:00Z');
    clock.advance(1);
    expect(await createdAt()).toBe('2026-11-23T10:00:01Z');
    clock.advance(60_000);
    expect(await createdAt()).toBe('2026-11-23T10:01:01Z');
  });
});
