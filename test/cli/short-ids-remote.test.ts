/**
 * Short ids in remote mode, through the real binary against a running `pulse serve`: a prefix is one
 * list request with `id_prefix` (goal updates and Echo answers: their lists by id prefix), and against a
 * deployment that has neither (a forwarder dropping the parameter and answering 404 for those lists) the
 * kind's list is walked as before, with the same answers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execPulse, initAnaAndBen, isolatedEnv, type Result } from '../helpers/cli.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { tempDir } from '../helpers/temp.js';

const ids = ['00140000-0000-4000-8000-000000000001', '00140000-0000-4000-8000-000000000002'];
const single = '00150000-0000-4000-8000-000000000003';
/** Seven goals sharing a prefix: more than an ambiguity lists. */
const many = Array.from({ length: 7 }, (_, index) => `00160000-0000-4000-8000-00000000001${index}`);
/** Goal updates: two sharing a prefix, one alone. */
const updateIds = ['0a140000-0000-4000-8000-000000000001', '0a140000-0000-4000-8000-000000000002'];
const singleUpdate = '0a150000-0000-4000-8000-000000000003';
/** Echo answers (Ana's): two sharing a prefix, one alone. */
const answerIds = ['0e140000-0000-4000-8000-000000000001', '0e140000-0000-4000-8000-000000000002'];
const singleAnswer = '0e150000-0000-4000-8000-000000000003';
/** The lists only short ids of goal updates and Echo answers ask for. */
const PREFIX_LISTS = /^\/api\/v2\/(goal-updates|echo\/answers)$/;

interface Forwarder {
  url: string;
  /** The list requests of the kinds short ids query (path and query), in order. */
  lists: string[];
  close(): Promise<void>;
}

/**
 * A forwarder to `upstream` that records list requests and, when `dropIdPrefix`, ignores id_prefix and
 * answers 404 for the lists by id prefix, as a deployment without those extensions does.
 */
async function startForwarder(upstream: string, dropIdPrefix: boolean): Promise<Forwarder> {
  const target = new URL(upstream);
  const lists: string[] = [];
  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', upstream);
    if (dropIdPrefix) url.searchParams.delete('id_prefix');
    const listed =
      /^\/api\/v2\/(goals|check-ins|goal-updates|echo\/answers|echo\/questions)$/.test(url.pathname) ||
      /^\/api\/v2\/(goals\/[^/]+\/goal-updates|echo\/questions\/[^/]+\/answers)$/.test(url.pathname);
    if (listed) lists.push(`${url.pathname}${url.search}`);
    if (dropIdPrefix && PREFIX_LISTS.test(url.pathname)) {
      outgoing.writeHead(404, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ message: 'Not Found' }));
      incoming.resume();
      return;
    }
    const upstreamRequest = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: `${url.pathname}${url.search}`,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstreamRequest.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstreamRequest);
  };
  const server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    lists,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let serverEnv: Record<string, string>;
let store: string;
let server: ServeProcess;
let token: string;
let checkInId: string;
const forwarders: Forwarder[] = [];

const local = async (args: string[]): Promise<Result> => {
  const result = await execPulse(['--store', store, ...args], { env: serverEnv });
  if (result.exitCode !== 0) throw new Error(`pulse ${args.join(' ')} failed: ${result.stderr}`);
  return result;
};

beforeAll(async () => {
  serverEnv = isolatedEnv();
  store = join(tempDir(), 'server.db');
  await initAnaAndBen(local);
  // Goals, goal updates and Echo answers with ids of a known shape, brought in by an import (it keeps ids).
  const template = JSON.parse((await local(['goal', 'create', '--title', 'Template', '--json'])).stdout).id;
  await local(['goal', 'update', 'create', template, '--progress', '5']);
  await local([
    'echo',
    'create',
    '--title',
    'Blockers',
    '--prompt',
    'What blocked us?',
    '--frequency',
    'daily',
    '--time',
    '09:00',
  ]);
  const file = join(tempDir(), 'export.json');
  await local(['export', '--output', file]);
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  const [goal] = exported.goals;
  const [update] = exported.goal_updates;
  const [question] = exported.echo_questions;
  exported.goals = [...ids, single, ...many].map((id, index) => ({ ...goal, id, title: `Goal ${index}` }));
  exported.goal_updates = [...updateIds, singleUpdate].map((id) => ({
    ...update,
    id,
    goal: { ...update.goal, id: single },
  }));
  exported.echo_answers = [...answerIds, singleAnswer].map((id, index) => ({
    type: 'echo-answer',
    id,
    question: { id: question.id, title: question.title },
    title: `Blockers - Nov ${index + 2}, 2026`,
    body: `Answer ${index}`,
    published_at: `2026-11-0${index + 2}T09:00:00Z`,
    url: `${question.url}/answers`,
  }));
  writeFileSync(file, JSON.stringify(exported));
  await local(['import', file]);
  checkInId = JSON.parse(
    (
      await local([
        'checkin',
        '--previous',
        'parser',
        '--intentions',
        'tests',
        '--blockers',
        'none',
        '--json',
      ])
    ).stdout,
  ).id;
  token = (await local(['admin', 'token', 'create', '--person', 'ana@example.com'])).stdout;
  const benToken = (await local(['admin', 'token', 'create', '--person', 'ben@example.com'])).stdout;
  // The walks of the fallback send a request a goal: more than the default rate limit lets through quickly.
  server = await startServe(['--store', store], serverEnv, ['--rate-limit', 'off']);
  // A second check-in (Ben's, today), so that a list ignoring id_prefix gives an id not starting with one.
  const ben = await execPulse(['checkin', '--previous', 'a', '--intentions', 'b', '--blockers', 'none'], {
    env: isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TOKEN: benToken }),
  });
  if (ben.exitCode !== 0) throw new Error(`Ben's check-in failed: ${ben.stderr}`);
});

afterAll(async () => {
  await Promise.all(forwarders.splice(0).map((forwarder) => forwarder.close()));
});

describe.each([
  { name: 'pulse serve', dropIdPrefix: false },
  { name: 'a deployment ignoring id_prefix', dropIdPrefix: true },
])('short ids against $name', ({ dropIdPrefix }) => {
  let forwarder: Forwarder;
  let env: Record<string, string>;
  const pulse = (args: string[]) => execPulse(args, { env });
  /** The list requests one run sent. */
  const listsOf = async (args: string[]) => {
    const before = forwarder.lists.length;
    const result = await pulse(args);
    return { result, lists: forwarder.lists.slice(before) };
  };

  beforeAll(async () => {
    forwarder = await startForwarder(server.url, dropIdPrefix);
    forwarders.push(forwarder);
    env = isolatedEnv({ PULSE_BASE_URL: forwarder.url, PULSE_TOKEN: token });
  });

  it('expands a unique prefix of a goal and of a check-in', async () => {
    const goal = await listsOf(['goal', 'view', '0015', '--json', 'id,title']);
    expect(goal.result.exitCode, goal.result.stderr).toBe(0);
    expect(JSON.parse(goal.result.stdout)).toEqual({ id: single, title: 'Goal 2' });
    const checkIn = await listsOf(['checkin', 'view', checkInId.slice(0, 6), '--json', 'id']);
    expect(checkIn.result.exitCode, checkIn.result.stderr).toBe(0);
    expect(JSON.parse(checkIn.result.stdout)).toEqual({ id: checkInId });
    if (dropIdPrefix) {
      // Asked, ignored (ids not starting with the prefix came back), then walked from the first page.
      expect(goal.lists).toEqual([
        '/api/v2/goals?per_page=6&archived=true',
        '/api/v2/goals?page=1&per_page=50&archived=true',
      ]);
      expect(checkIn.lists).toEqual(['/api/v2/check-ins?per_page=6', '/api/v2/check-ins?page=1&per_page=50']);
    } else {
      // One request asking for at most 6 ids starting with the prefix.
      expect(goal.lists).toEqual(['/api/v2/goals?id_prefix=0015&per_page=6&archived=true']);
      expect(checkIn.lists).toEqual([`/api/v2/check-ins?id_prefix=${checkInId.slice(0, 6)}&per_page=6`]);
    }
  });

  it('expands goal updates and Echo answers by their lists by id prefix, or by walking where there are none', async () => {
    const update = await listsOf(['goal', 'update', 'view', '0a15', '--json', 'id']);
    expect(update.result.exitCode, update.result.stderr).toBe(0);
    expect(JSON.parse(update.result.stdout)).toEqual({ id: singleUpdate });
    const answer = await listsOf(['echo', 'answer', 'view', '0e15', '--json', 'id,body']);
    expect(answer.result.exitCode, answer.result.stderr).toBe(0);
    expect(JSON.parse(answer.result.stdout)).toEqual({ id: singleAnswer, body: 'Answer 2' });
    if (dropIdPrefix) {
      // Asked (the forwarder dropped id_prefix), missing (404), then every goal's updates and every
      // question's answers walked.
      expect(update.lists[0]).toBe('/api/v2/goal-updates?per_page=6');
      expect(update.lists.slice(1, 2)).toEqual(['/api/v2/goals?page=1&per_page=50&archived=true']);
      expect(update.lists.filter((path) => path.includes('/goal-updates?page=1')).length).toBeGreaterThan(1);
      expect(answer.lists[0]).toBe('/api/v2/echo/answers?per_page=6');
      expect(answer.lists.slice(1)).toEqual([
        '/api/v2/echo/questions?page=1&per_page=50',
        expect.stringMatching(/^\/api\/v2\/echo\/questions\/[^/]+\/answers\?page=1&per_page=50$/),
      ]);
    } else {
      expect(update.lists).toEqual(['/api/v2/goal-updates?id_prefix=0a15&per_page=6']);
      expect(answer.lists).toEqual(['/api/v2/echo/answers?id_prefix=0e15&per_page=6']);
    }
    // Comments and reactions on a goal update take its short id too.
    expect((await pulse(['goal', 'update', 'comment', '0a15', '--body', 'by a short id'])).exitCode).toBe(0);
    expect((await pulse(['goal', 'update', 'comments', '0a15'])).stdout).toContain('by a short id');
    expect(await pulse(['goal', 'update', 'view', '0a14'])).toMatchObject({
      exitCode: 2,
      stderr: `pulse: the short id 0a14 is ambiguous: 2 goal updates match (${updateIds.join(', ')}); give more characters`,
    });
    expect(await pulse(['echo', 'answer', 'view', '0e14'])).toMatchObject({
      exitCode: 2,
      stderr: `pulse: the short id 0e14 is ambiguous: 2 Echo answers match (${answerIds.join(', ')}); give more characters`,
    });
    expect(await pulse(['echo', 'answer', 'view', 'ffff'])).toMatchObject({
      exitCode: 3,
      stderr: 'pulse: no Echo answer has an id starting with ffff',
    });
  });

  it('lists the ids an ambiguous prefix matches (exit 2); a prefix matching none is not found (exit 3)', async () => {
    expect(await pulse(['goal', 'view', '0014'])).toMatchObject({
      exitCode: 2,
      stdout: '',
      stderr: `pulse: the short id 0014 is ambiguous: 2 goals match (${ids.join(', ')}); give more characters`,
    });
    // Six ids read tell more than five match; a walk reads them all and counts them.
    const count = dropIdPrefix ? '7' : 'more than 5';
    const rest = dropIdPrefix ? '2 more' : 'more';
    expect(await pulse(['goal', 'view', '0016'])).toMatchObject({
      exitCode: 2,
      stderr: `pulse: the short id 0016 is ambiguous: ${count} goals match (${many.slice(0, 5).join(', ')} and ${rest}); give more characters`,
    });
    expect(await pulse(['checkin', 'view', 'ffff'])).toMatchObject({
      exitCode: 3,
      stderr: 'pulse: no check-in has an id starting with ffff',
    });
  });
});
