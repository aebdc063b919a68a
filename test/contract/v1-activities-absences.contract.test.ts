import { describe, expect, it } from 'vitest';
import { BadRequestError, ValidationError } from '../../src/core/errors.js';
import type { TeamService } from '../../src/core/v1/team-service.js';
import { untyped } from '../helpers/untyped.js';
import { eachWorld, type PersonKey, TARGETS, type World } from './targets.js';

const ACTIVITY_KEYS = ['created_at', 'description', 'html_description', 'id', 'kind', 'status_id', 'url'];

const MON = '2026-11-23';
const TUE = '2026-11-24';
const WED = '2026-11-25';
const ANSWERS = {
  previous: 'did things',
  intentions: 'do things',
  blockers: 'none',
  previous_completed: true,
};
const PUSHED = {
  email: 'ben@example.com',
  source: 'github',
  source_url: 'https://github.com/x/y/pull/1',
  description: 'Merged <b>PR</b> <script>x</script><a href="javascript:alert(1)">y</a> &amp; more',
};

describe.each(TARGETS)('v1 status activities ($name)', (target) => {
  let world: World;
  let core: TeamService;
  eachWorld(target, async (fresh) => {
    world = fresh;
    core = await world.team('core');
  });

  const recorded = async () => (await world.as('ana').listActivities()).items;

  it("pushes an activity into the member's check-in for today, with sanitised HTML and plain text", async () => {
    // 23:30 UTC on Monday is already Tuesday in Berlin: Ben's today is Tuesday.
    world.clock.set('2026-11-23T23:30:00Z');
    const activity = await core.createStatusActivity(PUSHED);
    expect(Object.keys(activity).sort()).toEqual(ACTIVITY_KEYS);
    const tuesday = await world.as('ben').getCheckIn(TUE);
    expect(activity).toEqual({
      id: expect.any(String),
      status_id: tuesday.id,
      kind: 'github',
      created_at: '2026-11-23T23:30:00Z',
      description: 'Merged PR y & more',
      html_description: 'Merged <b>PR</b> <a>y</a> &amp; more',
      url: 'https://github.com/x/y/pull/1',
    });
    expect(activity.html_description).not.toMatch(/script|javascript/);
    expect(await core.getStatusActivity(activity.id)).toEqual(activity);
    const status = await core.getStatus(activity.status_id);
    expect(status).toMatchObject({
      report_date: TUE,
      status_activity_ids: [activity.id],
      completed_at: null,
    });
    expect(status.user.slug).toBe('ben-okafor');
  });

  it('joins a check-in already filled, listing the activities in order', async () => {
    const monday = await world.as('ben').updateCheckIn(MON, ANSWERS);
    const first = await core.createStatusActivity(PUSHED);
    world.clock.advance(1_000);
    const second = await core.createStatusActivity({ ...PUSHED, description: 'Reviewed a PR' });
    expect([first.status_id, second.status_id]).toEqual([monday.id, monday.id]);
    expect((await core.getStatus(monday.id)).status_activity_ids).toEqual([first.id, second.id]);
    expect((await core.listStatuses()).items[0]?.status_activity_ids).toEqual([first.id, second.id]);
  });

  it("appears in v2 as the member's activity: a v2 kind as kind, any other source as custom", async () => {
    const github = await core.createStatusActivity(PUSHED);
    world.clock.advance(1_000);
    const deploy = await core.createStatusActivity({
      email: 'BEN@example.com',
      source: 'deploy-bot',
      description: 'Deployed 1.2',
    });
    expect(deploy).toMatchObject({ kind: 'deploy-bot', url: '', description: 'Deployed 1.2' });
    const items = (await world.as('ben').listActivities()).items;
    expect(items.find((a) => a.id === github.id)).toMatchObject({
      kind: 'github',
      group: 'github',
      description: 'Merged PR y & more',
      url: 'https://github.com/x/y/pull/1',
      recorded_at: '2026-11-23T10:00:00Z',
      person: { id: world.ids.ben, name: 'Ben Okafor' },
    });
    expect(items.find((a) => a.id === deploy.id)).toMatchObject({
      kind: 'custom',
      group: 'deploy-bot',
      description: 'Deployed 1.2',
      url: null,
    });
  });

  it('on a Saturday joins the next report day, skipping absences', async () => {
    world.clock.set('2026-11-28T12:00:00Z');
    const saturday = await core.createStatusActivity(PUSHED);
    expect(saturday.status_id).toBe((await world.as('ben').getCheckIn('2026-11-30')).id);
    expect((await core.getStatus(saturday.status_id)).report_date).toBe('2026-11-30');
    await world.admin.addTeamAbsence('Core', '2026-11-30');
    await world.admin.addMemberAbsence('ben@example.com', '2026-12-01');
    const later = await core.createStatusActivity(PUSHED);
    expect((await core.getStatus(later.status_id)).report_date).toBe('2026-12-02');
  });

  it('refuses an address that is not an active member of the team with 422, recording nothing', async () => {
    await world.admin.joinTeam('Core', 'eve@example.com', { role: 'observer' });
    for (const email of ['dee@example.com', 'eve@example.com', 'nobody@example.com']) {
      const error = await core.createStatusActivity({ ...PUSHED, email }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({
        status: 422,
        errors: [`email ${email} is not an address of a member of this team`],
      });
    }
    expect(await recorded()).toEqual([]);
  });

  it('refuses broken rules with 422 and wrong types with 400, recording nothing', async () => {
    const invalid: Record<string, unknown>[] = [
      { email: PUSHED.email, source: 'github' },
      { ...PUSHED, description: '' },
      { ...PUSHED, description: '   ' },
      { ...PUSHED, description: '<script>alert(1)</script>' },
      { ...PUSHED, description: 'x'.repeat(2001) },
      { ...PUSHED, source: '' },
      { ...PUSHED, source: 's'.repeat(65) },
      { ...PUSHED, email: '' },
      { ...PUSHED, source_url: 'javascript:alert(1)' },
      { ...PUSHED, source_url: 'ftp://example.com/x' },
      { ...PUSHED, source_url: 'github.com/x' },
    ];
    for (const input of invalid) {
      await expect(core.createStatusActivity(input)).rejects.toMatchObject({ status: 422 });
    }
    await expect(core.createStatusActivity(untyped({ ...PUSHED, description: 5 }))).rejects.toMatchObject({
      status: 400,
    });
    expect(await recorded()).toEqual([]);
    expect((await core.getStatus(`${MON}-ben-okafor`).catch((error) => error)).status).toBe(404);
  });

  it("does not show another team's status activity, or an unknown one", async () => {
    const secret = await world.team('secret');
    const hidden = await secret.createStatusActivity({ ...PUSHED, email: 'dee@example.com' });
    expect(await secret.getStatusActivity(hidden.id)).toEqual(hidden);
    await expect(core.getStatusActivity(hidden.id)).rejects.toMatchObject({ status: 404 });
    await expect(core.getStatusActivity('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
    await expect(core.getStatusActivity('nope')).rejects.toMatchObject({ status: 404 });
  });
});

describe.each(TARGETS)('v1 absences ($name)', (target) => {
  let world: World;
  let core: TeamService;
  eachWorld(target, async (fresh) => {
    world = fresh;
    core = await world.team('core');
  });

  const fill = (who: PersonKey, date: string) => world.as(who).updateCheckIn(date, ANSWERS);
  const absentCounts = async (date: string) => {
    const { metrics } = await core.getReport(date);
    return [metrics.absent_statuses_count, metrics.present_statuses_count];
  };

  describe('member absences', () => {
    it('adds an absence by slug or id, idempotently', async () => {
      expect(await core.addMemberAbsence('ben-okafor', { date: MON })).toEqual({
        absence: { member_id: world.ids.ben, date: MON },
        created: true,
      });
      expect(await core.addMemberAbsence('ben-okafor', { date: MON })).toEqual({
        absence: { member_id: world.ids.ben, date: MON },
        created: false,
      });
      expect(await core.addMemberAbsence(world.ids.ben as string, { date: MON })).toMatchObject({
        created: false,
      });
      expect(await absentCounts(MON)).toEqual([1, 2]);
    });

    it('makes the v2 check-in of that day absent', async () => {
      const filled = await fill('ben', MON);
      await core.addMemberAbsence('ben-okafor', { date: MON });
      expect((await world.as('ben').getCheckIn(MON)).absent).toBe(true);
      expect((await world.as('ben').getCheckIn(filled.id)).absent).toBe(true);
      // A day not yet stored has nothing scheduled: 404 (the "absent" verdict).
      await core.addMemberAbsence('ben-okafor', { date: TUE });
      await expect(world.as('ben').getCheckIn(TUE)).rejects.toMatchObject({ status: 404 });
      // A filled check-in stays a submitted status and is counted, the member counted absent.
      const report = await core.getReport(MON);
      expect(report.metrics).toMatchObject({
        participation_count: 1,
        absent_statuses_count: 1,
        present_statuses_count: 2,
      });
    });

    it('removes an absence, also when there is none', async () => {
      await core.addMemberAbsence('ben-okafor', { date: MON });
      await core.removeMemberAbsence('ben-okafor', MON);
      await core.removeMemberAbsence('ben-okafor', MON);
      await core.removeMemberAbsence(world.ids.ben as string, TUE);
      expect(await absentCounts(MON)).toEqual([0, 3]);
      expect((await world.as('ben').getCheckIn(MON)).absent).toBe(false);
      expect(await core.addMemberAbsence('ben-okafor', { date: MON })).toMatchObject({ created: true });
    });

    it('is 404 for an unknown member, an observer or a member of another team', async () => {
      await world.admin.joinTeam('Core', 'eve@example.com', { role: 'observer' });
      for (const member of ['nobody', 'dee-roy', world.ids.dee as string, 'eve-lund']) {
        await expect(core.addMemberAbsence(member, { date: MON })).rejects.toMatchObject({ status: 404 });
        await expect(core.removeMemberAbsence(member, MON)).rejects.toMatchObject({ status: 404 });
      }
      expect((await fill('dee', MON)).absent).toBe(false);
    });

    it('is 400 for an invalid date, changing nothing', async () => {
      const error = await core
        .addMemberAbsence('ben-okafor', { date: '2026-02-30' })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ status: 400, errors: ['date must be a date (YYYY-MM-DD): 2026-02-30'] });
      for (const body of [{ date: '2026-02-30' }, { date: 'tomorrow' }, { date: 20261123 }, {}, 'text']) {
        await expect(core.addMemberAbsence('ben-okafor', untyped(body))).rejects.toMatchObject({
          status: 400,
        });
      }
      for (const date of ['2026-02-30', 'tomorrow']) {
        await expect(core.removeMemberAbsence('ben-okafor', date)).rejects.toMatchObject({ status: 400 });
      }
      expect(await absentCounts(MON)).toEqual([0, 3]);
      expect((await fill('ben', MON)).absent).toBe(false);
    });
  });

  describe('team absences', () => {
    it('adds a holiday idempotently and the report of that day disappears', async () => {
      world.clock.set('2026-11-26T12:00:00Z');
      expect(await core.addTeamAbsence({ date: WED })).toEqual({
        absence: { team_id: world.ids.core, date: WED },
        created: true,
      });
      expect(await core.addTeamAbsence({ date: WED })).toEqual({
        absence: { team_id: world.ids.core, date: WED },
        created: false,
      });
      await expect(core.getReport(WED)).rejects.toMatchObject({ status: 404 });
      expect((await core.listReports()).items.map((r) => r.date)).toEqual(['2026-11-26', TUE, MON]);
      // Nothing is scheduled for Ben that day (his only team is Core).
      await expect(world.as('ben').getCheckIn(WED)).rejects.toMatchObject({ status: 404 });
    });

    it('applies to a past day too, making a filled check-in absent', async () => {
      const filled = await fill('ana', MON);
      await core.addTeamAbsence({ date: MON });
      await expect(core.getReport(MON)).rejects.toMatchObject({ status: 404 });
      expect((await world.as('ana').getCheckIn(filled.id)).absent).toBe(true);
    });

    it('removes a holiday, also when there is none, and the report comes back', async () => {
      await core.addTeamAbsence({ date: MON });
      const reportless = (await core.listReports()).items;
      expect(reportless).toEqual([]);
      await core.removeTeamAbsence(MON);
      await core.removeTeamAbsence(MON);
      await core.removeTeamAbsence(TUE);
      expect((await core.getReport(MON)).date).toBe(MON);
      expect(await core.addTeamAbsence({ date: MON })).toMatchObject({ created: true });
    });

    it('is 400 for an invalid date, changing nothing', async () => {
      for (const body of [{ date: '2026-02-30' }, { date: 'tomorrow' }, { date: null }, {}, ['2026-11-23']]) {
        await expect(core.addTeamAbsence(untyped(body))).rejects.toMatchObject({ status: 400 });
      }
      for (const date of ['2026-02-30', 'tomorrow']) {
        await expect(core.removeTeamAbsence(date)).rejects.toMatchObject({ status: 400 });
      }
      expect((await core.listReports()).items.map((r) => r.date)).toEqual([MON]);
    });

    it('touches only the team of the credentials', async () => {
      await core.addTeamAbsence({ date: MON });
      const design = await world.team('design');
      expect((await design.getReport(MON)).date).toBe(MON);
      // Cy is in Core and Design: Design still reports, so Cy's check-in is not absent.
      expect((await fill('cy', MON)).absent).toBe(false);
    });
  });
  describe('listed (pulse extensions)', () => {
    it("lists the members' absences by date, then member id, as {member: {id, slug, email}, date}", async () => {
      await core.addMemberAbsence('cy-park', { date: TUE });
      await core.addMemberAbsence('ben-okafor', { date: TUE });
      await core.addMemberAbsence('ben-okafor', { date: MON });
      await world.admin.addMemberAbsence('dee@example.com', MON);
      const ben = { id: world.ids.ben, slug: 'ben-okafor', email: 'ben@example.com' };
      const cy = { id: world.ids.cy, slug: 'cy-park', email: 'cy@example.com' };
      const tuesday = [
        { member: ben, date: TUE },
        { member: cy, date: TUE },
      ].sort((a, b) => a.member.id.localeCompare(b.member.id));
      expect(await core.listMemberAbsences()).toEqual({
        items: [{ member: ben, date: MON }, ...tuesday],
        page: 1,
        hasNext: false,
      });
      expect((await core.listMemberAbsences({ member: 'ben-okafor' })).items).toEqual([
        { member: ben, date: MON },
        { member: ben, date: TUE },
      ]);
      expect((await core.listMemberAbsences({ member: world.ids.cy, from: TUE, to: TUE })).items).toEqual([
        { member: cy, date: TUE },
      ]);
      expect((await core.listMemberAbsences({ from: TUE })).items).toEqual(tuesday);
      expect((await core.listMemberAbsences({ to: MON })).items).toEqual([{ member: ben, date: MON }]);
    });

    it("lists the team's absences by date, within from and to (both inclusive)", async () => {
      await core.addTeamAbsence({ date: WED });
      await core.addTeamAbsence({ date: MON });
      await (await world.team('design')).addTeamAbsence({ date: TUE });
      expect(await core.listTeamAbsences()).toEqual({
        items: [{ date: MON }, { date: WED }],
        page: 1,
        hasNext: false,
      });
      expect((await core.listTeamAbsences({ from: TUE, to: WED })).items).toEqual([{ date: WED }]);
      expect((await core.listTeamAbsences({ from: MON, to: MON })).items).toEqual([{ date: MON }]);
      expect((await core.listTeamAbsences({ to: '2026-11-22' })).items).toEqual([]);
    });

    it('pages 30 at a time', async () => {
      const dates = Array.from({ length: 31 }, (_, n) => `2027-01-${String(n + 1).padStart(2, '0')}`);
      for (const date of dates) await core.addTeamAbsence({ date });
      const first = await core.listTeamAbsences();
      expect(first.items.map((item) => item.date)).toEqual(dates.slice(0, 30));
      expect(first.hasNext).toBe(true);
      expect(await core.listTeamAbsences({ page: 2 })).toEqual({
        items: [{ date: '2027-01-31' }],
        page: 2,
        hasNext: false,
      });
    });

    it('is a 400 naming the parameter for a bad from, to or page, and from after to; 404 for a stranger', async () => {
      const bad: [Record<string, unknown>, string][] = [
        [{ from: '2026-02-30' }, 'from must be a date (YYYY-MM-DD)'],
        [{ to: '23/11/2026' }, 'to must be a date (YYYY-MM-DD)'],
        [{ from: WED, to: MON }, `from must not be after to (from ${WED}, to ${MON})`],
        [{ page: '0' }, 'page must be an integer of at least 1'],
      ];
      for (const [query, message] of bad) {
        for (const list of [() => core.listMemberAbsences(query), () => core.listTeamAbsences(query)]) {
          const refused = list();
          await expect(refused).rejects.toBeInstanceOf(BadRequestError);
          await expect(refused).rejects.toMatchObject({ status: 400, errors: [message] });
        }
      }
      for (const member of ['dee-roy', 'nobody']) {
        await expect(core.listMemberAbsences({ member })).rejects.toMatchObject({ status: 404 });
      }
    });
  });
});
