/**
 * `pulse echo answer list|view` and Echo answers in `pulse digest`, in-process: a daily question made on
 * Monday, read two days later, when two answers are due (any read publishes them in local mode).
 */
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { beforeEach, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { initAnaAndBen, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const MONDAY = fixedClock('2026-11-23T10:00:00Z');
const WEDNESDAY = fixedClock('2026-11-25T10:00:00Z');

let env: Record<string, string>;
let store: string;
let questionId: string;
let checkInUrl: string;

async function pulse(args: string[], options: Parameters<typeof runInProcess>[1] = {}) {
  const result = await runInProcess(['--store', store, ...args], { env, clock: WEDNESDAY, ...options });
  expect(result.exitCode, result.stderr).toBe(0);
  return result;
}

beforeEach(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await initAnaAndBen((args) => pulse(args, { clock: MONDAY }));
  const fill = ['checkin', '--date', '2026-11-23', '--previous', 'the parser', '--intentions', 'tests'];
  checkInUrl = JSON.parse(
    (await pulse([...fill, '--blockers', 'waiting on CI', '--json'], { clock: MONDAY })).stdout,
  ).url;
  const created = await pulse(
    [
      'echo',
      'create',
      '--title',
      'Blockers',
      '--prompt',
      'What blocked the team?',
      '--frequency',
      'daily',
      '--time',
      '09:00',
      '--json',
    ],
    { clock: MONDAY },
  );
  questionId = JSON.parse(created.stdout).id;
});

it("lists a question's published answers, newest first: rows with the id first, or a table", async () => {
  const answers = JSON.parse((await pulse(['echo', 'answer', 'list', questionId, '--json'])).stdout);
  expect(answers).toEqual([
    expect.objectContaining({
      type: 'echo-answer',
      title: 'Blockers - Nov 24, 2026',
      published_at: '2026-11-25T09:00:00Z',
      question: { id: questionId, title: 'Blockers' },
    }),
    expect.objectContaining({ title: 'Blockers - Nov 23, 2026', published_at: '2026-11-24T09:00:00Z' }),
  ]);
  const [newest, oldest] = answers;
  expect((await pulse(['echo', 'answer', 'list', questionId])).stdout).toBe(
    [
      `${newest.id}\t2026-11-25T09:00:00Z\tBlockers - Nov 24, 2026\twritten`,
      `${oldest.id}\t2026-11-24T09:00:00Z\tBlockers - Nov 23, 2026\twritten`,
      '',
    ].join('\n'),
  );
  const table = await pulse(['echo', 'answer', 'list', questionId], {
    stdoutIsTTY: true,
    env: { ...env, NO_COLOR: '1' },
  });
  expect(table.stdout.split('\n').map((line) => line.trimEnd())).toEqual([
    'PUBLISHED   TITLE                    BODY',
    '1 hour ago  Blockers - Nov 24, 2026  written',
    '1 day ago   Blockers - Nov 23, 2026  written',
    '',
  ]);
  expect((await pulse(['echo', 'answer', 'list', questionId, '--limit', '1'])).stdout.split('\t')[0]).toBe(
    newest.id,
  );
});

it('views an answer: title, publication time and the body (Markdown piped, rendered on a terminal)', async () => {
  const [, monday] = JSON.parse((await pulse(['echo', 'answer', 'list', questionId, '--json'])).stdout);
  expect(monday.body).toContain(`(${checkInUrl})`);
  const header = `Blockers - Nov 23, 2026\nPublished 2026-11-24 09:00 UTC · ${monday.id}\n\n`;
  expect((await pulse(['echo', 'answer', 'view', monday.id])).stdout).toBe(`${header}${monday.body}\n`);

  const rendered = (await pulse(['echo', 'answer', 'view', monday.id], { stdoutIsTTY: true })).stdout;
  const text = stripVTControlCharacters(rendered);
  expect(text.startsWith(header)).toBe(true);
  expect(text).toContain(monday.body.split('\n', 1)[0]);
  expect(text).not.toContain('### ');
  // The source's v2 address is shown as the command that shows the check-in.
  expect(text).toContain(`<pulse checkin view ${checkInUrl.split('/').at(-1)}>`);
  expect(text).not.toContain('/api/');
  expect(JSON.parse((await pulse(['echo', 'answer', 'view', monday.id, '--json'])).stdout)).toEqual(monday);
});

it("keeps another person's answers to itself (exit 3)", async () => {
  const [answer] = JSON.parse((await pulse(['echo', 'answer', 'list', questionId, '--json'])).stdout);
  for (const args of [
    ['echo', 'answer', 'view', answer.id],
    ['echo', 'answer', 'list', questionId],
  ]) {
    const result = await runInProcess(['--store', store, '--as', 'ben@example.com', ...args], {
      env,
      clock: WEDNESDAY,
    });
    expect(result.exitCode).toBe(3);
  }
});

it('lists published answers under Echoes in the digest, with a summary naming the answer', async () => {
  const answers = JSON.parse((await pulse(['echo', 'answer', 'list', questionId, '--json'])).stdout);
  const digest = await pulse(['digest', '--category', 'echo'], {
    stdoutIsTTY: true,
    env: { ...env, NO_COLOR: '1' },
  });
  expect(digest.stdout).toBe(
    [
      'Echoes',
      `• Echo answer: Blockers - Nov 24, 2026  pulse echo answer view ${answers[0].id}`,
      `• Echo answer: Blockers - Nov 23, 2026  pulse echo answer view ${answers[1].id}`,
      '',
    ].join('\n'),
  );
  const rows = (await pulse(['digest', '--category', 'echo'])).stdout.trimEnd().split('\n');
  expect(rows.map((row) => row.split('\t').slice(1))).toEqual([
    [
      'echo',
      '2026-11-25T09:00:00Z',
      '',
      'Echo answer: Blockers - Nov 24, 2026',
      `pulse echo answer view ${answers[0].id}`,
    ],
    [
      'echo',
      '2026-11-24T09:00:00Z',
      '',
      'Echo answer: Blockers - Nov 23, 2026',
      `pulse echo answer view ${answers[1].id}`,
    ],
  ]);
});
