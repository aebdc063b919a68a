import { beforeEach, describe, expect, it } from 'vitest';
import type { CheckInListQuery, CheckInWalkQuery } from '../../src/core/service.js';
import type { CheckIn } from '../../src/core/types.js';
import { PUBLIC_URL } from '../helpers/store.js';
import { untyped } from '../helpers/untyped.js';
import { eachWorld, type PersonKey, TARGETS, type TeamKey, type World } from './targets.js';

const CHECK_IN_KEYS = [
  'absent',
  'blocked',
  'blockers',
  'completed_at',
  'date',
  'id',
  'intentions',
  'mood',
  'person',
  'previous',
  'previous_completed',
  'teams',
  'type',
  'updated_at',
  'url',
];

// Dates around the fixture's "now", Monday 2026-11-23.
const MON = '2026-11-23';
const TUE = '2026-11-24';
const FRI = '2026-11-20';
const THU = '2026-11-19';
const WED = '2026-11-18';
const SAT = '2026-11-21';
const ANSWERS = {
  previous: 'did things',
  intentions: 'do things',
  blockers: 'none',
  mood: 'focused',
} as const;

describe.each(TARGETS)('check-ins ($name)', (target) => {
  let world: World;
  eachWorld(target, (fresh) => {
    world = fresh;
  });

  const fill = (who: Parameters<World['as']>[0], date: string, extra: Record<string, unknown> = {}) =>
    world.as(who).updateCheckIn(date, { ...ANSWERS, ...extra });
  const dates = (items: CheckIn[]) => items.map((c) => `${c.person.name.split(' ')[0]} ${c.date}`);

  describe('filling in', () => {
    it('completes a check-in by date with the first answer, in the documented shape', async () => {
      const saved = await fill('ben', MON, { previous_completed: true });
      expect(Object.keys(saved).sort()).toEqual(CHECK_IN_KEYS);
      expect(saved).toMatchObject({
        type: 'check-in',
        date: MON,
        person: { id: world.ids.ben, name: 'Ben Okafor' },
        teams: [{ id: world.ids.core, name: 'Core' }],
        ...ANSWERS,
        previous_completed: true,
        blocked: false,
        absent: false,
        completed_at: '2026-11-23T10:00:00Z',
        updated_at: '2026-11-23T10:00:00Z',
        url: `${PUBLIC_URL}/api/v2/check-ins/${saved.id}`,
      });
      expect(await world.as('ben').getCheckIn(saved.id)).toEqual(saved);
      expect(await world.as('ben').getCheckIn(MON)).toEqual(saved);
    });

    it('keeps completed_at on later updates and moves updated_at', async () => {
      const first = await fill('ben', MON);
      world.clock.advance(60_000);
      const second = await world.as('ben').updateCheckIn(first.id, { blockers: 'waiting on review' });
      expect(second.completed_at).toBe(first.completed_at);
      expect(second.updated_at).toBe('2026-11-23T10:01:00Z');
      expect(second).toMatchObject({ previous: 'did things', blockers: 'waiting on review', blocked: true });
    });

    it('does not complete a check-in on an update without answers', async () => {
      const updated = await world.as('cy').updateCheckIn(MON, { team_ids: [world.ids.design] });
      expect(updated.completed_at).toBeNull();
      expect(updated.teams.map((t) => t.name)).toEqual(['Design']);
      expect((await world.as('cy').listCheckIns()).items).toEqual([]);
      const nulls = await world.as('cy').updateCheckIn(MON, { previous: null, mood: null });
      expect(nulls.completed_at).toBeNull();
    });

    it('reads blockers: "nothing" answers are not blocked, anything else is', async () => {
      for (const answer of [
        'none',
        ' None ',
        'NO',
        'nope',
        'nothing',
        'n/a',
        'NA',
        '-',
        'No blockers',
        '',
        null,
      ]) {
        const saved = await world.as('ben').updateCheckIn(MON, { ...ANSWERS, blockers: answer });
        expect([answer, saved.blocked]).toEqual([answer, false]);
      }
      for (const answer of ['waiting on design', 'no access to prod', 'none yet, but soon', '--']) {
        const saved = await world.as('ben').updateCheckIn(MON, { ...ANSWERS, blockers: answer });
        expect([answer, saved.blocked]).toEqual([answer, true]);
      }
    });

    it('fills past days late and future days early', async () => {
      expect((await fill('ben', THU)).date).toBe(THU);
      expect((await fill('ben', TUE)).date).toBe(TUE);
      expect(
        dates((await world.as('ben').listCheckIns({ people_ids: [world.ids.ben as string] })).items),
      ).toEqual([`Ben ${TUE}`, `Ben ${THU}`]);
    });

    it("includes the check-in in all the person's teams unless team_ids narrows it", async () => {
      expect((await fill('cy', MON)).teams.map((t) => t.name)).toEqual(['Core', 'Design']);
      expect((await fill('cy', FRI, { team_ids: [world.ids.core] })).teams.map((t) => t.name)).toEqual([
        'Core',
      ]);
    });

    it('ignores unknown and read-only fields', async () => {
      const saved = await fill('ben', MON, {
        blocked: true,
        completed_at: '2000-01-01T00:00:00Z',
        id: 'x',
        colour: 1,
      });
      expect(saved.blocked).toBe(false);
      expect(saved.completed_at).toBe('2026-11-23T10:00:00Z');
      expect(Object.keys(saved)).not.toContain('colour');
    });
  });

  describe('scheduling and absences', () => {
    it('has nothing on a day that is not a report day', async () => {
      await expect(world.as('ben').getCheckIn(SAT)).rejects.toMatchObject({ status: 404 });
      await expect(fill('ben', SAT)).rejects.toMatchObject({ status: 404 });
      // Secret reports monday and wednesday only.
      await expect(fill('dee', TUE)).rejects.toMatchObject({ status: 404 });
      expect((await fill('dee', MON)).date).toBe(MON);
    });

    it('has nothing on a member absence or a team absence of every reporting team', async () => {
      await world.admin.addMemberAbsence('ben@example.com', MON);
      await expect(fill('ben', MON)).rejects.toMatchObject({ status: 404 });
      await world.admin.addTeamAbsence('Core', TUE);
      await expect(fill('ben', TUE)).rejects.toMatchObject({ status: 404 });
      // Cy is in Core and Design: Design still reports on Tuesday.
      expect((await fill('cy', TUE)).absent).toBe(false);
      await world.admin.addTeamAbsence('Design', TUE);
      const cyTuesday = await world.as('cy').getCheckIn(TUE);
      expect(cyTuesday.absent).toBe(true);
    });

    it('marks a filled check-in absent when an absence is added afterwards', async () => {
      const saved = await fill('ben', FRI);
      await world.admin.addMemberAbsence('ben@example.com', FRI);
      expect((await world.as('ben').getCheckIn(saved.id)).absent).toBe(true);
      expect((await world.as('ana').listCheckIns()).items.find((c) => c.id === saved.id)?.absent).toBe(true);
    });

    it('does not find a check-in for a date that is not a date', async () => {
      await expect(world.as('ben').getCheckIn('2026-02-30')).rejects.toMatchObject({ status: 404 });
      await expect(world.as('ben').getCheckIn('yesterday')).rejects.toMatchObject({ status: 404 });
    });

    it('refuses a date outside 2000-01-01..2100-12-31 with 400', async () => {
      for (const date of ['1900-01-01', '2101-01-01']) {
        await expect(world.as('ben').getCheckIn(date)).rejects.toMatchObject({
          status: 400,
          errors: [`the date must be from 2000-01-01 to 2100-12-31: ${date}`],
        });
        await expect(fill('ben', date)).rejects.toMatchObject({ status: 400 });
      }
    });

    it('stores nothing on a GET by date: the check-in is found by its id once written', async () => {
      const read = await world.as('ben').getCheckIn(TUE);
      expect(read).toMatchObject({ date: TUE, completed_at: null, previous: null });
      await expect(world.as('ben').getCheckIn(read.id)).rejects.toMatchObject({ status: 404 });
      const saved = await fill('ben', TUE);
      expect(saved.id).toBe(read.id);
      expect((await world.as('ben').getCheckIn(read.id)).previous).toBe(saved.previous);
    });
  });

  describe('validation', () => {
    it('rejects wrong types with 400 naming the field, and changes nothing', async () => {
      const cases: [unknown, string][] = [
        [{ previous: 5 }, 'previous must be a string or null'],
        [{ mood: 3 }, 'mood must be a string or null'],
        [{ previous_completed: 'yes' }, 'previous_completed must be true, false or null'],
        [{ team_ids: 'abc' }, 'team_ids must be an array of ids'],
        [['previous'], 'the request body must be a JSON object'],
        ['text', 'the request body must be a JSON object'],
      ];
      for (const [body, message] of cases) {
        await expect(world.as('ben').updateCheckIn(MON, untyped(body))).rejects.toMatchObject({
          status: 400,
          errors: [message],
        });
      }
      expect((await world.as('ben').getCheckIn(MON)).completed_at).toBeNull();
    });

    it('rejects rule violations with 422 naming the field, and changes nothing', async () => {
      await expect(fill('ben', MON, { mood: 'ecstatic' })).rejects.toMatchObject({
        status: 422,
        errors: [expect.stringMatching(/^mood must be one of calm, happy/)],
      });
      await expect(fill('ben', MON, { team_ids: [world.ids.design] })).rejects.toMatchObject({
        status: 422,
        errors: [expect.stringContaining("team_ids must be teams of the check-in's person")],
      });
      await expect(fill('ben', MON, { team_ids: [] })).rejects.toMatchObject({ status: 422 });
      await expect(fill('ben', MON, { previous: 'x'.repeat(20_001) })).rejects.toMatchObject({
        status: 422,
        errors: ['previous must be at most 20000 characters'],
      });
      expect((await world.as('ben').getCheckIn(MON)).completed_at).toBeNull();
    });

    it('rejects bad list filters with 400', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ since: '2026-13-01' }, /^since must be a date/],
        [{ until: 'yesterday' }, /^until must be a date/],
        [{ blocked: 'maybe' }, /^blocked must be true or false/],
        [{ people_ids: ['ben'] }, /^people_ids\[\] must be a list of ids/],
        [{ team_ids: 'x' }, /^team_ids\[\] must be a list of ids/],
        [{ per_page: 100 }, /^per_page must be an integer from 1 to 50/],
      ];
      for (const [query, message] of cases) {
        await expect(world.as('ben').listCheckIns(query as never)).rejects.toMatchObject({
          status: 400,
          errors: [expect.stringMatching(message)],
        });
      }
    });
  });

  describe('visibility', () => {
    it("shows teammates' check-ins, one's own, and everything to administrators", async () => {
      await fill('ana', MON);
      await fill('ben', MON);
      await fill('cy', MON, { team_ids: [world.ids.design] });
      await fill('dee', MON);
      await fill('eve', MON).catch(() => undefined); // Eve has no team: nothing is scheduled.
      const seen = async (who: Parameters<World['as']>[0]) =>
        (await world.as(who).listCheckIns()).items.map((c) => c.person.name.split(' ')[0]).sort();
      expect(await seen('ben')).toEqual(['Ana', 'Ben']);
      expect(await seen('cy')).toEqual(['Ana', 'Ben', 'Cy']);
      expect(await seen('dee')).toEqual(['Dee']);
      expect(await seen('eve')).toEqual([]);
      expect(await seen('ana')).toEqual(['Ana', 'Ben', 'Cy', 'Dee']);
    });

    it('does not find a check-in the caller cannot see, by id or in filters', async () => {
      const secret = await fill('dee', MON);
      await expect(world.as('ben').getCheckIn(secret.id)).rejects.toMatchObject({ status: 404 });
      expect((await world.as('ben').listCheckIns({ people_ids: [world.ids.dee as string] })).items).toEqual(
        [],
      );
      expect((await world.as('ben').listCheckIns({ team_ids: [world.ids.secret as string] })).items).toEqual(
        [],
      );
      expect((await world.as('ana').getCheckIn(secret.id)).person.name).toBe('Dee Roy');
    });

    it('names only the teams the caller may see on a visible check-in', async () => {
      await world.admin.joinTeam('Core', 'dee@example.com');
      const both = await fill('dee', MON);
      expect(both.teams.map((t) => t.name)).toEqual(['Core', 'Secret']);
      expect((await world.as('ben').getCheckIn(both.id)).teams.map((t) => t.name)).toEqual(['Core']);
    });

    it('shows a member, of teams not theirs, only their own check-ins and those also in their teams', async () => {
      // Cy's: one in Core and Design (Ben sees it through Core), one in Design alone.
      const cyBoth = await fill('cy', MON);
      await fill('cy', FRI, { team_ids: [world.ids.design] });
      // Ben's own, in Design alone, from when he was a member of it.
      await world.admin.joinTeam('Design', 'ben@example.com');
      const bensOwn = await fill('ben', THU, { team_ids: [world.ids.design] });
      await world.admin.leaveTeam('Design', 'ben@example.com');
      // Dee's: one in the private Secret alone (completed after Cy's of that day), one in Core and Secret.
      world.clock.advance(1_000);
      await fill('dee', MON);
      await world.admin.joinTeam('Core', 'dee@example.com');
      const deeBoth = await fill('dee', WED);
      expect(cyBoth.teams.map((t) => t.name)).toEqual(['Core', 'Design']);
      expect(deeBoth.teams.map((t) => t.name)).toEqual(['Core', 'Secret']);

      const listed = async (who: PersonKey, teams: TeamKey[]) =>
        dates(
          (await world.as(who).listCheckIns({ team_ids: teams.map((team) => world.ids[team] as string) }))
            .items,
        );
      expect(await listed('ben', ['design'])).toEqual([`Cy ${MON}`, `Ben ${THU}`]);
      // A private team Ben is not in filters as a team that does not exist (issue 24): nothing of it.
      expect(await listed('ben', ['secret'])).toEqual([]);
      expect(await listed('ben', ['design', 'secret'])).toEqual([`Cy ${MON}`, `Ben ${THU}`]);
      expect(await listed('dee', ['secret'])).toEqual([`Dee ${MON}`, `Dee ${WED}`]);
      // One of Ben's teams and one not: all of Core's, and of Design's only his own.
      expect(await listed('ben', ['core', 'design'])).toEqual([`Cy ${MON}`, `Ben ${THU}`, `Dee ${WED}`]);
      expect(await listed('eve', ['design', 'secret'])).toEqual([]);
      expect(await listed('ana', ['design', 'secret'])).toEqual([
        `Dee ${MON}`,
        `Cy ${MON}`,
        `Cy ${FRI}`,
        `Ben ${THU}`,
        `Dee ${WED}`,
      ]);
      expect(bensOwn.teams.map((t) => t.name)).toEqual(['Design']);
    });

    it('lets only the author change a check-in', async () => {
      const anas = await fill('ana', MON);
      await expect(world.as('ben').updateCheckIn(anas.id, { previous: 'hijacked' })).rejects.toMatchObject({
        status: 403,
      });
      const deeS = await fill('dee', MON);
      await expect(world.as('ben').updateCheckIn(deeS.id, { previous: 'x' })).rejects.toMatchObject({
        status: 404,
      });
      expect((await world.as('ana').getCheckIn(anas.id)).previous).toBe('did things');
    });
  });

  describe('lists', () => {
    beforeEach(async () => {
      // Ben: Thu, Fri (blocked), Mon; Cy: Fri (completed after Ben's), Mon; Ana: Mon.
      await fill('ben', THU);
      world.clock.advance(1_000);
      await fill('ben', FRI, { blockers: 'waiting on review' });
      world.clock.advance(1_000);
      await fill('cy', FRI);
      world.clock.advance(1_000);
      await fill('ben', MON);
      world.clock.advance(1_000);
      await fill('cy', MON, { team_ids: [world.ids.design] });
      world.clock.advance(1_000);
      await fill('ana', MON);
      await world.as('cy').getCheckIn(TUE); // scheduled, not completed: never listed
    });

    it('walks every check-in the list lists, in its order, a batch at a time (--all)', async () => {
      const walked = async (query: CheckInWalkQuery) => {
        const batches: string[][] = [];
        for await (const batch of world.as('cy').walkCheckIns(query)) batches.push(dates(batch));
        return batches;
      };
      // Batches of two: each after the first starts after the last row read.
      expect(await walked({ per_page: 2 })).toEqual([
        [`Ana ${MON}`, `Cy ${MON}`],
        [`Ben ${MON}`, `Cy ${FRI}`],
        [`Ben ${FRI}`, `Ben ${THU}`],
      ]);
      expect((await walked({ per_page: 4, blocked: false })).flat()).toEqual(
        dates((await world.as('cy').listCheckIns({ blocked: false })).items),
      );
      expect((await walked({ team_ids: [world.ids.core] })).flat()).toEqual(
        dates((await world.as('cy').listCheckIns({ team_ids: [world.ids.core] })).items),
      );
    });

    it('lists completed check-ins, newest date first, then latest completed first', async () => {
      expect(dates((await world.as('cy').listCheckIns()).items)).toEqual([
        `Ana ${MON}`,
        `Cy ${MON}`,
        `Ben ${MON}`,
        `Cy ${FRI}`,
        `Ben ${FRI}`,
        `Ben ${THU}`,
      ]);
    });

    it('filters by inclusive dates, blocked, people and teams, combined', async () => {
      const cy = world.as('cy');
      expect(dates((await cy.listCheckIns({ since: FRI, until: FRI })).items)).toEqual([
        `Cy ${FRI}`,
        `Ben ${FRI}`,
      ]);
      expect(dates((await cy.listCheckIns({ since: MON })).items)).toHaveLength(3);
      expect(dates((await cy.listCheckIns({ until: THU })).items)).toEqual([`Ben ${THU}`]);
      expect(dates((await cy.listCheckIns({ blocked: true })).items)).toEqual([`Ben ${FRI}`]);
      expect(dates((await cy.listCheckIns({ blocked: 'false' })).items)).toHaveLength(5);
      expect(dates((await cy.listCheckIns({ people_ids: [world.ids.cy as string] })).items)).toEqual([
        `Cy ${MON}`,
        `Cy ${FRI}`,
      ]);
      expect(dates((await cy.listCheckIns({ team_ids: [world.ids.design as string] })).items)).toEqual([
        `Cy ${MON}`,
        `Cy ${FRI}`,
      ]);
      const combined = await cy.listCheckIns({
        people_ids: [world.ids.ben as string, world.ids.ana as string],
        team_ids: [world.ids.core as string],
        since: FRI,
        blocked: false,
      });
      expect(dates(combined.items)).toEqual([`Ana ${MON}`, `Ben ${MON}`]);
    });

    it('filters by words, mood and absence (extensions), combined with the others and with paging', async () => {
      await world
        .as('ben')
        .updateCheckIn(THU, { previous: 'Deployed the billing service', mood: 'stressed' });
      await world.as('cy').updateCheckIn(FRI, { intentions: 'keep DEPLOYING staging' });
      await world.as('ben').updateCheckIn(MON, { blockers: 'the staging deploy is red', mood: 'stressed' });
      await world.admin.addMemberAbsence('ben@example.com', FRI);
      const cy = world.as('cy');
      // Every word, in any case and form; in any answer.
      expect(dates((await cy.listCheckIns({ search: 'deploy' })).items)).toEqual([
        `Ben ${MON}`,
        `Cy ${FRI}`,
        `Ben ${THU}`,
      ]);
      expect(dates((await cy.listCheckIns({ search: 'staging deploy' })).items)).toEqual([
        `Ben ${MON}`,
        `Cy ${FRI}`,
      ]);
      expect(dates((await cy.listCheckIns({ search: 'deploy nowhere' })).items)).toEqual([]);
      // Punctuation is no syntax.
      expect(dates((await cy.listCheckIns({ search: '"billing" (service* -' })).items)).toEqual([
        `Ben ${THU}`,
      ]);
      expect(dates((await cy.listCheckIns({ mood: 'stressed' })).items)).toEqual([
        `Ben ${MON}`,
        `Ben ${THU}`,
      ]);
      expect(dates((await cy.listCheckIns({ absent: true })).items)).toEqual([`Ben ${FRI}`]);
      expect(
        dates((await cy.listCheckIns({ absent: 'false', people_ids: [world.ids.ben as string] })).items),
      ).toEqual([`Ben ${MON}`, `Ben ${THU}`]);
      expect(
        dates(
          (await cy.listCheckIns({ search: 'deploy', mood: 'stressed', since: FRI, blocked: true })).items,
        ),
      ).toEqual([`Ben ${MON}`]);
      const first = await cy.listCheckIns({ search: 'deploy', per_page: 2 });
      const second = await cy.listCheckIns({ search: 'deploy', per_page: 2, page: 2 });
      expect([first.hasNext, second.hasNext]).toEqual([true, false]);
      expect(dates([...first.items, ...second.items])).toEqual([`Ben ${MON}`, `Cy ${FRI}`, `Ben ${THU}`]);
    });

    it('lists the check-ins whose id starts with id_prefix, in id order (an extension)', async () => {
      const cy = world.as('cy');
      const ids = (await cy.listCheckIns()).items.map((checkIn) => checkIn.id).sort();
      const starting = (prefix: string) => ids.filter((id) => id.startsWith(prefix));
      const listed = async (query: CheckInListQuery) => (await cy.listCheckIns(query)).items.map((c) => c.id);
      for (const id of ids) {
        expect(await listed({ id_prefix: id.slice(0, 1) })).toEqual(starting(id.slice(0, 1)));
        // Up to a hyphen, in capitals, or whole: the same check-in.
        expect(await listed({ id_prefix: id.slice(0, 9).toUpperCase() })).toEqual([id]);
        expect(await listed({ id_prefix: id })).toEqual([id]);
        // A hyphen where no id has one: none, though the characters before it match.
        expect(await listed({ id_prefix: `${id.slice(0, 4)}-` })).toEqual([]);
      }
      // With the other filters: the filtered ids, in id order.
      const blockedIds = (await cy.listCheckIns({ blocked: true })).items.map((c) => c.id);
      expect(await listed({ id_prefix: blockedIds[0]?.slice(0, 4) ?? '', blocked: true })).toEqual(
        blockedIds.filter((id) => id.startsWith(blockedIds[0]?.slice(0, 4) ?? '')),
      );
      for (const id_prefix of ['0014zz', '-001']) {
        await expect(cy.listCheckIns({ id_prefix })).rejects.toMatchObject({
          status: 400,
          errors: [
            'id_prefix must be 1 to 36 characters of an id (0-9, a-f and -, starting with a digit or letter)',
          ],
        });
      }
    });

    it('rejects a bad search or mood with 400', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ search: ' -- ' }, /^search must contain a word$/],
        [{ search: 'x'.repeat(201) }, /^search must be at most 200 characters$/],
        [{ mood: 'grumpy' }, /^mood must be one of calm, happy/],
        [{ absent: 'sometimes' }, /^absent must be true or false$/],
      ];
      for (const [query, message] of cases) {
        await expect(world.as('ben').listCheckIns(query as never)).rejects.toMatchObject({
          status: 400,
          errors: [expect.stringMatching(message)],
        });
      }
    });

    it('pages through results without totals', async () => {
      const cy = world.as('cy');
      const seen: string[] = [];
      const flags: boolean[] = [];
      for (let page = 1; page <= 3; page++) {
        const result = await cy.listCheckIns({ page, per_page: 2 });
        seen.push(...dates(result.items));
        flags.push(result.hasNext);
      }
      expect(flags).toEqual([true, true, false]);
      expect(seen).toEqual(dates((await cy.listCheckIns()).items));
      expect((await cy.listCheckIns({ page: '4', per_page: '2' })).items).toEqual([]);
    });
  });
});
