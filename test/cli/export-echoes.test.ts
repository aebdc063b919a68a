/**
 * Echo answers and a biweekly question through export -> import -> export, in-process on fixed clocks:
 * answers are published only as time passes, which the real binary's clock cannot be made to do here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { initAnaAndBen, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const MONDAY = fixedClock('2026-11-23T10:00:00Z');
const THURSDAY = fixedClock('2026-11-26T10:00:00Z');

it('keeps published Echo answers, their periods and schedules: the second export is the same bytes', async () => {
  const env = isolatedEnv();
  const folder = tempDir();
  const source = join(folder, 'source.db');
  const pulse = async (store: string, args: string[], clock = THURSDAY) => {
    const result = await runInProcess(['--store', store, ...args], { env, clock });
    expect(result.exitCode, result.stderr).toBe(0);
    return result.stdout;
  };
  await initAnaAndBen((args) => runInProcess(['--store', source, ...args], { env, clock: MONDAY }));
  await pulse(
    source,
    ['checkin', '--date', '2026-11-23', '--previous', 'a', '--intentions', 'b', '--blockers', 'CI'],
    MONDAY,
  );
  const echo = ['echo', 'create', '--prompt', 'What blocked the team?', '--time', '09:00'];
  await pulse(source, [...echo, '--title', 'Daily', '--frequency', 'daily', '--every-day'], MONDAY);
  await pulse(
    source,
    [...echo, '--title', 'Fortnight', '--frequency', 'biweekly', '--day', 'tuesday'],
    MONDAY,
  );

  const first = join(folder, 'first.json');
  await pulse(source, ['export', '--output', first]);
  const document = JSON.parse(readFileSync(first, 'utf8'));
  // By published_at, then id (random): the two of Tuesday 09:00 in either order.
  expect(document.echo_answers.map((answer: { title: string }) => answer.title).sort()).toEqual([
    'Daily - Nov 23, 2026',
    'Daily - Nov 24, 2026',
    'Daily - Nov 25, 2026',
    'Fortnight - Nov 10-23, 2026',
  ]);

  const target = join(folder, 'target.db');
  await pulse(target, ['import', first]);
  const second = join(folder, 'second.json');
  await pulse(target, ['export', '--output', second]);
  expect(readFileSync(second, 'utf8')).toBe(readFileSync(first, 'utf8'));
  // Time goes on alike in both stores: the next answers (new ids) fall on the same occurrences.
  const later = fixedClock('2026-12-09T10:00:00Z');
  const schedule = async (store: string) => {
    const { echo_questions, echo_answers } = JSON.parse(await pulse(store, ['export'], later));
    return {
      next: echo_questions.map((question: { next_answer_at: string }) => question.next_answer_at),
      answers: echo_answers
        .map((answer: { title: string; published_at: string }) =>
          [answer.published_at, answer.title].join(' '),
        )
        .sort(),
    };
  };
  const expected = await schedule(source);
  expect(expected.answers).toHaveLength(4 + 13);
  expect(await schedule(target)).toEqual(expected);
});
