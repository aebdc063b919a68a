/** `pulse checkin clear` on a real pseudo-terminal: it asks first, naming what goes. */
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { BIN, execPulse, initAnaAndBen, isolatedEnv } from '../helpers/cli.js';
import { KEYS, spawnInTerminal } from '../helpers/pty.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const pulse = async (args: string[]) => {
  const result = await execPulse(['--store', store, ...args], { env });
  expect(result.exitCode, result.stderr).toBe(0);
  return result;
};
const completedAt = async () =>
  JSON.parse(
    (await pulse(['checkin', 'view', '2026-11-20', '--person', '@ben', '--json', 'completed_at'])).stdout,
  ).completed_at;

beforeEach(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await initAnaAndBen(pulse);
  await pulse([
    '--as',
    'ben@example.com',
    'checkin',
    '--date',
    '2026-11-20',
    '--previous',
    'filled on the wrong day',
    '--intentions',
    'x',
    '--blockers',
    'none',
  ]);
  await pulse(['checkin', 'comment', '2026-11-20', '--person', '@ben', '--body', 'Is this Friday?']);
  await pulse(['checkin', 'react', '2026-11-20', 'confused', '--person', '@ben']);
});

const clearOnTerminal = () =>
  spawnInTerminal([BIN, '--store', store, 'checkin', 'clear', '2026-11-20', '--person', '@ben'], {
    ...env,
    TERM: 'xterm-256color',
  });

it('asks before clearing, naming the comments and reactions that go, and keeps it all on no', async () => {
  const terminal = clearOnTerminal();
  await terminal.waitFor(
    "Clear Ben Okafor's check-in of Friday 2026-11-20: its answers, 1 comment and 1 reaction?",
  );
  terminal.type(`n${KEYS.enter}`);
  expect(await terminal.exited).toBe(130);
  expect(await completedAt()).not.toBeNull();
  expect((await pulse(['checkin', 'comments', '2026-11-20', '--person', '@ben'])).stdout).toContain(
    'Is this Friday?',
  );
});

it('clears it on yes', async () => {
  const terminal = clearOnTerminal();
  await terminal.answer('its answers, 1 comment and 1 reaction?', `y${KEYS.enter}`);
  await terminal.waitFor("Cleared Ben Okafor's check-in of Friday 2026-11-20: it is pending again.");
  expect(await terminal.exited).toBe(0);
  expect(await completedAt()).toBeNull();
});
