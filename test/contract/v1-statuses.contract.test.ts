import { describe, expect, it } from 'vitest';
import type { TeamService } from '../../src/core/v1/team-service.js';
import type { V1Status } from '../../src/core/v1/types.js';
import { PUBLIC_URL } from '../helpers/store.js';
import { eachWorld, type PersonKey, TARGETS, type World } from './targets.js';

const STATUS_KEYS = [
  'answers',
  'attachments',
  'blocked',
  'comment_ids',
  'completed_at',
  'id',
  'previous_completed',
  'reaction_ids',
  'report_date',
  'report_id',
  'slug',
  'status_activity_ids',
  'title',
  'url',
  'user',
];

const MON = '2026-11-23';
const TUE = '2026-11-24';
const ANSWERS = {
  previous: 'Wrote the importer',
  intentions: 'Test the importer',
  blockers: 'none',
  previous_completed: true,
};

describe.each(TARGETS)('v1 statuses ($name)', (target) => {
  let world: World;
  let core: TeamService;
  eachWorld(target, async (fresh) => {
    world = fresh;
    core = await world.team('core');
  });

  const fill = (who: PersonKey, date: string, extra: Record<string, unknown> = {}) =>
    world.as(who).updateCheckIn(date, { ...ANSWERS, ...extra });
  const who = (statuses: V1Status[]) => statuses.map((s) => `${s.user.first_name} ${s.report_date}`);

  describe('listing', () => {
    it("lists the team's submitted check-ins, newest submission first", async () => {
      await fill('ana', MON);
      world.clock.advance(60_000);
      await fill('ben', MON);
      world.clock.advance(60_000);
      await fill('cy', TUE);
      world.clock.advance(60_000);
      // A later change does not move a status: the order is by submission.
      await world.as('ana').updateCheckIn(MON, { blockers: 'none at all' });
      const page = await core.listStatuses();
      expect(who(page.items)).toEqual([`Cy ${TUE}`, `Ben ${MON}`, `Ana ${MON}`]);
      expect(page).toMatchObject({ page: 1, hasNext: false });
    });

    it('leaves out check-ins not yet submitted and those not included in the team', async () => {
      // Stored but not submitted: an update of team_ids alone does not complete it (a GET stores nothing).
      const pending = await world.as('ben').updateCheckIn(MON, { team_ids: [world.ids.core] });
      await fill('cy', MON, { team_ids: [world.ids.design] });
      await fill('dee', MON);
      expect((await core.listStatuses()).items).toEqual([]);
      // A check-in not yet submitted is still readable by id, with completed_at null.
      expect(await core.getStatus(pending.id)).toMatchObject({ id: pending.id, completed_at: null });
      const design = await world.team('design');
      expect(who((await design.listStatuses()).items)).toEqual([`Cy ${MON}`]);
    });

    it('lists a check-in shared with several teams in each', async () => {
      const cy = await fill('cy', MON);
      const design = await world.team('design');
      expect((await core.listStatuses()).items.map((s) => s.id)).toEqual([cy.id]);
      expect((await design.listStatuses()).items.map((s) => s.id)).toEqual([cy.id]);
    });

    it("does not list an observer's check-in", async () => {
      await world.admin.joinTeam('Core', 'eve@example.com', { role: 'observer' });
      await fill('ana', MON);
      world.clock.advance(60_000);
      // Whether an observer can fill a check-in at all is the v2 rule's business; Core must not list it.
      await fill('eve', MON).catch(() => undefined);
      expect(who((await core.listStatuses()).items)).toEqual([`Ana ${MON}`]);
    });

    it('pages 30 statuses at a time', async () => {
      // 33 submitted check-ins: Ana and Ben on 11 weekdays from Monday, Cy on the same 11.
      const days: string[] = [];
      for (let day = 0; days.length < 11; day++) {
        const date = new Date(Date.parse(`${MON}T00:00:00Z`) + day * 86_400_000);
        if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) days.push(date.toISOString().slice(0, 10));
      }
      for (const date of days) {
        for (const person of ['ana', 'ben', 'cy'] as const) {
          await fill(person, date);
          world.clock.advance(1_000);
        }
      }
      const first = await core.listStatuses();
      expect(first.items).toHaveLength(30);
      expect(first).toMatchObject({ page: 1, hasNext: true });
      expect(who(first.items.slice(0, 1))).toEqual([`Cy ${days[10]}`]);
      const second = await core.listStatuses({ page: 2 });
      expect(second).toMatchObject({ page: 2, hasNext: false });
      expect(who(second.items)).toEqual([`Cy ${MON}`, `Ben ${MON}`, `Ana ${MON}`]);
    });
  });

  describe('a status', () => {
    it('has the documented shape, answers from the check-in, and is found by id or slug', async () => {
      const saved = await fill('ana', MON);
      const status = await core.getStatus(saved.id);
      expect(Object.keys(status).sort()).toEqual(STATUS_KEYS);
      const report = await core.getReport(MON);
      expect(status).toEqual({
        id: saved.id,
        answers: {
          next: 'Test the importer',
          blockers: 'none',
          previous: 'Wrote the importer',
          previous_completed: true,
        },
        blocked: false,
        completed_at: '2026-11-23T10:00:00Z',
        previous_completed: true,
        report_id: report.id,
        slug: '2026-11-23-ana-diaz',
        attachments: [],
        report_date: MON,
        title: "Ana Diaz's check-in for Monday, November 23",
        url: `${PUBLIC_URL}/api/v1/statuses/${saved.id}`,
        comment_ids: [],
        reaction_ids: [],
        status_activity_ids: [],
        user: (await core.getMember('ana-diaz')).user,
      });
      expect(await core.getStatus('2026-11-23-ana-diaz')).toEqual(status);
      expect((await core.listStatuses()).items).toEqual([status]);
      expect(report.completed_status_ids).toEqual([status.id]);
    });

    it('reads blocked and previous_completed from the check-in', async () => {
      const saved = await fill('ben', TUE, { blockers: 'waiting on review', previous_completed: false });
      const status = await core.getStatus(saved.id);
      expect(status).toMatchObject({
        blocked: true,
        previous_completed: false,
        answers: { blockers: 'waiting on review', previous_completed: false },
        slug: '2026-11-24-ben-okafor',
        title: "Ben Okafor's check-in for Tuesday, November 24",
        report_date: TUE,
      });
    });

    it("lists the ids of the check-in's comments and reactions", async () => {
      const saved = await fill('ana', MON);
      const ref = { type: 'check-in' as const, id: saved.id };
      const first = await world.as('ben').createComment(ref, { body: 'Nice work' });
      world.clock.advance(1_000);
      const second = await world.as('cy').createComment(ref, { body: 'Agreed' });
      const { reaction } = await world.as('ben').addReaction(ref, { name: 'thumbsup' });
      const status = await core.getStatus(saved.id);
      expect(status.comment_ids).toEqual([first.id, second.id]);
      expect(status.reaction_ids).toEqual([reaction.id]);
      expect(await core.getComment(first.id)).toMatchObject({
        id: first.id,
        body: 'Nice work',
        status_id: saved.id,
        title: "Ben Okafor commented on Ana Diaz's check-in for Monday, November 23",
        url: `${PUBLIC_URL}/api/v1/comments/${first.id}`,
        user: { slug: 'ben-okafor' },
      });
      expect(await core.getReaction(reaction.id)).toMatchObject({
        id: reaction.id,
        body: 'thumbsup',
        status_id: saved.id,
        title: "Ben Okafor reacted with :thumbsup: to Ana Diaz's check-in for Monday, November 23",
        url: `${PUBLIC_URL}/api/v1/reactions/${reaction.id}`,
      });
    });

    it("is 404 for another team's check-in, by id or slug, and for nonsense", async () => {
      const secret = await fill('dee', MON);
      for (const key of [
        secret.id,
        '2026-11-23-dee-roy',
        '2026-11-24-ana-diaz',
        '2026-02-30-ana-diaz',
        'ana-diaz',
        '00000000-0000-4000-8000-000000000000',
      ]) {
        await expect(core.getStatus(key)).rejects.toMatchObject({ status: 404 });
      }
      const comment = await world
        .as('dee')
        .createComment({ type: 'check-in', id: secret.id }, { body: 'psst' });
      await expect(core.getComment(comment.id)).rejects.toMatchObject({ status: 404 });
      const secretTeam = await world.team('secret');
      expect((await secretTeam.getStatus('2026-11-23-dee-roy')).id).toBe(secret.id);
    });
  });

  describe('comments and reactions, listed', () => {
    /** Ana's Monday with Ben's comment, Cy's a second later, and Ben's reaction; Dee's secret Monday. */
    const conversation = async () => {
      const saved = await fill('ana', MON);
      const ref = { type: 'check-in' as const, id: saved.id };
      const first = await world.as('ben').createComment(ref, { body: 'Nice work' });
      world.clock.advance(1_000);
      const second = await world.as('cy').createComment(ref, { body: 'Agreed' });
      world.clock.advance(1_000);
      const { reaction } = await world.as('ben').addReaction(ref, { name: 'thumbsup' });
      const secret = await fill('dee', MON);
      await world.as('dee').createComment({ type: 'check-in', id: secret.id }, { body: 'psst' });
      await world.as('dee').addReaction({ type: 'check-in', id: secret.id }, { name: 'tada' });
      return { first, second, reaction };
    };

    it("lists the comments on the team's statuses newest first, each as GET /comments/:id shows it", async () => {
      const { first, second } = await conversation();
      const page = await core.listComments();
      expect(page).toMatchObject({ page: 1, hasNext: false });
      expect(page.items.map((comment) => comment.id)).toEqual([second.id, first.id]);
      expect(page.items).toEqual([await core.getComment(second.id), await core.getComment(first.id)]);
    });

    it("lists the reactions to the team's statuses newest first, each as GET /reactions/:id shows it", async () => {
      const { reaction } = await conversation();
      const page = await core.listReactions({ page: 1 });
      expect(page).toEqual({ items: [await core.getReaction(reaction.id)], page: 1, hasNext: false });
      expect(page.items[0]).toMatchObject({ body: 'thumbsup', user: { slug: 'ben-okafor' } });
    });

    it("leaves out another team's comments and reactions, and shows those on a shared check-in in each team", async () => {
      await conversation();
      const secret = await world.team('secret');
      expect((await secret.listComments()).items.map((comment) => comment.body)).toEqual(['psst']);
      expect((await secret.listReactions()).items.map((reaction) => reaction.body)).toEqual(['tada']);
      const shared = await fill('cy', MON);
      const comment = await world
        .as('ana')
        .createComment({ type: 'check-in', id: shared.id }, { body: 'Both' });
      const design = await world.team('design');
      expect((await design.listComments()).items.map((item) => item.id)).toEqual([comment.id]);
      expect((await core.listComments()).items[0]?.id).toBe(comment.id);
      expect((await design.listReactions()).items).toEqual([]);
    });

    it('pages 30 at a time; a page past the end is empty; a bad page is a 400', async () => {
      const saved = await fill('ana', MON);
      const ref = { type: 'check-in' as const, id: saved.id };
      const bodies: string[] = [];
      for (let n = 1; n <= 31; n += 1) {
        await world.as('ben').createComment(ref, { body: `comment ${n}` });
        bodies.push(`comment ${n}`);
        world.clock.advance(1_000);
      }
      const first = await core.listComments();
      expect(first.items.map((comment) => comment.body)).toEqual(bodies.slice(1).reverse());
      expect(first.hasNext).toBe(true);
      const second = await core.listComments({ page: 2 });
      expect(second).toMatchObject({ page: 2, hasNext: false });
      expect(second.items.map((comment) => comment.body)).toEqual(['comment 1']);
      expect((await core.listComments({ page: 3 })).items).toEqual([]);
      // Far past the end: read by probing the team's check-ins, not by walking the newest comments.
      expect(await core.listReactions({ page: Number.MAX_SAFE_INTEGER })).toEqual({
        items: [],
        page: Number.MAX_SAFE_INTEGER,
        hasNext: false,
      });
      for (const page of [0, '0', 'x', '1.5', -1]) {
        await expect(core.listComments({ page })).rejects.toMatchObject({ status: 400 });
        await expect(core.listReactions({ page })).rejects.toMatchObject({ status: 400 });
      }
    });
  });

  describe('tags', () => {
    it('lists distinct #tags of submitted statuses, lower-case and alphabetical', async () => {
      await fill('ana', MON, {
        previous: 'Shipped #Release',
        intentions: 'Prepare #release notes and the #API docs',
      });
      await fill('ben', MON, { previous: 'Fixed #123 in C# code', intentions: 'More #backend work' });
      await fill('cy', MON, { blockers: 'Waiting on #design-review' });
      await fill('dee', MON, { previous: 'Worked on #nightingale' });
      // Not submitted: its tags are not the team's.
      await world.as('ana').updateCheckIn(TUE, { team_ids: [world.ids.core] });
      const page = await core.listTags();
      expect(page.items).toEqual(['api', 'backend', 'design-review', 'release']);
      expect(page).toMatchObject({ page: 1, hasNext: false });
      const secret = await world.team('secret');
      expect((await secret.listTags()).items).toEqual(['nightingale']);
    });

    it("lists a tag's statuses newest completion first, previous_completed as '1' or '0'", async () => {
      const ana = await fill('ana', MON, { previous: 'Shipped #Release' });
      world.clock.advance(60_000);
      const ben = await fill('ben', MON, {
        intentions: 'Cut the #release branch',
        previous_completed: false,
      });
      world.clock.advance(60_000);
      await fill('cy', MON, { previous: 'Nothing tagged' });
      const page = await core.listTagStatuses('release');
      expect(page.items.map((s) => s.id)).toEqual([ben.id, ana.id]);
      expect(page).toMatchObject({ page: 1, hasNext: false });
      expect(page.items.map((s) => s.answers.previous_completed)).toEqual(['0', '1']);
      // Outside tag listings it stays a boolean.
      const status = await core.getStatus(ana.id);
      expect(status.answers.previous_completed).toBe(true);
      const { answers, ...rest } = page.items[1] as V1Status;
      const { answers: plainAnswers, ...plainRest } = status;
      expect(rest).toEqual(plainRest);
      expect(answers).toEqual({ ...plainAnswers, previous_completed: '1' });
      // The tag is compared lower-case, with or without the hash.
      expect((await core.listTagStatuses('Release')).items.map((s) => s.id)).toEqual([ben.id, ana.id]);
      expect((await core.listTagStatuses('#release')).items.map((s) => s.id)).toEqual([ben.id, ana.id]);
    });

    it("is 404 for an unknown tag and for another team's tag", async () => {
      await fill('ana', MON, { previous: 'Shipped #release' });
      await fill('dee', MON, { previous: 'Worked on #nightingale' });
      for (const tag of ['unknown', 'nightingale', '123', 'rel']) {
        await expect(core.listTagStatuses(tag)).rejects.toMatchObject({ status: 404 });
      }
      expect((await core.listTags()).items).toEqual(['release']);
    });
  });
});
