/**
 * The SQLite side of the v1 team-scoped interface: migration 008 on a store made before it (names,
 * slugs and tags backfilled), and the repository's team-scoped reads and writes.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ActivityRow, CheckInRow, Repository, TeamRow } from '../../src/core/repository.js';
import { openSqliteRepository } from '../../src/store/open.js';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { storeMigratedFrom } from '../helpers/migrated-store.js';
import { personRow } from '../helpers/rows.js';
import { tempDir } from '../helpers/temp.js';

const ALL = { offset: 0, limit: 100 };
const T = '2026-11-01T00:00:00.000Z';

async function freshStore(): Promise<{ repo: Repository; path: string }> {
  const path = join(tempDir('pulse-v1-'), 'pulse.db');
  return { repo: await openSqliteRepository(path), path };
}

const person = (id: string, name: string, slug: string, createdAt = T) =>
  personRow(id, name, { slug, createdAt });

function team(id: string, name: string): TeamRow {
  return {
    id,
    name,
    description: null,
    private: false,
    completion_tracking: true,
    mood_tracking: true,
    report_days: ['monday', 'tuesday'],
    created_at: T,
    updated_at: T,
    questions: null,
  };
}

function checkIn(
  id: string,
  personId: string,
  date: string,
  completedAt: string | null,
  teamIds: string[],
  previous: string | null = null,
): CheckInRow {
  return {
    id,
    person_id: personId,
    date,
    previous,
    intentions: null,
    blockers: null,
    mood: null,
    previous_completed: null,
    blocked: false,
    completed_at: completedAt,
    created_at: T,
    updated_at: T,
    team_ids: teamIds,
  };
}

function activity(id: string, personId: string, recordedAt: string, checkInId: string | null): ActivityRow {
  return {
    id,
    person_id: personId,
    kind: checkInId ? 'status' : 'custom',
    group_name: 'Deploys',
    title: null,
    description: `shipped ${id}`,
    url: null,
    recorded_at: recordedAt,
    check_in_id: checkInId,
    html_description: checkInId ? `<p>shipped ${id}</p>` : null,
  };
}

/** Two teams, three people, Ana and Ben in Core, Cy in Design. */
async function seeded(): Promise<Repository> {
  const { repo } = await freshStore();
  await repo.insertTeam(team('core', 'Core'));
  await repo.insertTeam(team('design', 'Design'));
  await repo.insertPerson(person('ana', 'Ana Diaz', 'ana-diaz'));
  await repo.insertPerson(person('ben', 'Ben Okafor', 'ben-okafor'));
  await repo.insertPerson(person('cy', 'Cy Park', 'cy-park'));
  return repo;
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describe('migration 008', () => {
  it('backfills first and last names and unique slugs for people made before it', async () => {
    const { repo, path } = await storeMigratedFrom(
      7,
      `
      INSERT INTO people (id, name, username, email, time_zone, created_at, updated_at) VALUES
        ('p-ana', 'Ana Diaz', 'ana', 'ana@example.com', 'UTC', '2026-01-01T00:00:00Z', 't'),
        ('p-sam2', 'Sam Lee', 'samlee', 'sam2@example.com', 'UTC', '2026-03-01T00:00:00Z', 't'),
        ('p-sam1', 'Sam Lee', 'sam', 'sam1@example.com', 'UTC', '2026-02-01T00:00:00Z', 't'),
        ('p-plato', 'Plato', 'plato', 'plato@example.com', 'UTC', '2026-04-01T00:00:00Z', 't'),
        ('p-han', '李', 'li-wei', 'li@example.com', 'UTC', '2026-05-01T00:00:00Z', 't');
    `,
    );
    const parts = async (id: string) => {
      const row = await repo.findPerson(id);
      return row && [row.first_name, row.last_name, row.slug];
    };
    expect(await parts('p-ana')).toEqual(['Ana', 'Diaz', 'ana-diaz']);
    // The earlier of two namesakes keeps the plain slug.
    expect(await parts('p-sam1')).toEqual(['Sam', 'Lee', 'sam-lee']);
    expect(await parts('p-sam2')).toEqual(['Sam', 'Lee', 'sam-lee-2']);
    expect(await parts('p-plato')).toEqual(['Plato', '', 'plato']);
    // A name with nothing to slugify takes the username's slug.
    expect(await parts('p-han')).toEqual(['李', '', 'li-wei']);

    expect((await repo.findPersonBySlug('sam-lee-2'))?.id).toBe('p-sam2');
    expect(await repo.slugTaken('ana-diaz')).toBe(true);
    expect(await repo.slugTaken('ana')).toBe(false);
    await repo.close();

    // The slug is unique from now on.
    const raw = openSqlite(path);
    expect(() =>
      raw
        .prepare(
          `INSERT INTO people (id, name, username, email, time_zone, created_at, updated_at, first_name, last_name, slug)
           VALUES ('x', 'Ana Diaz', 'ana2', 'ana2@example.com', 'UTC', 't', 't', 'Ana', 'Diaz', 'ana-diaz')`,
        )
        .run(),
    ).toThrow(/UNIQUE constraint failed: people\.slug/);
    raw.close();
  });

  it('backfills the tags of completed check-ins only, and keeps activities searchable', async () => {
    const { repo, path } = await storeMigratedFrom(
      7,
      `
      INSERT INTO people (id, name, username, email, time_zone, created_at, updated_at) VALUES
        ('p1', 'Ana Diaz', 'ana', 'ana@example.com', 'UTC', 't', 't');
      INSERT INTO teams (id, name, report_days, created_at, updated_at) VALUES ('t1', 'Core', 'monday', 't', 't');
      INSERT INTO check_ins (id, person_id, date, previous, intentions, blockers, blocked, completed_at, created_at, updated_at) VALUES
        ('c1', 'p1', '2026-11-20', 'Shipped #Release and #api', 'More #api, issue #1234', NULL, 0, '2026-11-20T09:00:00.000Z', 't', 't'),
        ('c2', 'p1', '2026-11-21', NULL, NULL, 'stuck on #infra', 1, '2026-11-21T09:00:00.000Z', 't', 't'),
        ('c3', 'p1', '2026-11-22', 'draft #secret', NULL, NULL, 0, NULL, 't', 't'),
        ('c4', 'p1', '2026-11-23', 'no tags here, C# code', NULL, NULL, 0, '2026-11-23T09:00:00.000Z', 't', 't');
      INSERT INTO check_in_teams (check_in_id, team_id) VALUES ('c1', 't1'), ('c2', 't1'), ('c3', 't1'), ('c4', 't1');
      INSERT INTO activities (id, person_id, kind, group_name, title, description, url, recorded_at) VALUES
        ('a1', 'p1', 'custom', 'Deploys', NULL, 'rolled out the zeppelin', NULL, '2026-11-20T10:00:00.000Z');
    `,
    );
    const raw = openSqlite(path, { readonly: true });
    expect(raw.prepare('SELECT check_in_id, tag FROM check_in_tags ORDER BY check_in_id, tag').all()).toEqual(
      [
        { check_in_id: 'c1', tag: 'api' },
        { check_in_id: 'c1', tag: 'release' },
        { check_in_id: 'c2', tag: 'infra' },
      ],
    );
    raw.close();
    expect(await repo.listTeamTags('t1', ALL)).toEqual(['api', 'infra', 'release']);
    expect(ids(await repo.listTeamStatusesTagged('t1', 'api', ALL))).toEqual(['c1']);

    // Activities stored before carry no check-in, and the search triggers still follow the table.
    const old = await repo.findActivity('a1');
    expect([old?.check_in_id, old?.html_description]).toEqual([null, null]);
    await repo.insertActivity({
      ...activity('a2', 'p1', '2026-11-21T10:00:00.000Z', 'c2'),
      description: 'zeppelin again',
    });
    const hits = await repo.search(
      {
        terms: ['zeppelin'],
        kinds: ['activity'],
        fromDate: '2026-01-01',
        toDate: '2026-12-31',
        from: '2026-01-01T00:00:00.000Z',
        to: '2027-01-01T00:00:00.000Z',
      },
      ALL,
    );
    expect(hits.map((hit) => hit.id).sort()).toEqual(['a1', 'a2']);
    await repo.close();
  });
});

describe('the v1 repository', () => {
  it('writes and reads people with their name parts and slug', async () => {
    const repo = await seeded();
    const ana = await repo.findPersonBySlug('ana-diaz');
    expect(ana && [ana.id, ana.first_name, ana.last_name, ana.administrator]).toEqual([
      'ana',
      'Ana',
      'Diaz',
      false,
    ]);
    expect(await repo.findPersonBySlug('nobody')).toBeUndefined();
    expect((await repo.listPeople(ALL)).map((row) => row.slug)).toEqual([
      'ana-diaz',
      'ben-okafor',
      'cy-park',
    ]);
    await expect(repo.insertPerson(person('ana2', 'Ana Diaz', 'ana-diaz'))).rejects.toThrow(/UNIQUE/);
    await repo.close();
  });

  it('stores a team’s question texts as JSON and bumps updated_at when they change', async () => {
    const repo = await seeded();
    expect((await repo.findTeam('core'))?.questions).toBeNull();
    await repo.insertTeam({ ...team('ops', 'Ops'), questions: { next: 'What now?' } });
    expect((await repo.findTeam('ops'))?.questions).toEqual({ next: 'What now?' });

    await repo.setTeamQuestions(
      'core',
      { previous: 'Done?', blockers: 'Stuck?' },
      '2026-11-30T00:00:00.000Z',
    );
    const core = await repo.findTeam('core');
    expect([core?.questions, core?.updated_at]).toEqual([
      { previous: 'Done?', blockers: 'Stuck?' },
      '2026-11-30T00:00:00.000Z',
    ]);
    await repo.setTeamQuestions('core', null, '2026-12-01T00:00:00.000Z');
    expect((await repo.findTeamByName('core'))?.questions).toBeNull();
    await repo.close();
  });

  it('adds memberships with a role and manager flag, once', async () => {
    const repo = await seeded();
    expect(await repo.addMembership('core', 'ana', T, { manager: true })).toBe(true);
    expect(await repo.addMembership('core', 'ben', T, { role: 'observer' })).toBe(true);
    expect(await repo.addMembership('core', 'cy', T)).toBe(true);
    expect(await repo.addMembership('design', 'cy', T)).toBe(true);
    // A second add changes nothing, whatever it asks for.
    expect(await repo.addMembership('core', 'ben', T, { role: 'active', manager: true })).toBe(false);

    const memberships = await repo.membershipsOfTeam('core');
    expect(
      memberships
        .map((row) => [row.person_id, row.role, row.manager, row.team_id, row.created_at])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['ana', 'active', true, 'core', T],
      ['ben', 'observer', false, 'core', T],
      ['cy', 'active', false, 'core', T],
    ]);
    expect(await repo.membershipsOfTeam('nowhere')).toEqual([]);
    await repo.close();
  });

  it('adds and removes absences, and lists a team’s absence dates in a range', async () => {
    const repo = await seeded();
    for (const date of ['2026-11-10', '2026-11-03', '2026-11-20', '2026-11-30']) {
      expect(await repo.addTeamAbsence('core', date)).toBe(true);
    }
    await repo.addTeamAbsence('design', '2026-11-15');
    expect(await repo.teamAbsenceDates('core', '2026-11-03', '2026-11-20')).toEqual([
      '2026-11-03',
      '2026-11-10',
      '2026-11-20',
    ]);
    expect(await repo.removeTeamAbsence('core', '2026-11-10')).toBe(true);
    expect(await repo.removeTeamAbsence('core', '2026-11-10')).toBe(false);
    expect(await repo.teamAbsenceDates('core', '2026-11-01', '2026-11-30')).toEqual([
      '2026-11-03',
      '2026-11-20',
      '2026-11-30',
    ]);

    await repo.addMemberAbsence('ana', '2026-11-05');
    expect(await repo.removeMemberAbsence('ben', '2026-11-05')).toBe(false);
    expect(await repo.removeMemberAbsence('ana', '2026-11-05')).toBe(true);
    expect(await repo.memberAbsences(['ana'], ['2026-11-05'])).toEqual(new Set());
    await repo.close();
  });

  it('saves a team key and replaces it on rotation', async () => {
    const repo = await seeded();
    expect(await repo.findTeamKey('core')).toBeUndefined();
    await repo.saveTeamKey({ team_id: 'core', hash: 'a'.repeat(64), created_at: T });
    await repo.saveTeamKey({ team_id: 'design', hash: 'c'.repeat(64), created_at: T });
    await repo.saveTeamKey({ team_id: 'core', hash: 'b'.repeat(64), created_at: '2026-11-02T00:00:00.000Z' });
    expect(await repo.findTeamKey('core')).toEqual({
      team_id: 'core',
      hash: 'b'.repeat(64),
      created_at: '2026-11-02T00:00:00.000Z',
    });
    expect((await repo.findTeamKey('design'))?.hash).toBe('c'.repeat(64));
    await repo.close();
  });

  it('reads a team’s check-ins, statuses and tags', async () => {
    const repo = await seeded();
    expect(await repo.firstCheckInDateOfTeam('core')).toBeUndefined();
    await repo.saveCheckIn(
      checkIn('c1', 'ana', '2026-11-09', '2026-11-09T17:00:00.000Z', ['core', 'design']),
    );
    await repo.saveCheckIn(checkIn('c2', 'ben', '2026-11-10', '2026-11-10T08:00:00.000Z', ['core']));
    // Completed later than c2 though dated earlier: statuses go by completed_at.
    await repo.saveCheckIn(checkIn('c3', 'ben', '2026-11-08', '2026-11-10T09:00:00.000Z', ['core']));
    await repo.saveCheckIn(checkIn('c4', 'ana', '2026-11-06', null, ['core']));
    await repo.saveCheckIn(checkIn('c5', 'cy', '2026-11-05', '2026-11-05T09:00:00.000Z', ['design']));
    // Same completed_at as c2: the greater id comes first.
    await repo.saveCheckIn(checkIn('c6', 'ana', '2026-11-10', '2026-11-10T08:00:00.000Z', ['core']));

    expect(await repo.firstCheckInDateOfTeam('core')).toBe('2026-11-06');
    expect(await repo.firstCheckInDateOfTeam('design')).toBe('2026-11-05');

    // Core's days: c4 (not completed) alone on the 6th; c2 and c6 completed at the same instant on the
    // 10th, in id order.
    const day = (date: string, completedIds: string[], latestUpdate = T) => ({
      date,
      completedIds,
      blockedCount: 0,
      previousCompletedCount: 0,
      latestUpdate,
    });
    expect(await repo.teamDaysBetween('core', '2026-11-06', '2026-11-10')).toEqual([
      day('2026-11-06', []),
      day('2026-11-08', ['c3']),
      day('2026-11-09', ['c1']),
      day('2026-11-10', ['c2', 'c6']),
    ]);
    expect(await repo.teamDaysBetween('design', '2026-11-06', '2026-11-09')).toEqual([
      day('2026-11-09', ['c1']),
    ]);
    // Read from check_in_teams' copies: a later save of the check-in must reach them.
    await repo.saveCheckIn({
      ...checkIn('c1', 'ana', '2026-11-09', '2026-11-09T17:00:00.000Z', ['core', 'design']),
      blocked: true,
      previous_completed: false,
      updated_at: '2026-11-09T18:00:00.000Z',
    });
    expect(await repo.teamDaysBetween('core', '2026-11-09', '2026-11-09')).toEqual([
      { ...day('2026-11-09', ['c1'], '2026-11-09T18:00:00.000Z'), blockedCount: 1 },
    ]);

    expect(ids(await repo.listTeamStatuses('core', ALL))).toEqual(['c3', 'c6', 'c2', 'c1']);
    expect(ids(await repo.listTeamStatuses('core', { offset: 1, limit: 2 }))).toEqual(['c6', 'c2']);

    await repo.setCheckInTags('c1', ['release', 'api']);
    await repo.setCheckInTags('c2', ['api']);
    await repo.setCheckInTags('c3', ['zebra', 'api']);
    await repo.setCheckInTags('c4', ['draft']); // not completed: not listed
    await repo.setCheckInTags('c5', ['design-only']); // another team's
    // Replacing drops what is no longer there.
    await repo.setCheckInTags('c3', ['api', 'backend']);

    expect(await repo.listTeamTags('core', ALL)).toEqual(['api', 'backend', 'release']);
    expect(await repo.listTeamTags('core', { offset: 1, limit: 1 })).toEqual(['backend']);
    expect(await repo.listTeamTags('design', ALL)).toEqual(['api', 'design-only', 'release']);
    expect(ids(await repo.listTeamStatusesTagged('core', 'api', ALL))).toEqual(['c3', 'c2', 'c1']);
    expect(ids(await repo.listTeamStatusesTagged('core', 'api', { offset: 1, limit: 5 }))).toEqual([
      'c2',
      'c1',
    ]);
    expect(ids(await repo.listTeamStatusesTagged('core', 'zebra', ALL))).toEqual([]);
    expect(ids(await repo.listTeamStatusesTagged('core', 'draft', ALL))).toEqual([]);
    const [tagged] = await repo.listTeamStatusesTagged('design', 'release', ALL);
    expect(tagged?.team_ids.sort()).toEqual(['core', 'design']);

    // Saving a check-in again (an upsert) keeps its tags.
    await repo.saveCheckIn(
      checkIn('c2', 'ben', '2026-11-10', '2026-11-10T08:00:00.000Z', ['core'], 'edited'),
    );
    expect(ids(await repo.listTeamStatusesTagged('core', 'api', ALL))).toEqual(['c3', 'c2', 'c1']);
    await repo.setCheckInTags('c2', []);
    expect(ids(await repo.listTeamStatusesTagged('core', 'api', ALL))).toEqual(['c3', 'c1']);
    await repo.close();
  });

  it('counts a team’s day for its report: completed ids by completion, blocked and planned among them', async () => {
    const repo = await seeded();
    const at = (time: string) => `2026-11-09T${time}:00.000Z`;
    const save = (row: CheckInRow) => repo.saveCheckIn(row);
    // Completed last, blocked, did what was planned.
    await save({
      ...checkIn('a', 'ana', '2026-11-09', at('16:00'), ['core']),
      blocked: true,
      previous_completed: true,
      updated_at: at('16:00'),
    });
    // Completed first; did not do what was planned. Also in Design.
    await save({
      ...checkIn('b', 'ben', '2026-11-09', at('09:00'), ['core', 'design']),
      previous_completed: false,
      updated_at: at('09:00'),
    });
    // Not completed (a draft) though blocked and planned, and changed last: it counts for nothing but the
    // day's latest change.
    await save({
      ...checkIn('c', 'cy', '2026-11-09', null, ['core']),
      blocked: true,
      previous_completed: true,
      updated_at: at('19:00'),
    });
    expect(await repo.teamDaysBetween('core', '2026-11-01', '2026-11-30')).toEqual([
      {
        date: '2026-11-09',
        completedIds: ['b', 'a'],
        blockedCount: 1,
        previousCompletedCount: 1,
        latestUpdate: at('19:00'),
      },
    ]);
    expect((await repo.teamDaysBetween('design', '2026-11-01', '2026-11-30'))[0]?.completedIds).toEqual([
      'b',
    ]);
    expect(await repo.teamDaysBetween('core', '2026-11-10', '2026-11-30')).toEqual([]);
    await repo.close();
  });
  it('lists comment, reaction and status activity ids per resource, oldest first', async () => {
    const repo = await seeded();
    await repo.saveCheckIn(checkIn('c1', 'ana', '2026-11-09', '2026-11-09T17:00:00.000Z', ['core']));
    await repo.saveCheckIn(checkIn('c2', 'ben', '2026-11-09', '2026-11-09T17:00:00.000Z', ['core']));
    const comment = (
      id: string,
      resourceId: string,
      createdAt: string,
      type: 'check-in' | 'goal-update' = 'check-in',
    ) =>
      repo.insertComment({
        id,
        resource_type: type,
        resource_id: resourceId,
        person_id: 'ana',
        body: id,
        created_at: createdAt,
      });
    await comment('m3', 'c1', '2026-11-10T12:00:00.000Z');
    await comment('m1', 'c1', '2026-11-10T09:00:00.000Z');
    await comment('m4', 'c1', '2026-11-10T09:00:00.000Z'); // same time as m1: by id
    await comment('m2', 'c2', '2026-11-10T10:00:00.000Z');
    await comment('m5', 'c1', '2026-11-10T08:00:00.000Z', 'goal-update'); // another type
    const comments = await repo.commentIdsOf('check-in', ['c1', 'c2', 'c9']);
    expect(Object.fromEntries(comments)).toEqual({ c1: ['m1', 'm4', 'm3'], c2: ['m2'] });
    expect(await repo.commentIdsOf('check-in', [])).toEqual(new Map());

    const react = (id: string, personId: string, createdAt: string) =>
      repo.insertReaction({
        id,
        resource_type: 'check-in',
        resource_id: 'c1',
        person_id: personId,
        name: 'tada',
        created_at: createdAt,
      });
    await react('r2', 'ben', '2026-11-10T11:00:00.000Z');
    await react('r1', 'ana', '2026-11-10T10:00:00.000Z');
    expect(Object.fromEntries(await repo.reactionIdsOf('check-in', ['c1', 'c2']))).toEqual({
      c1: ['r1', 'r2'],
    });
    expect(await repo.findReactionById('r2')).toEqual({
      id: 'r2',
      resource_type: 'check-in',
      resource_id: 'c1',
      person_id: 'ben',
      name: 'tada',
      created_at: '2026-11-10T11:00:00.000Z',
    });
    expect(await repo.findReactionById('nope')).toBeUndefined();

    await repo.insertActivity(activity('s2', 'ana', '2026-11-09T12:00:00.000Z', 'c1'));
    await repo.insertActivity(activity('s1', 'ana', '2026-11-09T10:00:00.000Z', 'c1'));
    await repo.insertActivity(activity('s3', 'ben', '2026-11-09T11:00:00.000Z', 'c2'));
    await repo.insertActivity(activity('plain', 'ana', '2026-11-09T09:00:00.000Z', null));
    expect(Object.fromEntries(await repo.statusActivityIdsOf(['c1', 'c2', 'c9']))).toEqual({
      c1: ['s1', 's2'],
      c2: ['s3'],
    });

    // Activities carry the two new columns through every read.
    const status = await repo.findActivity('s1');
    expect([status?.check_in_id, status?.html_description]).toEqual(['c1', '<p>shipped s1</p>']);
    const listed = await repo.listActivities({ personIds: ['ana'] }, ALL);
    expect(listed.map((row) => [row.id, row.check_in_id])).toEqual([
      ['s2', 'c1'],
      ['s1', 'c1'],
      ['plain', null],
    ]);
    expect((await repo.activitiesByIds(['s3']))[0]?.html_description).toBe('<p>shipped s3</p>');
    await repo.close();
  });

  it("lists a team's comments and reactions newest first, by the newest stretch or the team's check-ins", async () => {
    const repo = await seeded();
    await repo.saveCheckIn(checkIn('c1', 'ana', '2026-11-09', '2026-11-09T17:00:00.000Z', ['core']));
    await repo.saveCheckIn(checkIn('c2', 'cy', '2026-11-09', '2026-11-09T17:00:00.000Z', ['design']));
    await repo.saveCheckIn(checkIn('c3', 'cy', '2026-11-10', '2026-11-10T17:00:00.000Z', ['core', 'design']));
    const at = (minute: number) =>
      new Date(Date.parse('2026-11-10T00:00:00.000Z') + minute * 60_000).toISOString();
    const comment = (
      id: string,
      resourceId: string,
      minute: number,
      type: 'check-in' | 'goal-update' = 'check-in',
    ) =>
      repo.insertComment({
        id,
        resource_type: type,
        resource_id: resourceId,
        person_id: 'ana',
        body: id,
        created_at: at(minute),
      });
    await comment('core-1', 'c1', 1);
    await comment('shared-2', 'c3', 2);
    await comment('core-3', 'c1', 3);
    await comment('goal-4', 'c1', 4, 'goal-update'); // on a goal update whose id is a check-in's: not listed
    // Design's 700 comments, all newer: a page of Core's lies past the newest stretch the walk reads.
    await repo.transaction(async () => {
      for (let n = 0; n < 700; n += 1) await comment(`design-${String(n).padStart(3, '0')}`, 'c2', 10 + n);
    });
    const ids = async (teamId: string, window: { offset: number; limit: number }) =>
      (await repo.listTeamComments(teamId, window)).map((row) => row.id);
    expect(await ids('core', { offset: 0, limit: 3 })).toEqual(['core-3', 'shared-2', 'core-1']);
    expect(await ids('core', { offset: 1, limit: 3 })).toEqual(['shared-2', 'core-1']);
    expect(await ids('design', { offset: 0, limit: 3 })).toEqual(['design-699', 'design-698', 'design-697']);
    expect(await ids('design', { offset: 699, limit: 3 })).toEqual(['design-000', 'shared-2']);
    expect(await ids('nobody', { offset: 0, limit: 3 })).toEqual([]);

    const react = (id: string, resourceId: string, personId: string, minute: number) =>
      repo.insertReaction({
        id,
        resource_type: 'check-in',
        resource_id: resourceId,
        person_id: personId,
        name: 'tada',
        created_at: at(minute),
      });
    await react('r1', 'c1', 'ana', 1);
    await react('r2', 'c3', 'ben', 2);
    await react('r3', 'c2', 'cy', 3);
    expect((await repo.listTeamReactions('core', ALL)).map((row) => row.id)).toEqual(['r2', 'r1']);
    expect((await repo.listTeamReactions('design', ALL)).map((row) => row.id)).toEqual(['r3', 'r2']);
    await repo.close();
  });

  it("lists people's and a team's absences by date within a range, both ends inclusive", async () => {
    const repo = await seeded();
    for (const [personId, date] of [
      ['cy', '2026-11-10'],
      ['ana', '2026-11-10'],
      ['ana', '2026-11-09'],
      ['ben', '2026-11-11'],
    ] as const) {
      await repo.addMemberAbsence(personId, date);
    }
    const pairs = async (...args: Parameters<Repository['listMemberAbsences']>) =>
      (await repo.listMemberAbsences(...args)).map((row) => `${row.person_id} ${row.date}`);
    expect(await pairs(['ana', 'cy'], {}, ALL)).toEqual([
      'ana 2026-11-09',
      'ana 2026-11-10',
      'cy 2026-11-10',
    ]);
    expect(await pairs(['ana', 'ben', 'cy'], { from: '2026-11-10', to: '2026-11-10' }, ALL)).toEqual([
      'ana 2026-11-10',
      'cy 2026-11-10',
    ]);
    expect(await pairs(['ana', 'ben', 'cy'], { to: '2026-11-09' }, ALL)).toEqual(['ana 2026-11-09']);
    expect(await pairs(['ana', 'ben', 'cy'], {}, { offset: 3, limit: 2 })).toEqual(['ben 2026-11-11']);
    expect(await pairs([], {}, ALL)).toEqual([]);

    for (const date of ['2026-12-25', '2026-12-24', '2027-01-01']) await repo.addTeamAbsence('core', date);
    await repo.addTeamAbsence('design', '2026-12-26');
    expect(await repo.listTeamAbsences('core', {}, ALL)).toEqual(['2026-12-24', '2026-12-25', '2027-01-01']);
    expect(await repo.listTeamAbsences('core', { from: '2026-12-25', to: '2026-12-31' }, ALL)).toEqual([
      '2026-12-25',
    ]);
    expect(await repo.listTeamAbsences('core', {}, { offset: 1, limit: 1 })).toEqual(['2026-12-25']);
    await repo.close();
  });

  it('detaches status activities and drops tags when their check-in is deleted', async () => {
    const { repo, path } = await freshStore();
    await repo.insertTeam(team('core', 'Core'));
    await repo.insertPerson(person('ana', 'Ana Diaz', 'ana-diaz'));
    await repo.saveCheckIn(checkIn('c1', 'ana', '2026-11-09', '2026-11-09T17:00:00.000Z', ['core']));
    await repo.setCheckInTags('c1', ['api']);
    await repo.insertActivity(activity('s1', 'ana', '2026-11-09T10:00:00.000Z', 'c1'));
    await repo.saveTeamKey({ team_id: 'core', hash: 'a'.repeat(64), created_at: T });

    const raw = openSqlite(path);
    raw.pragma('foreign_keys = ON');
    raw.prepare("DELETE FROM check_ins WHERE id = 'c1'").run();
    raw.prepare("DELETE FROM teams WHERE id = 'core'").run();
    expect(raw.prepare('SELECT count(*) AS n FROM check_in_tags').get()).toEqual({ n: 0 });
    expect(raw.prepare('SELECT count(*) AS n FROM team_keys').get()).toEqual({ n: 0 });
    raw.close();
    expect((await repo.findActivity('s1'))?.check_in_id).toBeNull();
    expect(await repo.statusActivityIdsOf(['c1'])).toEqual(new Map());
    await repo.close();
  });
});
