/**
 * Long output on a terminal goes through the pager: through a real pseudo-terminal with PULSE_PAGER set to
 * a small script, and in-process with the pager replaced, for the rules (height, --no-pager, cat, piped).
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagerCommand, pagerEnv } from '../../src/cli/pager.js';
import { BIN, execPulse, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { spawnInTerminal } from '../helpers/pty.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;

beforeAll(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  const pulse = async (args: string[]) => {
    const result = await execPulse(['--store', store, ...args], { env });
    expect(result.exitCode, result.stderr).toBe(0);
  };
  await pulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com']);
  for (let index = 1; index <= 12; index++) await pulse(['goal', 'create', '--title', `Goal ${index}`]);
});

const PAGER = "sed 's/^/paged: /'";

describe('through a real terminal', () => {
  const onTerminal = async (args: string[], rows: number, extra: Record<string, string> = {}) => {
    const terminal = spawnInTerminal(
      [BIN, '--store', store, ...args],
      { ...env, TERM: 'xterm-256color', PULSE_PAGER: PAGER, ...extra },
      { cols: 120, rows },
    );
    expect(await terminal.exited).toBe(0);
    return terminal.output();
  };

  it('pages output taller than the terminal', async () => {
    const output = await onTerminal(['goal', 'list'], 8);
    expect(output).toContain('paged: Goal 12');
    expect(output.split('\n').filter((line) => line.startsWith('paged: ')).length).toBeGreaterThan(12);
  });

  it('prints output that fits as it is', async () => {
    const output = await onTerminal(['goal', 'list', '--limit', '3'], 40);
    expect(output).toContain('Goal 12');
    expect(output).not.toContain('paged:');
  });

  it('does not page with --no-pager, or when the pager is cat', async () => {
    expect(await onTerminal(['goal', 'list', '--no-pager'], 8)).not.toContain('paged:');
    expect(await onTerminal(['goal', 'list'], 8, { PULSE_PAGER: 'cat' })).not.toContain('paged:');
  });

  it('a pager that quits before reading everything does not fail pulse', async () => {
    const output = await onTerminal(['goal', 'list', '--json'], 8, { PULSE_PAGER: 'head -n 1' });
    expect(output.trim()).toBe('[');
  });
});

describe('the rules', () => {
  const paged: string[] = [];
  const options = (rows: number, extra: Record<string, string> = {}) => ({
    env: { ...env, PULSE_PAGER: 'my-pager', ...extra },
    stdoutIsTTY: true,
    rows,
    page: async (command: string, text: string) => {
      paged.push(`${command}:${text.split('\n').length}`);
    },
  });

  it('pages through the chosen command, and nothing when piped', async () => {
    paged.length = 0;
    const tall = await runInProcess(['--store', store, 'goal', 'list'], options(5));
    expect(tall.exitCode).toBe(0);
    expect(tall.stdout).toBe('');
    expect(paged).toEqual([expect.stringMatching(/^my-pager:/)]);
    const piped = await runInProcess(['--store', store, 'goal', 'list', '--json'], {
      ...options(5),
      stdoutIsTTY: false,
    });
    expect(JSON.parse(piped.stdout)).toHaveLength(12);
    expect(paged).toHaveLength(1);
  });

  it('keeps errors on stderr, unpaged', async () => {
    paged.length = 0;
    const result = await runInProcess(['--store', store, 'goal', 'view', 'no such goal'], options(5));
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('no such goal');
    expect(paged).toEqual([]);
  });

  it('chooses PULSE_PAGER, then PAGER, then less -FRX; empty or cat means none', () => {
    expect(pagerCommand({ PULSE_PAGER: 'most', PAGER: 'more' })).toBe('most');
    expect(pagerCommand({ PAGER: 'more' })).toBe('more');
    expect(pagerCommand({})).toBe('less -FRX');
    expect(pagerCommand({ PULSE_PAGER: '', PAGER: 'more' })).toBeUndefined();
    expect(pagerCommand({ PAGER: 'cat' })).toBeUndefined();
    expect(pagerEnv({}).LESS).toBe('FRX');
    expect(pagerEnv({ LESS: 'R' }).LESS).toBe('R');
  });
});

it('does not page a command that writes (it may prompt between its lines)', async () => {
  const paged: string[] = [];
  const result = await runInProcess(['--store', store, 'goal', 'create', '--title', 'Tall', '--json'], {
    env,
    stdoutIsTTY: true,
    rows: 3,
    page: async (command) => {
      paged.push(command);
    },
  });
  expect(result.exitCode, result.stderr).toBe(0);
  expect(JSON.parse(result.stdout).title).toBe('Tall');
  expect(paged).toEqual([]);
});
