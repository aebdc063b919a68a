/**
 * `pulse goal create --parent` under a private goal, through the real binary: the child is private
 * unless `--public` says otherwise, and on a terminal the privacy question defaults to the parent's.
 */
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { BIN, execPulse, isolatedEnv } from '../helpers/cli.js';
import { KEYS, spawnInTerminal } from '../helpers/pty.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const pulse = async (args: string[]) => {
  const result = await execPulse(['--store', store, ...args], { env });
  expect(result.exitCode, result.stderr).toBe(0);
  return result.stdout;
};
const privacy = async () =>
  Object.fromEntries(
    JSON.parse(await pulse(['goal', 'list', '--json'])).map((goal: { title: string; private: boolean }) => [
      goal.title,
      goal.private,
    ]),
  );

beforeEach(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await pulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com']);
  await pulse(['goal', 'create', '--title', 'Acquire Nimbus', '--private']);
});

it('makes a child of a private goal private unless --public is given', async () => {
  await pulse(['goal', 'create', '--title', 'Due diligence', '--parent', 'Nimbus']);
  await pulse(['goal', 'create', '--title', 'Hire', '--parent', 'Nimbus', '--public']);
  await pulse(['goal', 'create', '--title', 'Pricing']);
  await pulse(['goal', 'edit', 'Pricing', '--parent', 'Nimbus']);
  expect(await privacy()).toEqual({
    'Acquire Nimbus': true,
    'Due diligence': true,
    Hire: false,
    Pricing: true,
  });
});

it("asks on a terminal with the parent's privacy as the default answer", async () => {
  const terminal = spawnInTerminal(
    [BIN, '--store', store, 'goal', 'create', '--parent', 'Nimbus', '--cadence', 'weekly', '--end', ''],
    { ...env, TERM: 'xterm-256color' },
  );
  await terminal.waitFor('Title:');
  terminal.type(`Due diligence${KEYS.enter}`);
  await terminal.waitFor('Description');
  terminal.type(KEYS.enter);
  await terminal.waitFor(
    'Private, like its parent "Acquire Nimbus" (only owner, contributors and administrators see it)? (Y/n)',
  );
  terminal.type(KEYS.enter);
  await terminal.waitFor('Created goal');
  expect(await terminal.exited).toBe(0);
  expect((await privacy())['Due diligence']).toBe(true);
});
