/**
 * Migration 012 on a store made before it (check_in_teams' copies and `shared` backfilled), and the
 * reads that rely on them.
 */

import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/store/schema-version.js';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { storeMigratedFrom } from '../helpers/migrated-store.js';

const ALL = { offset: 0, limit: 100 };

// At schema 11: c1 (Ana's) in Core and Design, c2 (Ben's) in Core, c3 (Cy's, not completed) in Design.
const SCHEMA_11_STORE = `
  INSERT INTO people (id, name, username, email, time_zone, created_at, updated_at, first_name, last_name, slug) VALUES
    ('ana', 'Ana Diaz', 'ana', 'ana@example.com', 'UTC', 't', 't', 'Ana', 'Diaz', 'ana-diaz'),
    ('ben', 'Ben Okafor', 'ben', 'ben@example.com', 'UTC', 't', 't', 'Ben', 'Okafor', 'ben-okafor'),
    ('cy', 'Cy Park', 'cy', 'cy@example.com', 'UTC', 't', 't', 'Cy', 'Park', 'cy-park');
  INSERT INTO teams (id, name, report_days, created_at, updated_at) VALUES
    ('core', 'Core', 'monday', 't', 't'), ('design', 'Design', 'monday', 't', 't');
  INSERT INTO check_ins (id, person_id, date, blocked, previous_completed, completed_at, created_at, updated_at) VALUES
    ('c1', 'ana', '2026-11-16', 1, 1, '2026-11-16T09:00:00.000Z', 't', '2026-11-16T10:00:00.000Z'),
    ('c2', 'ben', '2026-11-16', 0, NULL, '2026-11-16T08:00:00.000Z', 't', '2026-11-16T08:00:00.000Z'),
    ('c3', 'cy', '2026-11-16', 0, 0, NULL, 't', '2026-11-16T07:00:00.000Z');
  INSERT INTO check_in_teams (check_in_id, team_id, date, completed_at) VALUES
    ('c1', 'core', '2026-11-16', '2026-11-16T09:00:00.000Z'),
    ('c1', 'design', '2026-11-16', '2026-11-16T09:00:00.000Z'),
    ('c2', 'core', '2026-11-16', '2026-11-16T08:00:00.000Z'),
    ('c3', 'design', '2026-11-16', NULL);
`;

describe('migration 012', () => {
  it('backfills the copies and marks the inclusions of check-ins in more than one team shared', async () => {
    const { repo, path } = await storeMigratedFrom(11, SCHEMA_11_STORE);
    const raw = openSqlite(path, { readonly: true });
    expect(raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(
      raw
        .prepare(
          `SELECT check_in_id, team_id, updated_at, blocked, previous_completed, shared
           FROM check_in_teams ORDER BY check_in_id, team_id`,
        )
        .all(),
    ).toEqual([
      {
        check_in_id: 'c1',
        team_id: 'core',
        updated_at: '2026-11-16T10:00:00.000Z',
        blocked: 1,
        previous_completed: 1,
        shared: 1,
      },
      {
        check_in_id: 'c1',
        team_id: 'design',
        updated_at: '2026-11-16T10:00:00.000Z',
        blocked: 1,
        previous_completed: 1,
        shared: 1,
      },
      {
        check_in_id: 'c2',
        team_id: 'core',
        updated_at: '2026-11-16T08:00:00.000Z',
        blocked: 0,
        previous_completed: null,
        shared: 0,
      },
      {
        check_in_id: 'c3',
        team_id: 'design',
        updated_at: '2026-11-16T07:00:00.000Z',
        blocked: 0,
        previous_completed: 0,
        shared: 0,
      },
    ]);
    raw.close();

    // Ben (in Core) filtering by Design sees Ana's, also in Core, and not Cy's.
    const asBen = { all: false as const, personId: 'ben', teamIds: ['core'], teamsFrom: [] };
    const design = await repo.listCompletedCheckIns({ visibility: asBen, teamIds: ['design'] }, ALL);
    expect(design.map((row) => row.id)).toEqual(['c1']);
    // c1 completed, blocked and planned; c3 a draft: the day counts c1 only, but c3's change too.
    expect(await repo.teamDaysBetween('design', '2026-11-16', '2026-11-16')).toEqual([
      {
        date: '2026-11-16',
        completedIds: ['c1'],
        blockedCount: 1,
        previousCompletedCount: 1,
        latestUpdate: '2026-11-16T10:00:00.000Z',
      },
    ]);
    await repo.close();
  });
});
