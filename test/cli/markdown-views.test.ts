/**
 * Check-ins, comments, goals and goal updates are Markdown: rendered for a terminal in `show` views, and
 * printed exactly as written when piped, so a script gets the text it stored.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { initAnaAndBen, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const pulse = (args: string[], stdoutIsTTY = false) =>
  runInProcess(['--store', store, ...args], { env, stdoutIsTTY });
const ok = async (args: string[], stdoutIsTTY = false) => {
  const result = await pulse(args, stdoutIsTTY);
  expect(result.exitCode, result.stderr).toBe(0);
  return result;
};
const json = async (args: string[]) => JSON.parse((await ok([...args, '--json'])).stdout);

const BODY = '**Shipped** the [docs](https://example.com/docs)\n\n- one\n- two';

beforeEach(async () => {
  env = { ...isolatedEnv(), NO_COLOR: '1' };
  store = join(tempDir(), 'pulse.db');
  await initAnaAndBen(pulse);
});

describe('Markdown in views', () => {
  it('renders a check-in’s answers on a terminal and keeps them as written when piped', async () => {
    await ok(['checkin', '--previous', BODY, '--intentions', 'Review `parser.ts`', '--blockers', 'none']);
    const terminal = (await ok(['checkin', 'view', 'today'], true)).stdout;
    expect(terminal).toContain('Shipped the docs <https://example.com/docs>');
    expect(terminal).toContain('• one');
    expect(terminal).not.toContain('**Shipped**');
    expect(terminal).not.toContain('`parser.ts`');

    const piped = (await ok(['checkin', 'view', 'today'])).stdout;
    expect(piped).toContain(BODY);
    expect(piped).toContain('Review `parser.ts`');
  });

  it('renders comments, goal descriptions and goal update bodies on a terminal', async () => {
    await ok(['checkin', '--previous', 'a', '--intentions', 'b', '--blockers', 'none']);
    await ok(['checkin', 'comment', 'today', '--body', 'Nice *work*, see <https://example.com/pr/1>']);
    const comments = (await ok(['checkin', 'comments', 'today'], true)).stdout;
    expect(comments).toContain('  Nice work, see https://example.com/pr/1');
    expect(comments).not.toContain('*work*');

    const goal = await json([
      'goal',
      'create',
      '--title',
      'Ship v2',
      '--description',
      '# Why\n\nBecause **users**',
    ]);
    await ok([
      'goal',
      'update',
      'create',
      goal.id,
      '--progress',
      '40',
      '--confidence',
      'on-track',
      '--body',
      BODY,
    ]);
    const shown = (await ok(['goal', 'view', goal.id], true)).stdout;
    expect(shown).toContain('Because users');
    expect(shown).not.toContain('**users**');
    expect(shown).toContain('  Shipped the docs <https://example.com/docs>');
    expect(shown).toContain('  • two');

    const [update] = await json(['goal', 'update', 'list', goal.id]);
    const updateView = (await ok(['goal', 'update', 'view', update.id], true)).stdout;
    expect(updateView).toContain('• one');
    expect((await ok(['goal', 'update', 'view', update.id])).stdout).toContain(BODY);
  });
});
