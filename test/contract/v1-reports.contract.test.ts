import { describe, expect, it } from 'vitest';
import type { TeamService } from '../../src/core/v1/team-service.js';
import type { V1Report } from '../../src/core/v1/types.js';
import { PUBLIC_URL } from '../helpers/store.js';
import { eachWorld, type PersonKey, TARGETS, type World } from './targets.js';

const REPORT_KEYS = [
  'completed_status_ids',
  'date',
  'id',
  'metrics',
  'question_labels',
  'questions',
  'team_id',
  'url',
];
const METRIC_KEYS = [
  'absent_statuses_count',
  'blocked_count',
  'participation_count',
  'present_statuses_count',
  'previous_completed_count',
  'updated_at',
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The fixture's teams are created on Monday 2026-11-23 (START, 10:00 UTC).
const MON = '2026-11-23';
const TUE = '2026-11-24';
const WED = '2026-11-25';
const THU = '2026-11-26';
const FRI = '2026-11-27';
const SAT = '2026-11-28';
const THURSDAY_NOON = '2026-11-26T12:00:00Z';
const ANSWERS = {
  previous: 'did things',
  intentions: 'do things',
  blockers: 'none',
  previous_completed: true,
};

describe.each(TARGETS)('v1 reports ($name)', (target) => {
  let world: World;
  let core: TeamService;
  eachWorld(target, async (fresh) => {
    world = fresh;
    core = await world.team('core');
  });

  const fill = (who: PersonKey, date: string, extra: Record<string, unknown> = {}) =>
    world.as(who).updateCheckIn(date, { ...ANSWERS, ...extra });
  const dates = (reports: V1Report[]) => reports.map((r) => r.date);

  describe('which reports exist', () => {
    it("has only today's report on the day the team was created", async () => {
      const page = await core.listReports();
      expect(dates(page.items)).toEqual([MON]);
      expect(page).toMatchObject({ page: 1, hasNext: false });
    });

    it("starts today's report as soon as any member's day has begun", async () => {
      // Sunday 23:30 UTC is already Monday in Berlin (Ben): Monday's report exists.
      world.clock.set('2026-11-29T23:30:00Z');
      expect((await core.listReports()).items[0]?.date).toBe('2026-11-30');
      // Not for Secret, whose only member (Dee) is in UTC.
      const secret = await world.team('secret');
      expect(dates((await secret.listReports()).items)).toEqual(['2026-11-25', MON]);
    });

    it('has one report per report day up to today, newest first', async () => {
      world.clock.set(THURSDAY_NOON);
      expect(dates((await core.listReports()).items)).toEqual([THU, WED, TUE, MON]);
    });

    it('leaves out a team absence', async () => {
      world.clock.set(THURSDAY_NOON);
      await world.admin.addTeamAbsence('Core', WED);
      expect(dates((await core.listReports()).items)).toEqual([THU, TUE, MON]);
      await expect(core.getReport(WED)).rejects.toMatchObject({ status: 404 });
      // Another team's absence changes nothing in Core.
      await world.admin.addTeamAbsence('Design', TUE);
      expect(dates((await core.listReports()).items)).toEqual([THU, TUE, MON]);
    });

    it("follows the team's report days", async () => {
      world.clock.set(THURSDAY_NOON);
      const secret = await world.team('secret');
      expect(dates((await secret.listReports()).items)).toEqual([WED, MON]);
      await expect(secret.getReport(TUE)).rejects.toMatchObject({ status: 404 });
      await expect(secret.getReport(THU)).rejects.toMatchObject({ status: 404 });
    });

    it('has no report on a weekend, a future date, a date before the team or an unknown one', async () => {
      world.clock.set('2026-12-01T12:00:00Z');
      expect(dates((await core.listReports()).items)).toEqual([
        '2026-12-01',
        '2026-11-30',
        FRI,
        THU,
        WED,
        TUE,
        MON,
      ]);
      for (const key of [
        SAT,
        '2026-11-29',
        '2026-12-02',
        '2026-11-20',
        '2026-02-30',
        'yesterday',
        '00000000-0000-5000-8000-000000000000',
      ]) {
        await expect(core.getReport(key)).rejects.toMatchObject({ status: 404 });
      }
    });

    it('starts at the earliest check-in of the team when that is before the team was created', async () => {
      await fill('ben', '2026-11-19');
      expect(dates((await core.listReports()).items)).toEqual([MON, '2026-11-20', '2026-11-19']);
    });

    it('pages 30 reports at a time', async () => {
      // 40 report days: Monday 2026-11-23 to Friday 2027-01-15.
      world.clock.set('2027-01-15T12:00:00Z');
      const first = await core.listReports();
      expect(first.items).toHaveLength(30);
      expect(first).toMatchObject({ page: 1, hasNext: true });
      expect(first.items[0]?.date).toBe('2027-01-15');
      expect(first.items[29]?.date).toBe('2026-12-07');
      const second = await core.listReports({ page: 2 });
      expect(second.items).toHaveLength(10);
      expect(second).toMatchObject({ page: 2, hasNext: false });
      expect(second.items[0]?.date).toBe('2026-12-04');
      expect(second.items[9]?.date).toBe(MON);
      expect((await core.listReports({ page: '2' })).items).toEqual(second.items);
      expect((await core.listReports({ page: 3 })).items).toEqual([]);
      for (const page of [0, 'x', -2]) {
        await expect(core.listReports({ page })).rejects.toMatchObject({ status: 400 });
      }
    });
  });

  describe('a report', () => {
    it('has the documented shape and is found by id or by date', async () => {
      const [listed] = (await core.listReports()).items;
      const report = listed as V1Report;
      expect(Object.keys(report).sort()).toEqual(REPORT_KEYS);
      expect(Object.keys(report.metrics).sort()).toEqual(METRIC_KEYS);
      expect(report).toMatchObject({ date: MON, team_id: world.ids.core, completed_status_ids: [] });
      expect(report.id).toMatch(UUID);
      expect(report.url).toBe(`${PUBLIC_URL}/api/v1/reports/${report.id}`);
      expect(await core.getReport(report.id)).toEqual(report);
      expect(await core.getReport(report.id.toUpperCase())).toEqual(report);
      expect(await core.getReport(MON)).toEqual(report);
      // Another team's report id is not found here.
      const secret = await world.team('secret');
      const secretReport = await secret.getReport(MON);
      expect(secretReport.id).not.toBe(report.id);
      await expect(core.getReport(secretReport.id)).rejects.toMatchObject({ status: 404 });
    });

    it('keeps its id when the day is read again later', async () => {
      const monday = await core.getReport(MON);
      world.clock.set(THURSDAY_NOON);
      expect((await core.getReport(MON)).id).toBe(monday.id);
      expect((await core.listReports()).items.find((r) => r.date === MON)?.id).toBe(monday.id);
    });

    it('asks the default questions, naming the previous report day', async () => {
      world.clock.set(THURSDAY_NOON);
      const monday = await core.getReport(MON);
      expect(monday.questions).toEqual({
        previous: 'What did you get done on Friday?',
        next: 'What will you do today?',
        blockers: 'Anything blocking you?',
        previous_completed: 'Did you do what you planned on Friday?',
      });
      expect(monday.question_labels).toEqual({ previous: 'Friday', next: 'Today', blockers: 'Blockers' });
      const tuesday = await core.getReport(TUE);
      expect(tuesday.questions.previous).toBe('What did you get done on Monday?');
      expect(tuesday.questions.previous_completed).toBe('Did you do what you planned on Monday?');
      expect(tuesday.question_labels.previous).toBe('Monday');
      const secret = await world.team('secret');
      expect((await secret.getReport(MON)).question_labels.previous).toBe('Wednesday');
      expect((await secret.getReport(WED)).question_labels.previous).toBe('Monday');
    });
  });

  describe('metrics', () => {
    it('has zero counts and midnight as updated_at on a day without check-ins', async () => {
      expect((await core.getReport(MON)).metrics).toEqual({
        updated_at: `${MON} 00:00:00`,
        blocked_count: 0,
        participation_count: 0,
        absent_statuses_count: 0,
        present_statuses_count: 3,
        previous_completed_count: 0,
      });
    });

    it("counts the day's submitted, blocked, previous-completed and absent statuses", async () => {
      const ana = await fill('ana', MON);
      world.clock.advance(60_000);
      const ben = await fill('ben', MON, { blockers: 'waiting on review', previous_completed: false });
      world.clock.advance(60_000);
      await world.admin.addMemberAbsence('cy@example.com', MON);
      // Filled on another day: not counted on Monday.
      await fill('ana', TUE);
      const report = await core.getReport(MON);
      expect(report.metrics).toEqual({
        updated_at: '2026-11-23 10:01:00',
        blocked_count: 1,
        participation_count: 2,
        absent_statuses_count: 1,
        present_statuses_count: 2,
        previous_completed_count: 1,
      });
      expect(report.metrics.updated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(report.completed_status_ids).toEqual([ana.id, ben.id]);
    });

    it('lists completed statuses in order of submission, not of the last change', async () => {
      const ben = await fill('ben', MON);
      world.clock.advance(60_000);
      const cy = await fill('cy', MON);
      world.clock.advance(60_000);
      await world.as('ben').updateCheckIn(MON, { blockers: 'still none' });
      const report = await core.getReport(MON);
      expect(report.completed_status_ids).toEqual([ben.id, cy.id]);
      expect(report.metrics.updated_at).toBe('2026-11-23 10:02:00');
    });

    it('does not count a check-in that is not submitted, or one not included in the team', async () => {
      await world.as('ben').getCheckIn(MON);
      await fill('cy', MON, { team_ids: [world.ids.design] });
      const report = await core.getReport(MON);
      expect(report.metrics.participation_count).toBe(0);
      expect(report.completed_status_ids).toEqual([]);
      const design = await world.team('design');
      expect((await design.getReport(MON)).metrics).toMatchObject({
        participation_count: 1,
        present_statuses_count: 1,
      });
    });

    it('does not count observers', async () => {
      await world.admin.joinTeam('Core', 'eve@example.com', { role: 'observer' });
      await fill('ana', MON);
      world.clock.advance(60_000);
      // Whether an observer can fill a check-in at all is the v2 rule's business; Core must not count it.
      await fill('eve', MON).catch(() => undefined);
      const report = await core.getReport(MON);
      expect(report.metrics).toMatchObject({ participation_count: 1, present_statuses_count: 3 });
      expect(report.completed_status_ids).toHaveLength(1);
    });
  });
});
