/**
 * Timestamps in tables: relative to the injected clock on a terminal, exact ISO when piped and in JSON.
 * The wording through a real pseudo-terminal; the rule itself with a fixed clock.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { relativeTime } from '../../src/cli/relative-time.js';
import { fixedClock } from '../../src/core/clock.js';
import { BIN, execPulse, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { spawnInTerminal } from '../helpers/pty.js';
import { tempDir } from '../helpers/temp.js';

describe('relativeTime', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it.each([
    ['2026-11-23T07:00:00Z', '3 hours ago'],
    ['2026-11-25T10:00:00Z', 'in 2 days'],
    ['2026-11-23T09:59:00Z', '1 minute ago'],
    ['2026-11-23T10:00:20Z', 'just now'],
    ['2026-11-09T10:00:00Z', '2 weeks ago'],
    ['2027-03-01T10:00:00Z', 'in 3 months'],
    ['2024-11-01T10:00:00Z', '2 years ago'],
  ])('%s is %s', (at, words) => {
    expect(relativeTime(at, now)).toBe(words);
  });
});

describe('activity list', () => {
  let env: Record<string, string>;
  let store: string;
  let recordedAt: string;
  beforeAll(async () => {
    env = isolatedEnv();
    store = join(tempDir(), 'pulse.db');
    const clock = fixedClock('2026-11-23T07:00:00Z');
    await runInProcess(['--store', store, 'init', '--name', 'Ana Diaz', '--email', 'ana@example.com'], {
      env,
      clock,
    });
    const added = await runInProcess(
      ['--store', store, 'activity', 'add', '--group', 'deploys', '--description', 'Deployed', '--json'],
      { env, clock },
    );
    recordedAt = JSON.parse(added.stdout).recorded_at;
    expect(recordedAt).toBe('2026-11-23T07:00:00Z');
  });

  it('says "3 hours ago" on a terminal (a fixed clock, in process)', async () => {
    const result = await runInProcess(['--store', store, 'activity', 'list'], {
      env: { ...env, NO_COLOR: '1' },
      stdoutIsTTY: true,
      clock: fixedClock('2026-11-23T10:00:00Z'),
    });
    expect(result.stdout.split('\n')[1]).toMatch(/^3 hours ago\s+Ana Diaz\s+custom\s+deploys\s+Deployed/);
  });

  it('is relative through a real terminal, exact ISO when piped and in JSON', async () => {
    const terminal = spawnInTerminal([BIN, '--store', store, 'activity', 'list'], {
      ...env,
      TERM: 'xterm-256color',
    });
    expect(await terminal.exited).toBe(0);
    // The real clock: this ran after 2026-11-23T07:00Z, so it is some time ago, never the ISO time.
    expect(terminal.output()).toMatch(/\b\d+ (minutes?|hours?|days?|weeks?|months?|years?) ago\s+Ana Diaz/);
    expect(terminal.output()).not.toContain('2026-11-23');
    const piped = await execPulse(['--store', store, 'activity', 'list'], { env });
    expect(piped.stdout).toContain(`\t${recordedAt}\t`);
    const json = await execPulse(['--store', store, 'activity', 'list', '--json=recorded_at'], { env });
    expect(JSON.parse(json.stdout)).toEqual([{ recorded_at: recordedAt }]);
  });
});
