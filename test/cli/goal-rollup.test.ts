/** A parent goal's children roll-up, through the real binary (piped: plain tree rows and the view). */
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { execPulse, initAnaAndBen, isolatedEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const pulse = (...args: string[]) => execPulse(['--store', store, ...args], { env });

beforeAll(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await initAnaAndBen((args) => pulse(...args));
  // Launch > (Docs 30%, Hiring 80% > (Onboarding 20%)); Launch's own progress is 10%.
  for (const args of [
    ['--title', 'Launch'],
    ['--title', 'Docs', '--parent', 'Launch'],
    ['--title', 'Hiring', '--parent', 'Launch'],
    ['--title', 'Onboarding', '--parent', 'Hiring'],
  ]) {
    expect((await pulse('goal', 'create', ...args, '--json', 'id')).exitCode).toBe(0);
  }
  for (const [goal, progress] of [
    ['Launch', '10'],
    ['Docs', '30'],
    ['Hiring', '80'],
    ['Onboarding', '20'],
  ] as const) {
    expect((await pulse('goal', 'update', 'create', goal, '--progress', progress)).exitCode).toBe(0);
  }
}, 120_000);

it('prints the roll-up as the last column of the piped tree, empty for a goal without children', async () => {
  const tree = await pulse('goal', 'tree');
  expect(tree.exitCode).toBe(0);
  const rows = tree.stdout.split('\n').map((line) => line.split('\t'));
  expect(rows.map((row) => [row[1], row[2], row[3], row[6]])).toEqual([
    ['0', 'Launch', '10', '55'],
    ['1', 'Docs', '30', ''],
    ['1', 'Hiring', '80', '20'],
    ['2', 'Onboarding', '20', ''],
  ]);
});

it("shows the roll-up next to the parent's own progress in goal view, which --json leaves as stored", async () => {
  const view = await pulse('goal', 'view', 'Launch');
  expect(view.stdout.split('\n')[1]).toBe('█░░░░░░░░░░░ 10% (children 55%)  On track');
  expect((await pulse('goal', 'view', 'Docs')).stdout.split('\n')[1]).toBe('████░░░░░░░░ 30%  On track');
  expect(JSON.parse((await pulse('goal', 'view', 'Launch', '--json', 'progress')).stdout)).toEqual({
    progress: 10,
  });
});
