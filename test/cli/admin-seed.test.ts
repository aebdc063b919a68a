/**
 * `pulse admin seed`: what it writes follows the core's rules and is readable through every command,
 * the same seed gives the same store, the search index and deferred indexes are back afterwards, bad
 * flags and initialised stores change nothing, and a terminal gets a progress bar.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkInId } from '../../src/core/ids.js';
import { openSqliteRepository } from '../../src/store/open.js';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { BIN, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { spawnInTerminal } from '../helpers/pty.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let dir: string;
const pulse = (store: string, args: string[]) => runInProcess(['--store', store, ...args], { env });
const seedArgs = ['admin', 'seed', '--people', '30', '--days', '21', '--teams', '3'];

beforeEach(() => {
  env = isolatedEnv();
  dir = tempDir();
});

/** A digest of every row of the tables the seed writes (ids included), to compare two stores. */
function contentDigest(store: string): string {
  const db = openSqlite(store, { readonly: true });
  const hash = createHash('sha256');
  for (const table of [
    'people',
    'teams',
    'memberships',
    'check_ins',
    'check_in_teams',
    'check_in_tags',
    'member_absences',
    'goals',
    'goal_updates',
    'activities',
    'comments',
    'digest_entries',
    'status_notices',
    'status_notice_updates',
  ]) {
    for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all())
      hash.update(JSON.stringify(row));
  }
  db.close();
  return hash.digest('hex');
}

function schemaObjects(store: string): string[] {
  const db = openSqlite(store, { readonly: true });
  const names = db
    .prepare(
      "SELECT type || ' ' || name AS name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY 1",
    )
    .pluck()
    .all() as string[];
  db.close();
  return names;
}

describe('pulse admin seed', () => {
  it('fills a new store that every command reads, with the administrator as the default person', async () => {
    const store = join(dir, 'seeded.db');
    const seeded = await pulse(store, seedArgs);
    expect(seeded.exitCode, seeded.stderr).toBe(0);
    const checkIns = Number(/([\d,]+) check-ins,/.exec(seeded.stderr)?.[1]?.replaceAll(',', ''));
    expect(seeded.stderr).toContain('30 people in 3 teams');
    expect(checkIns).toBeGreaterThan(30 * 10);

    const me = JSON.parse((await pulse(store, ['me', '--json'])).stdout);
    expect(me).toMatchObject({ id: seeded.stdout.trim(), email: 'admin@seed.example', administrator: true });
    const listed = JSON.parse((await pulse(store, ['checkin', 'list', '--all', '--json'])).stdout);
    expect(listed).toHaveLength(checkIns);
    // Every check-in has the id the core derives from its person and date.
    for (const checkIn of listed.slice(0, 20))
      expect(checkIn.id).toBe(await checkInId(checkIn.person.id, checkIn.date));
    const teams = JSON.parse((await pulse(store, ['team', 'list', '--json'])).stdout);
    expect(teams).toHaveLength(3);
    const goals = JSON.parse((await pulse(store, ['goal', 'list', '--all', '--json'])).stdout);
    expect(goals).toHaveLength(30 + 3 * 3);
  });

  it('gives the same store for the same seed and a different one for another', async () => {
    const [a, b, c] = ['a.db', 'b.db', 'c.db'].map((name) => join(dir, name)) as [string, string, string];
    expect((await pulse(a, seedArgs)).exitCode).toBe(0);
    expect((await pulse(b, seedArgs)).exitCode).toBe(0);
    expect((await pulse(c, [...seedArgs, '--seed', '2'])).exitCode).toBe(0);
    expect(contentDigest(a)).toBe(contentDigest(b));
    expect(contentDigest(a)).not.toBe(contentDigest(c));
  });

  it('leaves the indexes, the search triggers and the search index as the migrations make them', async () => {
    const plain = join(dir, 'plain.db');
    expect((await pulse(plain, ['init', '--name', 'Ana Diaz', '--email', 'ana@example.com'])).exitCode).toBe(
      0,
    );
    const store = join(dir, 'seeded.db');
    expect((await pulse(store, seedArgs)).exitCode).toBe(0);
    expect(schemaObjects(store)).toEqual(schemaObjects(plain));

    const db = openSqlite(store, { readonly: true });
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    const indexed = count('SELECT count(*) FROM search_items');
    const items =
      count('SELECT count(*) FROM check_ins WHERE completed_at IS NOT NULL') +
      count('SELECT count(*) FROM goals') +
      count('SELECT count(*) FROM goal_updates') +
      count('SELECT count(*) FROM comments') +
      count('SELECT count(*) FROM activities');
    expect(indexed).toBe(items);
    const blocked = count("SELECT count(*) FROM check_ins WHERE blockers LIKE '%staging%'");
    expect(blocked).toBeGreaterThan(0);
    expect(count(`SELECT count(*) FROM search_text WHERE search_text MATCH 'staging'`)).toBe(blocked);
    db.close();

    // Writes after the seed are indexed by the triggers again.
    const pushed = await pulse(store, [
      'activity',
      'add',
      '--group',
      'Launches',
      '--description',
      'Zeppelin launch',
    ]);
    expect(pushed.exitCode, pushed.stderr).toBe(0);
    const after = openSqlite(store, { readonly: true });
    expect(
      after.prepare(`SELECT count(*) FROM search_text WHERE search_text MATCH 'zeppelin'`).pluck().get(),
    ).toBe(1);
    after.close();
  });

  it('writes keys that all resolve and leaves the store in WAL mode with no journal behind', async () => {
    const store = join(dir, 'seeded.db');
    expect((await pulse(store, seedArgs)).exitCode).toBe(0);
    const db = openSqlite(store, { readonly: true });
    // The writer skips the foreign-key checks: every reference it wrote must hold anyway.
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    expect(existsSync(`${store}-journal`)).toBe(false);
  });

  it("writes each team inclusion with its check-in's copies and shared mark, as the repository does", async () => {
    const store = join(dir, 'seeded.db');
    expect((await pulse(store, seedArgs)).exitCode).toBe(0);
    const db = openSqlite(store, { readonly: true });
    const inclusions = db.prepare('SELECT count(*) FROM check_in_teams').pluck().get() as number;
    // Reports and team filters read these copies instead of check_ins (migrations 011 and 012).
    const differing = db
      .prepare(
        `SELECT count(*) FROM check_in_teams AS ct JOIN check_ins AS c ON c.id = ct.check_in_id
         WHERE ct.date IS NOT c.date OR ct.completed_at IS NOT c.completed_at
            OR ct.updated_at IS NOT c.updated_at OR ct.blocked IS NOT c.blocked
            OR ct.previous_completed IS NOT c.previous_completed
            OR ct.shared IS NOT ((SELECT count(*) FROM check_in_teams AS x WHERE x.check_in_id = ct.check_in_id) > 1)`,
      )
      .pluck()
      .get();
    db.close();
    expect(inclusions).toBeGreaterThan(100);
    expect(differing).toBe(0);
  });

  it('seeds the same store while another connection holds the file open (the load stays in WAL)', async () => {
    const alone = join(dir, 'alone.db');
    expect((await pulse(alone, seedArgs)).exitCode).toBe(0);
    const shared = join(dir, 'shared.db');
    await (await openSqliteRepository(shared)).close();
    const other = openSqlite(shared);
    // A read attaches this connection to the WAL, so the writer cannot leave WAL mode.
    other.prepare('SELECT count(*) FROM people').get();
    try {
      const seeded = await pulse(shared, seedArgs);
      expect(seeded.exitCode, seeded.stderr).toBe(0);
      expect(other.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      other.close();
    }
    expect(contentDigest(shared)).toBe(contentDigest(alone));
  });

  it('refuses a store that already has an account, changing nothing (exit 1)', async () => {
    const store = join(dir, 'pulse.db');
    expect((await pulse(store, ['init', '--name', 'Ana Diaz', '--email', 'ana@example.com'])).exitCode).toBe(
      0,
    );
    const before = contentDigest(store);
    const again = await pulse(store, seedArgs);
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain('already has an account: seed fills a new store');
    expect(contentDigest(store)).toBe(before);
  });

  it.each([
    [['--people', '0', '--days', '5'], '--people must be a whole number from 1 to 100,000'],
    [['--people', '10', '--days', 'x'], '--days must be a whole number from 1 to 3,660'],
    [['--people', '10', '--days', '5', '--teams', '11'], '--teams must not exceed --people'],
    [['--people', '10', '--days', '5', '--seed', '-1'], '--seed must be a whole number of 0 or more'],
  ])('rejects %j with a reason and creates no store (exit 2)', async (flags, reason) => {
    const store = join(dir, 'never.db');
    const result = await pulse(store, ['admin', 'seed', ...flags]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(reason);
    expect(existsSync(store)).toBe(false);
  });

  it('draws a progress bar of days on a terminal', async () => {
    const store = join(dir, 'tty.db');
    const terminal = spawnInTerminal(
      [BIN, '--store', store, 'admin', 'seed', '--people', '20', '--days', '40'],
      env,
    );
    await terminal.waitFor(/days \[[#-]+\] \d+\/40/);
    expect((await terminal.exit).exitCode).toBe(0);
  });
});
