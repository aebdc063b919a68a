/** `pulse goal create` and `pulse goal delete` on a real pseudo-terminal. */
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

beforeEach(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await pulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com']);
});

it("asks for a new goal's fields on a terminal", async () => {
  const terminal = spawnInTerminal([BIN, '--store', store, 'goal', 'create'], {
    ...env,
    TERM: 'xterm-256color',
  });
  await terminal.waitFor('Title:');
  terminal.type(`Ship the importer${KEYS.enter}`);
  await terminal.waitFor('Description');
  terminal.type(`CSV and ICS${KEYS.enter}`);
  await terminal.waitFor('End date');
  terminal.type(`2026-12-31${KEYS.enter}`);
  await terminal.waitFor('Update cadence:');
  terminal.type(`${KEYS.down}${KEYS.down}${KEYS.enter}`);
  await terminal.waitFor('Private');
  terminal.type(`y${KEYS.enter}`);
  await terminal.waitFor('Created goal');
  expect(await terminal.exited).toBe(0);
  const [goal] = JSON.parse(await pulse(['goal', 'list', '--json']));
  expect(goal).toMatchObject({
    title: 'Ship the importer',
    description: 'CSV and ICS',
    end_date: '2026-12-31',
    update_cadence: 'Biweekly',
    private: true,
  });
});

it('checks each answer at its prompt and asks again, keeping the answers already given', async () => {
  const terminal = spawnInTerminal([BIN, '--store', store, 'goal', 'create'], {
    ...env,
    TERM: 'xterm-256color',
  });
  const erase = (count: number) => '\u007f'.repeat(count);
  await terminal.waitFor('Title:');
  terminal.type(`${'x'.repeat(256)}${KEYS.enter}`);
  await terminal.waitFor('title must be 1 to 255 characters');
  terminal.type(`${erase(256)}Ship the importer${KEYS.enter}`);
  await terminal.waitFor('Description');
  terminal.type(`CSV and ICS${KEYS.enter}`);
  await terminal.waitFor('End date');
  terminal.type(`2026-13-40${KEYS.enter}`);
  await terminal.waitFor('end date: not a date: 2026-13-40');
  terminal.type(`${erase(10)}2100-12-32${KEYS.enter}`);
  await terminal.waitFor('end date: not a date: 2100-12-32');
  terminal.type(`${erase(10)}2026-12-31${KEYS.enter}`);
  await terminal.waitFor('Update cadence:');
  terminal.type(KEYS.enter);
  await terminal.waitFor('Private');
  terminal.type(`n${KEYS.enter}`);
  await terminal.waitFor('Created goal');
  expect(await terminal.exited).toBe(0);
  expect(terminal.output()).not.toContain('--end');
  const [goal] = JSON.parse(await pulse(['goal', 'list', '--json']));
  expect(goal).toMatchObject({
    title: 'Ship the importer',
    description: 'CSV and ICS',
    end_date: '2026-12-31',
    private: false,
  });
});

it('asks before deleting a goal, and keeps it when the answer is no', async () => {
  await pulse(['goal', 'create', '--title', 'Keep me']);
  const terminal = spawnInTerminal([BIN, '--store', store, 'goal', 'delete', 'keep'], {
    ...env,
    TERM: 'xterm-256color',
  });
  await terminal.waitFor('Delete goal "Keep me"');
  terminal.type(`n${KEYS.enter}`);
  expect(await terminal.exited).toBe(130);
  expect(JSON.parse(await pulse(['goal', 'list', '--json']))).toHaveLength(1);
});
