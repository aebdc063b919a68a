/**
 * A private goal's children are private unless made public explicitly (docs/decisions.md, "A private
 * goal's children are private"): on creation, and when a goal is moved under a private parent.
 */
import { describe, expect, it } from 'vitest';
import type { Goal } from '../../src/core/types.js';
import { eachWorld, TARGETS, type World } from './targets.js';

describe.each(TARGETS)("a private goal's children ($name)", (target) => {
  let world: World;
  let parent: Goal;
  eachWorld(target, async (fresh) => {
    world = fresh;
    parent = await world.as('ben').createGoal({ title: 'Acquire Nimbus', private: true });
  });
  const titlesFor = async (who: 'ben' | 'cy') => (await world.as(who).listGoals()).items.map((g) => g.title);

  it('are private when created without saying, public only when made so explicitly', async () => {
    const quiet = await world.as('ben').createGoal({ title: 'Due diligence', parent_id: parent.id });
    expect(quiet.private).toBe(true);
    const open = await world.as('ben').createGoal({ title: 'Hire', parent_id: parent.id, private: false });
    expect(open.private).toBe(false);
    expect(await titlesFor('cy')).toEqual(['Hire']);
    // The public child does not reveal its private parent.
    expect((await world.as('cy').getGoal(open.id)).parent).toBeNull();
    expect((await world.as('ben').getGoal(open.id)).parent?.id).toBe(parent.id);
    // Changing it otherwise keeps what was chosen.
    expect((await world.as('ben').updateGoal(open.id, { title: 'Hire two' })).private).toBe(false);
  });

  it('make a goal moved under a private parent private, unless it is made public in the same change', async () => {
    const moved = await world.as('ben').createGoal({ title: 'Pricing' });
    const kept = await world.as('ben').createGoal({ title: 'Roadmap' });
    expect((await world.as('ben').updateGoal(moved.id, { parent_id: parent.id })).private).toBe(true);
    expect(
      (await world.as('ben').updateGoal(kept.id, { parent_id: parent.id, private: false })).private,
    ).toBe(false);
    expect(await titlesFor('cy')).toEqual(['Roadmap']);
  });

  it('leave the children as they are when a parent becomes private later', async () => {
    const plan = await world.as('ben').createGoal({ title: 'Plan' });
    await world.as('ben').createGoal({ title: 'Step', parent_id: plan.id });
    await world.as('ben').updateGoal(plan.id, { private: true });
    expect(await titlesFor('cy')).toEqual(['Step']);
  });

  it('stay public under a public parent', async () => {
    const plan = await world.as('ben').createGoal({ title: 'Plan' });
    expect((await world.as('ben').createGoal({ title: 'Step', parent_id: plan.id })).private).toBe(false);
  });
});
