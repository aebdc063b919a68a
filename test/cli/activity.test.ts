/** `pulse activity`, in-process with a fixed clock. */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { initAnaAndBen, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const pulse = (args: string[], clock = fixedClock('2026-11-23T10:00:00Z')) =>
  runInProcess(['--store', store, ...args], { env, clock });

beforeEach(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await initAnaAndBen(pulse);
});

describe('pulse activity', () => {
  it('adds custom activities, prints the id, and lists them with relative dates', async () => {
    const added = await pulse([
      'activity',
      'add',
      '--group',
      'Deploys',
      '--description',
      'Shipped 1.2',
      '--url',
      'https://ci.example.com/1',
    ]);
    expect(added.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    await pulse(
      ['--as', 'ben@example.com', 'activity', 'add', '--group', 'Reviews', '--description', 'Reviewed #12'],
      fixedClock('2026-11-22T15:00:00Z'),
    );
    const rows = (await pulse(['activity', 'list'])).stdout
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => line.split('\t').slice(1));
    expect(rows).toEqual([
      ['2026-11-23T10:00:00Z', 'Ana Diaz', 'custom', 'Deploys', 'Shipped 1.2', 'https://ci.example.com/1'],
      ['2026-11-22T15:00:00Z', 'Ben Okafor', 'custom', 'Reviews', 'Reviewed #12', ''],
    ]);
    const today = JSON.parse((await pulse(['activity', 'list', '--since', 'today', '--json'])).stdout);
    expect(today.map((a: { description: string }) => a.description)).toEqual(['Shipped 1.2']);
    const until = JSON.parse((await pulse(['activity', 'list', '--until', 'yesterday', '--json'])).stdout);
    expect(until.map((a: { description: string }) => a.description)).toEqual(['Reviewed #12']);
    const window = JSON.parse(
      (
        await pulse([
          'activity',
          'list',
          '--since',
          '2026-11-22T14:00:00Z',
          '--until',
          '2026-11-22T16:00:00+00:00',
          '--json',
        ])
      ).stdout,
    );
    expect(window).toHaveLength(1);
    const id = added.stdout.trim();
    expect(JSON.parse((await pulse(['activity', 'view', id, '--json'])).stdout).group).toBe('Deploys');
  });

  it('rejects bad input with exit 2 and unknown ids with exit 3', async () => {
    const url = await pulse(['activity', 'add', '--group', 'g', '--description', 'd', '--url', 'not a url']);
    expect([url.exitCode, url.stderr]).toEqual([2, 'pulse: url must be an absolute http(s) URL\n']);
    const kind = await pulse(['activity', 'list', '--kind', 'myspace']);
    expect([kind.exitCode, kind.stderr]).toEqual([
      2,
      expect.stringContaining('--kind: unknown kind myspace'),
    ]);
    const since = await pulse(['activity', 'list', '--since', '2026-11-22T14:00:00']);
    expect([since.exitCode, since.stderr]).toEqual([
      2,
      expect.stringContaining('not a date-time with a zone'),
    ]);
    expect((await pulse(['activity', 'view', '00000000-0000-4000-8000-000000000000'])).exitCode).toBe(3);
    expect((await pulse(['activity', 'add', '--group', 'g'])).exitCode).toBe(2);
  });
});
