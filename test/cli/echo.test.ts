/** `pulse echo`, in-process with a fixed clock. */
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { isolatedEnv, runInProcess } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const pulse = (args: string[]) =>
  runInProcess(['--store', store, ...args], { env, clock: fixedClock('2026-11-23T10:00:00Z') });

beforeEach(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await pulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--time-zone', 'Europe/Berlin']);
});

it('creates, lists, edits, pauses, resumes and deletes Echo questions', async () => {
  const created = await pulse([
    'echo',
    'create',
    '--title',
    'Shipping notes',
    '--prompt',
    'What did we ship?',
    '--frequency',
    'Weekly',
    '--day',
    'Friday',
    '--time',
    '16:00',
    '--json',
  ]);
  expect(created.exitCode, created.stderr).toBe(0);
  const question = JSON.parse(created.stdout);
  expect(question).toMatchObject({
    answer_frequency: 'weekly',
    answer_day: 'friday',
    next_answer_at: '2026-11-27T15:00:00Z',
  });
  const rows = (await pulse(['echo', 'list'])).stdout.trimEnd().split('\t');
  expect(rows.slice(1)).toEqual([
    'Shipping notes',
    'weekly on friday at 16:00 (Europe/Berlin)',
    '2026-11-27T15:00:00Z',
  ]);
  expect(
    JSON.parse((await pulse(['echo', 'edit', question.id, '--time', '09:30', '--json'])).stdout)
      .next_answer_at,
  ).toBe('2026-11-27T08:30:00Z');
  expect((await pulse(['echo', 'pause', question.id])).stderr).toContain('Paused "Shipping notes"');
  expect(JSON.parse((await pulse(['echo', 'view', question.id, '--json'])).stdout).next_answer_at).toBeNull();
  expect((await pulse(['echo', 'resume', question.id])).stderr).toContain('next answer 2026-11-27T08:30:00Z');
  expect((await pulse(['echo', 'delete', question.id])).exitCode).toBe(0);
  expect((await pulse(['echo', 'view', question.id])).exitCode).toBe(3);
});

it('names missing flags and broken rules (exit 2)', async () => {
  const missing = await pulse(['echo', 'create', '--title', 'x']);
  expect([missing.exitCode, missing.stderr]).toEqual([
    2,
    expect.stringContaining('missing --prompt, --frequency, --time'),
  ]);
  const day = await pulse([
    'echo',
    'create',
    '--title',
    'x',
    '--prompt',
    'y',
    '--frequency',
    'monthly',
    '--time',
    '09:00',
  ]);
  expect([day.exitCode, day.stderr]).toEqual([2, 'pulse: answer_day is required for monthly answers\n']);
  const time = await pulse([
    'echo',
    'create',
    '--title',
    'x',
    '--prompt',
    'y',
    '--frequency',
    'daily',
    '--time',
    '9am',
  ]);
  expect(time.stderr).toBe('pulse: answer_time must be HH:MM on a 24-hour clock\n');
  expect(JSON.parse((await pulse(['echo', 'list', '--json'])).stdout)).toEqual([]);
});

it('says what a catch-up skipped, and whether a daily question follows the report days', async () => {
  const at = (now: string, args: string[]) =>
    runInProcess(['--store', store, ...args], { env, clock: fixedClock(now) });
  const daily = [
    '--title',
    'Journal',
    '--prompt',
    'What did I do?',
    '--frequency',
    'daily',
    '--time',
    '18:00',
  ];
  const weekdays = JSON.parse(
    (await at('2026-10-01T10:00:00Z', ['echo', 'create', ...daily, '--json', 'id,every_day'])).stdout,
  );
  expect(weekdays.every_day).toBe(false);
  const created = await at('2026-10-01T10:00:00Z', ['echo', 'create', ...daily, '--every-day']);
  expect(created.stdout.split('\n').slice(0, 4)).toEqual([
    'Journal',
    'What did I do?',
    'Answered daily, every day at 18:00 (Europe/Berlin)',
    'Next answer: 2026-10-01T16:00:00Z',
  ]);
  const everyDayId = created.stdout.trimEnd().split('\n').at(-1)?.split(' ')[0] as string;
  // Monday Nov 23, 11:00 in Berlin: Oct 1 to Nov 10 fell before the last 12 occurrences.
  const view = await at('2026-11-23T10:00:00Z', ['echo', 'view', everyDayId]);
  expect(view.stdout.split('\n').slice(2, 5)).toEqual([
    'Answered daily, every day at 18:00 (Europe/Berlin)',
    'Next answer: 2026-11-23T17:00:00Z',
    '41 occurrences skipped (2026-10-01 to 2026-11-10): a catch-up publishes the last 12 due answers at most',
  ]);
  // Monday to Friday (the team of `pulse init`): the last 12 weekdays go back to Nov 5.
  const other = await at('2026-11-23T10:00:00Z', ['echo', 'view', weekdays.id]);
  expect(other.stdout.split('\n').slice(2, 5)).toEqual([
    'Answered daily on your report days at 18:00 (Europe/Berlin)',
    'Next answer: 2026-11-23T17:00:00Z',
    '25 occurrences skipped (2026-10-01 to 2026-11-04): a catch-up publishes the last 12 due answers at most',
  ]);
});
