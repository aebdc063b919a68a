/**
 * Text a store written before the text rule may hold (NUL, an unpaired surrogate stored as invalid
 * UTF-8), written here with raw SQL since every interface now refuses it: `pulse doctor` names each
 * value by table, id and column, and `pulse admin repair-text` replaces the invalid parts with U+FFFD
 * (or, with --dry-run, only says what it would), through the real binary.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { storeWithBadText } from '../helpers/bad-text-store.js';
import { execPulse, isolatedEnv } from '../helpers/cli.js';
import { storeChecksum } from '../helpers/store-checksum.js';
import { tempDir } from '../helpers/temp.js';

interface Check {
  check: string;
  ok: boolean;
  detail: string;
  fix: string | null;
}

interface Cell {
  table: string;
  id: string;
  column: string;
  problem: string;
  repaired: string;
}

describe('bad text in a store: pulse doctor finds it, pulse admin repair-text mends it', () => {
  let file: string;
  let env: Record<string, string>;
  let ids: Awaited<ReturnType<typeof storeWithBadText>>;
  beforeEach(async () => {
    file = join(tempDir(), 'team.db');
    env = isolatedEnv();
    ids = await storeWithBadText(file, env);
  }, 30_000);

  const expectedCells = () => [
    {
      table: 'check_ins',
      id: ids.checkIn,
      column: 'previous',
      problem: 'invalid UTF-8',
      repaired: 'Done \ufffd\ufffd\ufffd!',
    },
    { table: 'goals', id: ids.goal, column: 'title', problem: 'NUL', repaired: 'Ship\ufffdit' },
    {
      table: 'people',
      id: ids.person,
      column: 'name',
      problem: 'NUL and invalid UTF-8',
      repaired: 'Ana\ufffd\ufffd\ufffd\ufffd',
    },
  ];

  it('doctor names each value by table, id and column, with the fix, exit 1', async () => {
    const result = await execPulse(['--store', file, 'doctor', '--json'], { env });
    expect(result.exitCode, result.stderr).toBe(1);
    const text = (JSON.parse(result.stdout) as Check[]).find((check) => check.check === 'text');
    expect(text).toEqual({
      check: 'text',
      ok: false,
      detail:
        `${file} holds 3 values that PostgreSQL cannot store and terminals may garble (NUL or invalid UTF-8): ` +
        `check_ins ${ids.checkIn} previous (invalid UTF-8); goals ${ids.goal} title (NUL); ` +
        `people ${ids.person} name (NUL and invalid UTF-8)`,
      fix: `pulse --store ${file} admin repair-text (replaces each invalid part with U+FFFD; --dry-run shows what first)`,
    });
  });

  it('--dry-run lists what it would replace and changes nothing', async () => {
    const before = storeChecksum(file);
    const result = await execPulse(['--store', file, 'admin', 'repair-text', '--dry-run', '--json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout) as Cell[]).toEqual(expectedCells());
    expect(result.stderr).toBe(
      'Would replace the invalid parts of 3 values with U+FFFD (dry run: nothing changed).',
    );
    expect(storeChecksum(file)).toBe(before);
  });

  it('replaces the invalid parts with U+FFFD, says what it changed, and then doctor and the API are content', async () => {
    const result = await execPulse(['--store', file, 'admin', 'repair-text'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    // Piped: one tab-separated line a value, no header.
    expect(result.stdout.split('\n')).toEqual([
      `check_ins\t${ids.checkIn}\tprevious\tinvalid UTF-8`,
      `goals\t${ids.goal}\ttitle\tNUL`,
      `people\t${ids.person}\tname\tNUL and invalid UTF-8`,
    ]);
    expect(result.stderr).toBe('Replaced the invalid parts of 3 values with U+FFFD.');

    const db = openSqlite(file, { readonly: true });
    const value = (sql: string, id: string) => db.prepare(sql).pluck().get(id);
    expect([
      value('SELECT title FROM goals WHERE id = ?', ids.goal),
      value('SELECT previous FROM check_ins WHERE id = ?', ids.checkIn),
      value('SELECT hex(CAST(name AS BLOB)) FROM people WHERE id = ?', ids.person),
    ]).toEqual(['Ship\ufffdit', 'Done \ufffd\ufffd\ufffd!', `416E61${'EFBFBD'.repeat(4)}`]);
    db.close();

    const doctor = await execPulse(['--store', file, 'doctor', '--json'], { env });
    expect(doctor.exitCode, doctor.stdout).toBe(0);
    const again = await execPulse(['--store', file, 'admin', 'repair-text', '--json'], { env });
    expect([again.exitCode, again.stdout.trim(), again.stderr]).toEqual([
      0,
      '[]',
      `${file} holds no NUL or invalid UTF-8: nothing to repair.`,
    ]);
    const goal = await execPulse(['--store', file, 'goal', 'view', ids.goal, '--json', 'title'], { env });
    expect(JSON.parse(goal.stdout)).toEqual({ title: 'Ship\ufffdit' });
  });

  it('refuses a PostgreSQL address and a missing file, exit 2', async () => {
    const postgres = await execPulse(['--store', 'postgres://pulse@127.0.0.1:1/x', 'admin', 'repair-text'], {
      env,
    });
    expect([postgres.exitCode, postgres.stderr]).toEqual([
      2,
      'pulse: repair-text mends SQLite store files: PostgreSQL refuses such text, so its stores hold none\n' +
        'Run with --help for usage.',
    ]);
    const missing = await execPulse(['--store', join(tempDir(), 'none.db'), 'admin', 'repair-text'], { env });
    expect(missing.exitCode).toBe(2);
  });
});
