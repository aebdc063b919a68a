/**
 * A newcomer sees a team's check-ins from the day they joined on (docs/decisions.md, "A newcomer sees a
 * team's check-ins from the day they joined"), on every list and view, in their digest and in the
 * evidence of their Asks; joined with the history shared, they see it all, as members from before the
 * rule do.
 */
import { describe, expect, it } from 'vitest';
import type { CheckIn } from '../../src/core/types.js';
import { answered } from './answered.js';
import { eachWorld, type PersonKey, TARGETS, type World } from './targets.js';

const BLOCKED = 'Waiting on the vendor contract';

describe.each(TARGETS)("a newcomer and a team's history ($name)", (target) => {
  let world: World;
  let old: { ben: CheckIn; ana: CheckIn };
  eachWorld(target, async (fresh) => {
    world = fresh;
    // Last week's check-ins of Core (the clock is Monday 2026-11-23), one commented on.
    old = {
      ben: await world.as('ben').updateCheckIn('2026-11-17', {
        previous: 'Drafted the contract',
        intentions: 'Sign it',
        blockers: BLOCKED,
      }),
      ana: await world
        .as('ana')
        .updateCheckIn('2026-11-18', { previous: 'Hiring', intentions: 'Interviews' }),
    };
    await world.as('ana').createComment({ type: 'check-in', id: old.ben.id }, { body: 'Chasing them' });
    // Eve joins Core on Wednesday 2026-11-25 (her time zone is UTC); Dee too, shown the history.
    world.clock.set('2026-11-25T09:00:00Z');
    expect(await world.admin.joinTeam('Core', 'eve@example.com')).toBe('added');
    expect(await world.admin.joinTeam('Core', 'dee@example.com', { shareHistory: true })).toBe('added');
  });

  const dates = async (who: PersonKey, query = {}) =>
    (await world.as(who).listCheckIns(query)).items.map((item) => `${item.person.name} ${item.date}`);

  it('lists only the check-ins dated from the day the newcomer joined, with or without a team filter', async () => {
    // Ben's of today, and one he backdates to yesterday after Eve joined: still before her join date.
    await world.as('ben').updateCheckIn('2026-11-24', { previous: 'Backfilled', intentions: 'x' });
    await world.as('ben').updateCheckIn('2026-11-25', { previous: 'Signed', intentions: 'Ship' });
    const recent = ['Ben Okafor 2026-11-25'];
    expect(await dates('eve')).toEqual(recent);
    expect(await dates('eve', { team_ids: [world.ids.core] })).toEqual(recent);
    expect(await dates('eve', { people_ids: [world.ids.ben] })).toEqual(recent);
    // Dee, shown the history, and Cy, a member from before, see all of it.
    const all = [
      'Ben Okafor 2026-11-25',
      'Ben Okafor 2026-11-24',
      'Ana Diaz 2026-11-18',
      'Ben Okafor 2026-11-17',
    ];
    expect(await dates('dee', { team_ids: [world.ids.core] })).toEqual(all);
    expect(await dates('cy', { team_ids: [world.ids.core] })).toEqual(all);
  });

  it("filtered by a team not theirs, shows the check-ins also in the newcomer's team only from their first day", async () => {
    // Cy's, in Core and Design: one of last week, one of today. Eve is not in Design.
    await world.as('cy').updateCheckIn('2026-11-20', { previous: 'a', intentions: 'b' });
    await world.as('cy').updateCheckIn('2026-11-25', { previous: 'c', intentions: 'd' });
    expect(await dates('eve', { team_ids: [world.ids.design] })).toEqual(['Cy Park 2026-11-25']);
    expect(await dates('eve', { team_ids: [world.ids.design, world.ids.core] })).toEqual([
      'Cy Park 2026-11-25',
    ]);
    expect(await dates('dee', { team_ids: [world.ids.design] })).toEqual([
      'Cy Park 2026-11-25',
      'Cy Park 2026-11-20',
    ]);
  });

  it('hides the earlier check-ins and their comments and reactions from views, as unknown ones', async () => {
    const ref = { type: 'check-in' as const, id: old.ben.id };
    await expect(world.as('eve').getCheckIn(old.ben.id)).rejects.toMatchObject({ status: 404 });
    await expect(world.as('eve').listComments(ref)).rejects.toMatchObject({ status: 404 });
    await expect(world.as('eve').listReactions(ref)).rejects.toMatchObject({ status: 404 });
    await expect(world.as('eve').createComment(ref, { body: 'Hi' })).rejects.toMatchObject({ status: 404 });
    expect((await world.as('dee').getCheckIn(old.ben.id)).blockers).toBe(BLOCKED);
    expect((await world.as('dee').listComments(ref)).items.map((comment) => comment.body)).toEqual([
      'Chasing them',
    ]);
  });

  it("leaves the newcomer's digest without the earlier check-ins, backdated ones included", async () => {
    const backdated = await world
      .as('ben')
      .updateCheckIn('2026-11-24', { previous: 'Backfilled', intentions: 'x' });
    const today = await world
      .as('ben')
      .updateCheckIn('2026-11-25', { previous: 'Signed', intentions: 'Ship' });
    const digest = async (who: PersonKey) =>
      (await world.as(who).listDigest()).items.map((entry) => entry.resource.id).sort();
    expect(await digest('eve')).toEqual([today.id]);
    expect(await digest('dee')).toEqual([today.id, backdated.id].sort());
  });

  it("keeps the earlier check-ins out of the newcomer's Ask evidence", async () => {
    const ask = async (who: PersonKey) => {
      const service = world.as(who);
      return (
        await answered(service, (await service.createAsk({ prompt: 'What blocked the team last week?' })).id)
      ).body as string;
    };
    expect(await ask('dee')).toContain(BLOCKED);
    const eves = await ask('eve');
    expect(eves).not.toContain(BLOCKED);
    expect(eves).not.toContain(old.ben.id);
  });

  it('shows a member who joined without the history all of it once it is shared', async () => {
    expect(await dates('eve', { team_ids: [world.ids.core] })).toEqual([]);
    expect(await world.admin.joinTeam('Core', 'eve@example.com', { shareHistory: true })).toBe('shared');
    expect(await dates('eve', { team_ids: [world.ids.core] })).toEqual([
      'Ana Diaz 2026-11-18',
      'Ben Okafor 2026-11-17',
    ]);
    expect(await world.admin.joinTeam('Core', 'eve@example.com', { shareHistory: true })).toBe('unchanged');
  });

  it('shows a newcomer everything of a team with no check-ins before the day they join', async () => {
    // Design has none: Eve, joining it, sees what Cy later backdates there.
    expect(await world.admin.joinTeam('Design', 'eve@example.com')).toBe('added');
    await world.as('cy').updateCheckIn('2026-11-20', {
      previous: 'Sketches',
      intentions: 'More',
      team_ids: [world.ids.design],
    });
    expect(await dates('eve', { team_ids: [world.ids.design] })).toEqual(['Cy Park 2026-11-20']);
  });
});
