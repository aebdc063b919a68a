/** `pulse digest`, in-process. */
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { initAnaAndBen, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const pulse = (args: string[], options: Parameters<typeof runInProcess>[1] = {}) =>
  runInProcess(['--store', store, ...args], { env, clock: fixedClock('2026-11-23T10:00:00Z'), ...options });

beforeEach(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await initAnaAndBen(pulse);
  await pulse([
    '--as',
    'ben@example.com',
    'checkin',
    '--previous',
    'a',
    '--intentions',
    'b',
    '--blockers',
    'stuck',
  ]);
  await pulse(['--as', 'ben@example.com', 'goal', 'create', '--title', 'Ship v2', '--team', 'Core'], {
    clock: fixedClock('2026-11-23T10:05:00Z'),
  });
});

it('shows unread entries grouped by category, marks them read, and filters', async () => {
  const terminal = await pulse(['digest', '--no-color'], { stdoutIsTTY: true });
  expect(terminal.stdout).toContain("Check-ins\n• Ben Okafor's check-in for 2026-11-23 (blocked)");
  expect(terminal.stdout).toContain('Goals\n• Ben Okafor\'s goal "Ship v2"');
  const rows = (await pulse(['digest'])).stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t'));
  expect(rows.map((row) => row[1])).toEqual(['goal', 'check-in']);
  expect(JSON.parse((await pulse(['digest', '--category', 'goal', '--json'])).stdout)).toHaveLength(1);
  expect((await pulse(['digest', 'read', rows[1]?.[0] as string])).stderr).toBe('Marked read.\n');
  expect(
    JSON.parse((await pulse(['digest', '--json'])).stdout).map((e: { category: string }) => e.category),
  ).toEqual(['goal']);
  expect((await pulse(['digest', 'read', '--all'])).stderr).toBe('Marked 1 entry read.\n');
  expect((await pulse(['digest'], { stdoutIsTTY: true })).stderr).toContain('Nothing unread');
  expect(JSON.parse((await pulse(['digest', '--all', '--json'])).stdout)).toHaveLength(2);
  expect((await pulse(['digest', '--category', 'news'])).exitCode).toBe(2);
  expect((await pulse(['digest', 'read'])).exitCode).toBe(2);
  expect((await pulse(['digest', 'read', '00000000-0000-4000-8000-000000000000'])).exitCode).toBe(3);
});
