/**
 * Date expressions in flags, through the binary on a fixed clock (libfaketime: Thursday 2026-11-26,
 * 12:00 UTC): windows in --since and --during, a bare weekday pointing ahead in --end, the warning for a
 * goal that has already ended, and the message for an expression that names no date.
 */

import { join } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, isolatedEnv } from '../helpers/cli.js';
import { missingParts } from '../helpers/system-parts.js';
import { tempDir } from '../helpers/temp.js';

const ALL_DAYS = 'monday,tuesday,wednesday,thursday,friday,saturday,sunday';

describe.skipIf(await missingParts('faketime'))('date expressions in flags (on Thursday 2026-11-26)', () => {
  const env = isolatedEnv();
  const store = join(tempDir('pulse-date-flags-'), 'pulse.db');
  const pulse = async (args: string[]) => {
    const result = await execa(
      '/usr/bin/faketime',
      ['-f', '@2026-11-26 12:00:00', process.execPath, BIN, '--store', store, ...args],
      {
        env: { ...env, FAKETIME_DONT_FAKE_MONOTONIC: '1' },
        extendEnv: false,
        reject: false,
        timeout: 60_000,
      },
    );
    return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr) };
  };
  const ok = async (args: string[]) => {
    const result = await pulse(args);
    expect(result.exitCode, result.stderr).toBe(0);
    return result.stdout;
  };
  const dates = async (args: string[]) =>
    (JSON.parse(await ok(['checkin', 'list', ...args, '--json', 'date'])) as { date: string }[]).map(
      (item) => item.date,
    );

  beforeAll(async () => {
    await ok(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']);
    await ok([
      'admin',
      'team',
      'add',
      '--name',
      'Daily',
      '--report-days',
      ALL_DAYS,
      '--member',
      'ana@example.com',
    ]);
    // Two weeks ago, last week's Wednesday and Sunday, this week's Tuesday.
    for (const date of ['2026-11-11', '2026-11-18', '2026-11-22', '2026-11-24'])
      await ok(['checkin', '--date', date, '--previous', 'a', '--intentions', 'b', '--blockers', 'none']);
  }, 120_000);

  it('reads a window in --since as its first day, in --until as its last, and whole in --during', async () => {
    expect(await dates(['--since', 'last week'])).toEqual(['2026-11-24', '2026-11-22', '2026-11-18']);
    expect(await dates(['--until', 'last week'])).toEqual(['2026-11-22', '2026-11-18', '2026-11-11']);
    expect(await dates(['--during', 'last week'])).toEqual(['2026-11-22', '2026-11-18']);
    expect(await dates(['--since', '10d'])).toEqual(['2026-11-24', '2026-11-22', '2026-11-18']);
    expect(await dates(['--during', 'in October'])).toEqual([]);
  });

  it('refuses --during with --since or --until', async () => {
    expect(await pulse(['checkin', 'list', '--during', 'last week', '--since', 'monday'])).toEqual({
      exitCode: 2,
      stdout: '',
      stderr:
        'pulse: --during names both ends: use it without --since and --until\nRun with --help for usage.',
    });
  });

  it('says what it takes when an expression names no date, and exits 2', async () => {
    expect(await pulse(['checkin', 'list', '--since', 'someday'])).toEqual({
      exitCode: 2,
      stdout: '',
      stderr:
        'pulse: --since: not a date: someday (try 2026-11-20, today, yesterday, tomorrow, friday, last friday, ' +
        'next friday, 3 days ago, last week, this month, in October, since friday, the last 3 days, ' +
        'end of last month, 3d, 2w)\nRun with --help for usage.',
    });
  });

  it('points a bare weekday in --end ahead, and warns when a new goal has already ended', async () => {
    const ahead = await pulse([
      'goal',
      'create',
      '--title',
      'Ship it',
      '--end',
      'friday',
      '--json',
      'end_date',
    ]);
    expect(ahead).toMatchObject({ exitCode: 0, stderr: '' });
    expect(JSON.parse(ahead.stdout)).toEqual({ end_date: '2026-11-27' });

    const ended = await pulse([
      'goal',
      'create',
      '--title',
      'Shipped',
      '--end',
      'last friday',
      '--json',
      'end_date',
    ]);
    expect(ended.exitCode).toBe(0);
    expect(JSON.parse(ended.stdout)).toEqual({ end_date: '2026-11-20' });
    expect(ended.stderr).toBe('warning: --end 2026-11-20 is in the past: the goal has already ended');

    const monthEnd = await pulse([
      'goal',
      'create',
      '--title',
      'Q4',
      '--end',
      'end of next month',
      '--json',
      'end_date',
    ]);
    expect(JSON.parse(monthEnd.stdout)).toEqual({ end_date: '2026-12-31' });
  });
});
