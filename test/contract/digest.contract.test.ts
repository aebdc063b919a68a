import { describe, expect, it } from 'vitest';
import type { DigestEntry } from '../../src/core/types.js';
import { eachWorld, TARGETS, type World } from './targets.js';

const ANSWERS = { previous: 'a', intentions: 'b', blockers: 'none' };

describe.each(TARGETS)('digest ($name)', (target) => {
  let world: World;
  eachWorld(target, (fresh) => {
    world = fresh;
  });
  const kinds = async (who: Parameters<World['as']>[0], query = {}) =>
    (await world.as(who).listDigest(query)).items.map(
      (entry: DigestEntry) => `${entry.category}:${entry.resource.type}`,
    );

  it("publishes a completed check-in to its teams' members, not to the author or outsiders", async () => {
    await world.as('ben').updateCheckIn('2026-11-23', { team_ids: [world.ids.core] });
    expect(await kinds('ana')).toEqual([]);
    const checkIn = await world.as('ben').updateCheckIn('2026-11-23', ANSWERS);
    await world.as('ben').updateCheckIn('2026-11-23', { blockers: 'later edit' });
    for (const who of ['ana', 'cy'] as const) expect(await kinds(who)).toEqual(['check-in:check-in']);
    for (const who of ['ben', 'dee', 'eve'] as const) expect(await kinds(who)).toEqual([]);
    const [entry] = (await world.as('ana').listDigest()).items;
    expect(Object.keys(entry ?? {}).sort()).toEqual([
      'category',
      'id',
      'published_at',
      'read_at',
      'resource',
    ]);
    expect(entry).toMatchObject({
      read_at: null,
      published_at: '2026-11-23T10:00:00Z',
      resource: { id: checkIn.id, blockers: 'later edit' },
    });
  });

  it('publishes comments to the item author, earlier commenters and visible @mentions', async () => {
    const checkIn = await world.as('ben').updateCheckIn('2026-11-23', ANSWERS);
    const item = { type: 'check-in' as const, id: checkIn.id };
    world.clock.advance(1000);
    await world.as('ana').createComment(item, { body: 'Nice' });
    world.clock.advance(1000);
    await world.as('cy').createComment(item, { body: 'Agreed, cc @dee and @eve' });
    expect(await kinds('ben')).toEqual(['comment:comment', 'comment:comment']);
    expect(await kinds('ana')).toEqual(['comment:comment', 'check-in:check-in']);
    // Dee and Eve cannot see Ben's check-in: a mention does not leak it.
    expect(await kinds('dee')).toEqual([]);
    expect(await kinds('eve')).toEqual([]);
    await world.admin.joinTeam('Core', 'dee@example.com');
    await world.as('ana').createComment(item, { body: 'Welcome @dee' });
    expect(await kinds('dee')).toEqual(['comment:comment']);
  });

  it('publishes goals and goal updates to their people and teams, private ones to their people only', async () => {
    const goal = await world.as('ben').createGoal({ title: 'Open', team_ids: [world.ids.core] });
    const hidden = await world.as('ben').createGoal({
      title: 'Hidden',
      private: true,
      contributor_ids: [world.ids.dee],
      team_ids: [world.ids.core],
    });
    expect(await kinds('ana')).toEqual(['goal:goal']);
    expect(await kinds('dee')).toEqual(['goal:goal']);
    expect(await kinds('eve')).toEqual([]);
    world.clock.advance(1000);
    await world.as('ben').createGoalUpdate(goal.id, { progress: 10 });
    await world.as('dee').createGoalUpdate(hidden.id, { progress: 20 });
    expect(await kinds('cy')).toEqual(['goal:goal-update', 'goal:goal']);
    expect(await kinds('ben')).toEqual(['goal:goal-update']);
    await world.as('ben').deleteGoal(hidden.id);
    expect(await kinds('dee')).toEqual([]);
  });

  it('filters by category, unread and since, and marks entries read', async () => {
    await world.as('ben').updateCheckIn('2026-11-23', ANSWERS);
    world.clock.advance(60_000);
    await world.as('ben').createGoal({ title: 'Open', team_ids: [world.ids.core] });
    const ana = world.as('ana');
    expect(await kinds('ana', { category: 'goal' })).toEqual(['goal:goal']);
    expect(await kinds('ana', { since: '2026-11-23T10:00:30Z' })).toEqual(['goal:goal']);
    const [newest] = (await ana.listDigest()).items;
    await ana.markDigestRead(newest?.id as string);
    await ana.markDigestRead(newest?.id as string);
    expect(await kinds('ana', { unread: 'true' })).toEqual(['check-in:check-in']);
    expect((await ana.listDigest()).items[0]?.read_at).toBe('2026-11-23T10:01:00Z');
    expect(await ana.markAllDigestRead()).toBe(1);
    expect(await kinds('ana', { unread: true })).toEqual([]);
    await expect(world.as('cy').markDigestRead(newest?.id as string)).rejects.toMatchObject({ status: 404 });
    for (const query of [
      { category: 'ask' },
      { unread: 'false' },
      { unread: 'yes' },
      { since: 'yesterday' },
    ]) {
      await expect(ana.listDigest(query)).rejects.toMatchObject({ status: 400 });
    }
  });
});
