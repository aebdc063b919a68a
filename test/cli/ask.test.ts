/**
 * `pulse ask`, `pulse ask list|view`: in-process, locally with a fixed clock (answers are written before
 * the ask comes back), and in remote mode against a deployment that is slow to answer (the waiting).
 */
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { FAKE_ASK_ID, startFakeAsksServer } from '../helpers/asks-server.js';
import { initAnaAndBen, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const MONDAY = fixedClock('2026-11-23T10:00:00Z');
const PROMPT = 'What blocked the team today?';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let env: Record<string, string>;
let store: string;
const pulse = (args: string[], options: Parameters<typeof runInProcess>[1] = {}) =>
  runInProcess(['--store', store, ...args], { env, clock: MONDAY, ...options });

async function ok(args: string[], options: Parameters<typeof runInProcess>[1] = {}) {
  const result = await pulse(args, options);
  expect(result.exitCode, result.stderr).toBe(0);
  return result;
}

describe('pulse ask (local mode)', () => {
  let checkInUrl: string;

  beforeEach(async () => {
    env = isolatedEnv();
    store = join(tempDir(), 'pulse.db');
    await initAnaAndBen(pulse);
    const fill = ['checkin', '--date', '2026-11-23', '--previous', 'the parser', '--intentions', 'tests'];
    checkInUrl = JSON.parse((await ok([...fill, '--blockers', 'waiting on CI', '--json'])).stdout).url;
    await ok(['--as', 'ben@example.com', ...fill, '--blockers', 'none']);
  });

  it('prints the answer as the Markdown stored when piped, so it can be saved as a .md file', async () => {
    const result = await ok(['ask', 'What', 'blocked', 'the', 'team', 'today?']);
    const [ask] = JSON.parse((await ok(['ask', 'list', '--json'])).stdout);
    // The answer alone on stdout; what names the ask (for pulse ask view) with the messages.
    expect(result.stderr).toBe(`${ask.id}  pulse ask view ${ask.id}\n`);
    expect(ask.prompt).toBe(PROMPT);
    expect(result.stdout).toBe(`${ask.body}\n`);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('1 of 2 people on Core reported blockers today (Nov 23, 2026).');
    expect(lines).toContain('### Sources');
    expect(lines).toContain(`1. [Ana Diaz's check-in for Nov 23, 2026](${checkInUrl})`);
  });

  it('renders the answer on a terminal: no heading markers, bullets, links still visible', async () => {
    const result = await ok(['ask', PROMPT], { stdoutIsTTY: true });
    const text = stripVTControlCharacters(result.stdout);
    expect(text).not.toBe(result.stdout); // styled: colour is on for a terminal
    const lines = text.split('\n');
    expect(lines[0]).toBe('1 of 2 people on Core reported blockers today (Nov 23, 2026).');
    expect(text).not.toContain('### ');
    expect(text).not.toContain('](');
    expect(lines).toContain('Sources');
    expect(lines).toContain('• Mon Nov 23: "waiting on CI" (1)');
    // The source's v2 address is shown as the command that shows the check-in.
    expect(lines).toContain(
      `1. Ana Diaz's check-in for Nov 23, 2026 <pulse checkin view ${checkInUrl.split('/').at(-1)}>`,
    );
    expect(text).not.toContain('/api/');

    const plain = await ok(['ask', PROMPT], { stdoutIsTTY: true, env: { ...env, NO_COLOR: '1' } });
    expect(plain.stdout).toBe(text);
  });

  it('--no-wait prints the id alone; --json prints the Ask with its answer', async () => {
    const noWait = await ok(['ask', PROMPT, '--no-wait']);
    expect(noWait.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    const id = noWait.stdout.trim();
    expect(id).toMatch(UUID);

    const json = JSON.parse((await ok(['ask', '--json', PROMPT])).stdout);
    expect(json).toEqual({
      id: expect.stringMatching(UUID),
      prompt: PROMPT,
      body: expect.stringMatching(/^1 of 2 people on Core reported blockers today/),
      created_at: '2026-11-23T10:00:00Z',
      updated_at: '2026-11-23T10:00:00Z',
      url: `http://127.0.0.1:8080/api/v2/asks/${json.id}`,
    });
    const viewed = JSON.parse((await ok(['ask', 'view', id, '--json'])).stdout);
    expect(viewed).toMatchObject({ id, prompt: PROMPT, body: json.body });
  });

  it('lists your asks newest first: a table on a terminal, rows with the id first when piped', async () => {
    await ok(['ask', 'What did Ben do?'], { clock: fixedClock('2026-11-23T09:00:00Z') });
    await ok(['ask', PROMPT]);
    const asks = JSON.parse((await ok(['ask', 'list', '--json'])).stdout);
    expect(asks.map((a: { prompt: string }) => a.prompt)).toEqual([PROMPT, 'What did Ben do?']);
    const [newest, oldest] = asks;

    expect((await ok(['ask', 'list'])).stdout).toBe(
      [
        `${newest.id}\t2026-11-23T10:00:00Z\t${PROMPT}\tanswered`,
        `${oldest.id}\t2026-11-23T09:00:00Z\tWhat did Ben do?\tanswered`,
        '',
      ].join('\n'),
    );
    const table = await ok(['ask', 'list'], { stdoutIsTTY: true, env: { ...env, NO_COLOR: '1' } });
    expect(table.stdout.split('\n').map((line) => line.trimEnd())).toEqual([
      'CREATED     PROMPT                        STATUS',
      `just now    ${PROMPT}  answered`,
      '1 hour ago  What did Ben do?              answered',
      '',
    ]);
    expect((await ok(['ask', 'list', '--limit', '1'])).stdout.split('\t')[0]).toBe(newest.id);
    expect((await pulse(['ask', 'list', '--limit', '0'])).exitCode).toBe(2);

    const empty = await ok(['--as', 'ben@example.com', 'ask', 'list'], { stdoutIsTTY: true });
    expect([empty.stdout, empty.stderr]).toEqual([
      '',
      'No asks yet: pulse ask "What blocked the team last week?"\n',
    ]);
  });

  it('views an ask: the prompt, when, and the answer (Markdown when piped, rendered on a terminal)', async () => {
    const ask = JSON.parse((await ok(['ask', PROMPT, '--json'])).stdout);
    expect((await ok(['ask', 'view', ask.id])).stdout).toBe(
      `${PROMPT}\nAsked 2026-11-23 10:00 UTC · ${ask.id}\n\n${ask.body}\n`,
    );
    const onTerminal = await ok(['ask', 'view', ask.id], {
      stdoutIsTTY: true,
      env: { ...env, NO_COLOR: '1' },
    });
    const rendered = (await ok(['ask', PROMPT], { stdoutIsTTY: true, env: { ...env, NO_COLOR: '1' } }))
      .stdout;
    expect(onTerminal.stdout).toBe(`${PROMPT}\nAsked 2026-11-23 10:00 UTC · ${ask.id}\n\n${rendered}`);
  });

  it("treats another person's ask as not found (exit 3)", async () => {
    const id = (await ok(['ask', PROMPT, '--no-wait'])).stdout.trim();
    const other = await pulse(['--as', 'ben@example.com', 'ask', 'view', id]);
    expect([other.exitCode, other.stdout, other.stderr]).toEqual([3, '', `pulse: no ask ${id}\n`]);
    expect((await pulse(['ask', 'view', 'nonsense'])).exitCode).toBe(3);
  });

  it('rejects a bad --timeout and a missing question without a terminal (exit 2), asking nothing', async () => {
    for (const timeout of ['0', '-5', 'soon', '']) {
      const result = await pulse(['ask', PROMPT, '--timeout', timeout]);
      expect([result.exitCode, result.stderr]).toEqual([
        2,
        `pulse: --timeout must be a positive number of seconds: ${timeout}\nRun with --help for usage.\n`,
      ]);
    }
    for (const options of [{}, { stdinIsTTY: true, env: { ...env, PULSE_NO_INPUT: '1' } }]) {
      const missing = await pulse(['ask'], options);
      expect([missing.exitCode, missing.stderr]).toEqual([
        2,
        'pulse: missing the question, e.g. pulse ask "What blocked the team last week?" (prompts need a terminal and no --no-input)\nRun with --help for usage.\n',
      ]);
    }
    expect((await pulse(['ask', '  '])).exitCode).toBe(2);
    expect((await ok(['ask', 'list', '--json'])).stdout).toBe('[]\n');
    const long = await pulse(['ask', 'x'.repeat(2001)]);
    expect([long.exitCode, long.stderr]).toEqual([2, 'pulse: prompt must be 1 to 2000 characters\n']);
  });
});

describe('pulse ask (remote mode, an answer written in the background)', () => {
  const remoteEnv = (url: string) =>
    isolatedEnv({ PULSE_BASE_URL: url, PULSE_TOKEN: `service_pat_${'a'.repeat(43)}` });

  it('waits with a backing-off poll, then times out naming the ask and how to see it later (exit 1)', async () => {
    const server = await startFakeAsksServer();
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    // The waits are the injected sleep's, none real: the timeout is counted in them (asserted below),
    // whatever the real clock does on a loaded machine.
    const result = await runInProcess(['ask', PROMPT, '--timeout', '1'], {
      env: remoteEnv(server.url),
      sleep,
    });
    expect([result.exitCode, result.stdout, result.stderr]).toEqual([
      1,
      '',
      `pulse: no answer yet to ask ${FAKE_ASK_ID} after 1 s; it is still being written: see it later with pulse ask view ${FAKE_ASK_ID}\n`,
    ]);
    expect(waits).toEqual([200, 400, 400]);
    // One read at once (a local store has answered by then), then one after each wait.
    expect(server.requests).toEqual([
      'POST /api/v2/asks',
      `GET /api/v2/asks/${FAKE_ASK_ID}`,
      ...waits.map(() => `GET /api/v2/asks/${FAKE_ASK_ID}`),
    ]);

    waits.length = 0;
    const longer = await runInProcess(['ask', PROMPT, '--timeout', '4.5'], {
      env: remoteEnv(server.url),
      sleep,
    });
    expect(longer.exitCode).toBe(1);
    expect(longer.stderr).toContain('after 4.5 s');
    expect(waits).toEqual([200, 400, 800, 1000, 1000, 1000, 100]);
  });

  it('prints the answer once it is written, and --no-wait does not wait', async () => {
    const server = await startFakeAsksServer({
      answerAfter: 3,
      body: '## Done\n\n- [CI](https://ci.example.com)',
    });
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const result = await runInProcess(['ask', PROMPT], { env: remoteEnv(server.url), sleep });
    expect([result.exitCode, result.stdout, result.stderr]).toEqual([
      0,
      '## Done\n\n- [CI](https://ci.example.com)\n',
      `${FAKE_ASK_ID}  pulse ask view ${FAKE_ASK_ID}\n`,
    ]);
    // The third read answers: the one at once, then two after waiting.
    expect(waits).toEqual([200, 400]);

    const noWait = await runInProcess(['ask', PROMPT, '--no-wait', '--json'], {
      env: remoteEnv(server.url),
      sleep,
    });
    expect(JSON.parse(noWait.stdout)).toMatchObject({ id: FAKE_ASK_ID, body: null });
    expect(waits).toHaveLength(2);
  });

  it('stops waiting on Ctrl-C (exit 130), naming the ask', async () => {
    const server = await startFakeAsksServer();
    const shutdown = new AbortController();
    const sleep = async () => {
      shutdown.abort();
    };
    const result = await runInProcess(['ask', PROMPT], {
      env: remoteEnv(server.url),
      sleep,
      shutdown: shutdown.signal,
    });
    expect([result.exitCode, result.stderr]).toEqual([
      130,
      `pulse: stopped waiting for ask ${FAKE_ASK_ID}; see its answer later with pulse ask view ${FAKE_ASK_ID}\n`,
    ]);
  });
});
