/**
 * The answer engine's full-text index on SQLite: kept current by triggers on every write (including
 * cascaded deletes), filled from what a store held before it existed, and ranked by BM25.
 */
import { join } from 'node:path';
import { Kysely, type Migration, Migrator, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { SearchQuery } from '../../src/core/repository.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { openSqliteRepository } from '../../src/store/open.js';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { createFixture } from '../helpers/store.js';
import { tempDir } from '../helpers/temp.js';

const WINDOW: Omit<SearchQuery, 'terms' | 'kinds'> = {
  fromDate: '2026-01-01',
  toDate: '2026-12-31',
  from: '2026-01-01T00:00:00.000Z',
  to: '2027-01-01T00:00:00.000Z',
};
const ALL_KINDS: SearchQuery['kinds'] = ['check-in', 'goal', 'goal-update', 'comment', 'activity'];

describe('the full-text index', () => {
  it('follows every insert, update and delete, including cascades', async () => {
    const { store, ids, path } = await createFixture();
    const service = store.serviceFor(ids.ben as string);
    // A second connection reads the index, as another process would.
    const repo = await openSqliteRepository(path);
    const find = async (...terms: string[]) =>
      (await repo.search({ ...WINDOW, terms, kinds: ALL_KINDS }, { offset: 0, limit: 50 })).map(
        (hit) => `${hit.kind}:${hit.id}`,
      );

    // An untouched check-in carries no answers and is not indexed; a filled one is.
    await service.getCheckIn('2026-11-23');
    expect(await find('importer')).toEqual([]);
    const checkIn = await service.updateCheckIn('2026-11-23', {
      previous: 'Wrote the importer',
      intentions: 'Test it',
      blockers: 'none',
    });
    expect(await find('importer')).toEqual([`check-in:${checkIn.id}`]);
    // Porter stemming: "tests" finds "Test".
    expect(await find('tests')).toEqual([`check-in:${checkIn.id}`]);
    await service.updateCheckIn('2026-11-23', { previous: 'Wrote the parser' });
    expect(await find('importer')).toEqual([]);
    expect(await find('parser')).toEqual([`check-in:${checkIn.id}`]);

    const goal = await service.createGoal({ title: 'Launch Nightingale', team_ids: [ids.core] });
    const update = await service.createGoalUpdate(goal.id, {
      title: 'Nightingale vendor chosen',
      progress: 10,
    });
    const comment = await service.createComment(
      { type: 'goal-update', id: update.id },
      { body: 'Nightingale looks good' },
    );
    expect((await find('nightingale')).sort()).toEqual(
      [`goal:${goal.id}`, `goal-update:${update.id}`, `comment:${comment.id}`].sort(),
    );
    // Deleting the goal cascades to its updates and their comments, and the index follows.
    await service.deleteGoal(goal.id);
    expect(await find('nightingale')).toEqual([]);

    const activity = await service.createActivity({ group: 'Deploys', description: 'Released version 2.4' });
    expect(await find('deploys')).toEqual([`activity:${activity.id}`]);
    // Words are quoted: query syntax typed by a person matches nothing rather than failing.
    expect(await find('"', 'NEAR(', 'title:*')).toEqual([]);
    await repo.close();
    await store.close();
  });

  it('ranks by BM25 within the window, kinds and people asked for', async () => {
    const { store, ids, path } = await createFixture();
    const ben = store.serviceFor(ids.ben as string);
    const cy = store.serviceFor(ids.cy as string);
    const strong = await ben.updateCheckIn('2026-11-20', {
      previous: 'CI CI CI: fixed the CI runners',
      intentions: 'CI caching',
      blockers: 'none',
    });
    const weak = await cy.updateCheckIn('2026-11-20', {
      previous: 'A long day of design reviews, workshops and planning; the CI was red once',
      intentions: 'More design work for the onboarding flow',
      blockers: 'none',
    });
    const older = await ben.updateCheckIn('2026-11-02', {
      previous: 'CI',
      intentions: 'x',
      blockers: 'none',
    });
    await store.close();
    const repo = await openSqliteRepository(path);
    const search = (query: Partial<SearchQuery>) =>
      repo.search({ ...WINDOW, terms: ['ci'], kinds: ['check-in'], ...query }, { offset: 0, limit: 10 });
    const inWindow = await search({ fromDate: '2026-11-16', toDate: '2026-11-22' });
    expect(inWindow.map((hit) => hit.id)).toEqual([strong.id, weak.id]);
    expect((inWindow[0]?.rank ?? 0) < (inWindow[1]?.rank ?? 0)).toBe(true);
    expect((await search({})).map((hit) => hit.id)).toContain(older.id);
    expect((await search({ personIds: [ids.cy as string] })).map((hit) => hit.id)).toEqual([weak.id]);
    expect(await search({ kinds: ['comment'] })).toEqual([]);
    expect(await search({ personIds: [] })).toEqual([]);
    await repo.close();
  });

  it('indexes what a store held before the index existed, and schedules its Echo questions', async () => {
    const path = join(tempDir(), 'old.db');
    const native = openSqlite(path);
    native.pragma('foreign_keys = ON');
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: native }) });
    const before: Record<string, Migration> = Object.fromEntries(
      Object.entries(MIGRATIONS).filter(([name]) => name < '007'),
    );
    const migrate = (migrations: Record<string, Migration>) =>
      new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    expect((await migrate(before)).error).toBeUndefined();
    native.exec(`
      INSERT INTO people (id, name, username, email, time_zone, administrator, kind, created_at, updated_at)
        VALUES ('p1', 'Ana', 'ana', 'ana@example.com', 'UTC', 1, 'human', 't', 't');
      INSERT INTO check_ins (id, person_id, date, previous, intentions, blockers, blocked, completed_at, created_at, updated_at)
        VALUES ('c1', 'p1', '2026-11-20', 'Migrated the ledger', 'x', 'none', 0, '2026-11-20T09:00:00.000Z', 't', 't'),
               ('c2', 'p1', '2026-11-19', 'Never completed ledger', NULL, NULL, 0, NULL, 't', 't');
      INSERT INTO echo_questions (id, person_id, prompt, title, frequency, day, time, time_zone, created_at, updated_at)
        VALUES ('q1', 'p1', 'What shipped?', 'Weekly', 'weekly', 'friday', '16:00', 'UTC', '2026-11-18T10:00:00.000Z', 't');
    `);
    expect((await migrate(MIGRATIONS)).error).toBeUndefined();
    native.pragma('user_version = 7');
    await db.destroy();

    const repo = await openSqliteRepository(path);
    const hits = await repo.search(
      { ...WINDOW, terms: ['ledger'], kinds: ['check-in'] },
      { offset: 0, limit: 10 },
    );
    expect(hits.map((hit) => hit.id)).toEqual(['c1']);
    expect((await repo.findEchoQuestion('q1'))?.next_due_at).toBe('2026-11-20T16:00:00.000Z');
    await repo.close();
  });
});
