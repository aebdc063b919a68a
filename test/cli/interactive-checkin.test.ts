/** The interactive check-in, typed into a real pseudo-terminal against the built binary. */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
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
const today = async () => JSON.parse(await pulse(['checkin', 'view', 'today', '--json']));
const answer = async (terminal: ReturnType<typeof spawnInTerminal>, question: string, keys: string) => {
  await terminal.waitFor(question);
  terminal.type(keys);
};

beforeEach(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await pulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']);
  // A team reporting every day, so today is a report day whatever the date; Ana is then in two teams.
  await pulse([
    'admin',
    'team',
    'add',
    '--name',
    'Everyday',
    '--report-days',
    'monday,tuesday,wednesday,thursday,friday,saturday,sunday',
    '--member',
    'ana@example.com',
  ]);
});

const start = (extraEnv: Record<string, string> = {}) =>
  spawnInTerminal([BIN, '--store', store, 'checkin'], { ...env, TERM: 'xterm-256color', ...extraEnv });

describe('pulse checkin on a terminal', () => {
  it('asks each question, saves the answers and prints the check-in', async () => {
    const terminal = start();
    await answer(terminal, 'What did you get done', `Wrote the parser${KEYS.enter}`);
    await answer(terminal, 'What do you intend to do today?', `Write the tests${KEYS.enter}`);
    await answer(terminal, 'Is anything blocking you?', `waiting on review${KEYS.enter}`);
    await answer(terminal, 'How do you feel?', `${KEYS.down}${KEYS.down}${KEYS.enter}`);
    await answer(terminal, 'Share with which teams?', KEYS.enter);
    await answer(terminal, 'Save this check-in?', KEYS.enter);
    await terminal.waitFor('Saved your check-in');
    expect(await terminal.exited).toBe(0);
    expect(terminal.output()).toContain('🤩 excited');
    const saved = await today();
    expect(saved).toMatchObject({
      previous: 'Wrote the parser',
      intentions: 'Write the tests',
      blockers: 'waiting on review',
      mood: 'excited',
      blocked: true,
    });
    expect(saved.teams.map((t: { name: string }) => t.name)).toEqual(['Core', 'Everyday']);
  });

  it('shows the last intentions and records whether they were done', async () => {
    const todayDate = new Date().toISOString().slice(0, 10);
    const earlier = new Date(Date.parse(todayDate) - 2 * 86_400_000).toISOString().slice(0, 10);
    await pulse([
      'checkin',
      '--date',
      earlier,
      '--previous',
      'p',
      '--intentions',
      'Ship the importer',
      '--blockers',
      'none',
    ]);
    const terminal = start();
    await terminal.waitFor('you intended:');
    await answer(terminal, 'Did you do what you intended?', `n${KEYS.enter}`);
    await answer(terminal, 'What did you get done', `Fixed bugs instead${KEYS.enter}`);
    await answer(terminal, 'What do you intend to do', `Ship it${KEYS.enter}`);
    await answer(terminal, 'Is anything blocking you?', KEYS.enter);
    await answer(terminal, 'How do you feel?', KEYS.enter);
    await answer(terminal, 'Share with which teams?', `${KEYS.space}${KEYS.enter}`);
    await answer(terminal, 'Save this check-in?', `y${KEYS.enter}`);
    expect(await terminal.exited).toBe(0);
    expect(terminal.output()).toContain('Ship the importer');
    const saved = await today();
    expect(saved).toMatchObject({
      previous_completed: false,
      blockers: 'none',
      blocked: false,
      mood: 'calm',
    });
    // The space unticked the first team (Core).
    expect(saved.teams.map((t: { name: string }) => t.name)).toEqual(['Everyday']);
  });

  it('opens the editor for :e and keeps what was written there', async () => {
    const editor = join(tempDir(), 'fake-editor.sh');
    writeFileSync(editor, '#!/bin/sh\nprintf \'## Plan\\n\\n- step one\\n- step two\\n\' > "$1"\n');
    chmodSync(editor, 0o755);
    const terminal = start({ PULSE_EDITOR: editor });
    await answer(terminal, 'What did you get done', `Reviewed${KEYS.enter}`);
    await answer(terminal, 'What do you intend to do today?', `:e${KEYS.enter}`);
    await answer(terminal, 'Is anything blocking you?', KEYS.enter);
    await answer(terminal, 'How do you feel?', KEYS.enter);
    await answer(terminal, 'Share with which teams?', KEYS.enter);
    await answer(terminal, 'Save this check-in?', KEYS.enter);
    expect(await terminal.exited).toBe(0);
    expect((await today()).intentions).toBe('## Plan\n\n- step one\n- step two');
  });

  it('stops on Ctrl-C with exit 130 and saves nothing', async () => {
    const terminal = start();
    await answer(terminal, 'What did you get done', KEYS.ctrlC);
    expect(await terminal.exited).toBe(130);
    expect(await pulse(['checkin', 'list', '--json'])).toBe('[]');
  });

  it('saves nothing when the confirmation is declined (exit 130)', async () => {
    const terminal = start();
    await answer(terminal, 'What did you get done', `a${KEYS.enter}`);
    await answer(terminal, 'What do you intend to do today?', `b${KEYS.enter}`);
    await answer(terminal, 'Is anything blocking you?', KEYS.enter);
    await answer(terminal, 'How do you feel?', KEYS.enter);
    await answer(terminal, 'Share with which teams?', KEYS.enter);
    await answer(terminal, 'Save this check-in?', `n${KEYS.enter}`);
    expect(await terminal.exited).toBe(130);
    expect(terminal.output()).toContain('cancelled');
    expect(await pulse(['checkin', 'list', '--json'])).toBe('[]');
  });
});
