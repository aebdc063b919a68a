import { describe, expect, it } from 'vitest';
import type { GoalListQuery } from '../../src/core/service.js';
import type { Goal } from '../../src/core/types.js';
import { PUBLIC_URL } from '../helpers/store.js';
import { untyped } from '../helpers/untyped.js';
import { eachWorld, TARGETS, type World } from './targets.js';

const GOAL_KEYS = [
  'archived',
  'confidence',
  'confidence_description',
  'contributors',
  'id',
  'owner',
  'parent',
  'private',
  'progress',
  'teams',
  'title',
  'type',
  'url',
];
const UPDATE_KEYS = [
  'confidence',
  'confidence_description',
  'created_at',
  'goal',
  'id',
  'person',
  'progress',
  'type',
  'updated_at',
  'url',
];

describe.each(TARGETS)('goals and goal updates ($name)', (target) => {
  let world: World;
  eachWorld(target, (fresh) => {
    world = fresh;
  });
  const titles = (goals: Goal[]) => goals.map((goal) => goal.title);

  it('creates a goal owned by the caller, with progress 0 and confidence 100 until an update', async () => {
    const goal = await world.as('ben').createGoal({ title: 'Ship v2' });
    expect(Object.keys(goal).sort()).toEqual(GOAL_KEYS);
    expect(goal).toMatchObject({
      type: 'goal',
      title: 'Ship v2',
      owner: { id: world.ids.ben, name: 'Ben Okafor' },
      parent: null,
      private: false,
      archived: false,
      progress: 0,
      confidence: 100,
      confidence_description: 'On track',
      contributors: [],
      teams: [],
      url: `${PUBLIC_URL}/api/v2/goals/${goal.id}`,
    });
    const full = await world.as('ben').createGoal(
      untyped({
        title: 'Hire',
        description: 'Two engineers',
        start_date: '2026-11-01',
        end_date: '2026-12-31',
        update_cadence: 'Weekly',
        owner_id: world.ids.cy,
        contributor_ids: [world.ids.ana, world.ids.ben],
        team_ids: [world.ids.core],
        parent_id: goal.id,
        unknown: 'ignored',
      }),
    );
    expect(full).toMatchObject({
      description: 'Two engineers',
      start_date: '2026-11-01',
      end_date: '2026-12-31',
      update_cadence: 'Weekly',
      owner: { name: 'Cy Park' },
      parent: { id: goal.id, title: 'Ship v2' },
      contributors: [{ name: 'Ana Diaz' }, { name: 'Ben Okafor' }],
      teams: [{ name: 'Core' }],
    });
    expect(await world.as('eve').getGoal(full.id)).toEqual(full);
  });

  it('rejects broken rules with 422 naming the field, and wrong types with 400', async () => {
    const ben = world.as('ben');
    const parent = await ben.createGoal({ title: 'Parent' });
    world.clock.advance(1000);
    const child = await ben.createGoal({ title: 'Child', parent_id: parent.id });
    const secret = await world.as('dee').createGoal({ title: 'Secret', private: true });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /^title is required$/],
      [{ title: ' ' }, /^title must be 1 to 255 characters$/],
      [{ title: 'x'.repeat(256) }, /^title must be 1 to 255 characters$/],
      [{ title: 'a', update_cadence: 'Daily' }, /^update_cadence must be one of Weekly, Biweekly, Monthly$/],
      [
        { title: 'a', start_date: '2026-12-01', end_date: '2026-11-01' },
        /^end_date may not precede start_date$/,
      ],
      [{ title: 'a', start_date: '2026-02-30' }, /^start_date must be a date/],
      [{ title: 'a', owner_id: '00000000-0000-4000-8000-000000000000' }, /^owner_id must name a person/],
      [{ title: 'a', contributor_ids: ['nobody'] }, /^contributor_ids must name people/],
      [{ title: 'a', team_ids: [world.ids.secret] }, /^team_ids must name existing teams/],
      [{ title: 'a', parent_id: secret.id }, /^parent_id must name a goal you can see/],
    ];
    for (const [input, message] of cases) {
      await expect(ben.createGoal(untyped(input))).rejects.toMatchObject({
        status: 422,
        errors: [expect.stringMatching(message)],
      });
    }
    await expect(ben.updateGoal(parent.id, { parent_id: child.id })).rejects.toMatchObject({
      status: 422,
      errors: ['parent_id would make the goal its own ancestor'],
    });
    await expect(ben.updateGoal(parent.id, { parent_id: parent.id })).rejects.toMatchObject({ status: 422 });
    for (const input of [{ title: 5 }, { private: 'yes' }, { contributor_ids: 'x' }, ['title']]) {
      await expect(ben.createGoal(untyped(input))).rejects.toMatchObject({ status: 400 });
    }
    expect(titles((await ben.listGoals()).items)).toEqual(['Child', 'Parent']);
  });

  it('shows private goals only to owner, contributors and administrators', async () => {
    const secret = await world
      .as('ben')
      .createGoal({ title: 'Private plan', private: true, contributor_ids: [world.ids.cy] });
    for (const who of ['ben', 'cy', 'ana'] as const) {
      expect(titles((await world.as(who).listGoals()).items)).toEqual(['Private plan']);
      expect((await world.as(who).getGoal(secret.id)).title).toBe('Private plan');
    }
    expect((await world.as('eve').listGoals()).items).toEqual([]);
    await expect(world.as('eve').getGoal(secret.id)).rejects.toMatchObject({ status: 404 });
    await expect(world.as('eve').listGoalUpdates(secret.id)).rejects.toMatchObject({ status: 404 });
  });

  it('lets owner, contributors and administrators change a goal; only owner and administrators delete it', async () => {
    const goal = await world.as('ben').createGoal({ title: 'Shared', contributor_ids: [world.ids.cy] });
    expect((await world.as('cy').updateGoal(goal.id, { title: 'Shared, renamed' })).title).toBe(
      'Shared, renamed',
    );
    expect((await world.as('ana').updateGoal(goal.id, { archived: true })).archived).toBe(true);
    await expect(world.as('eve').updateGoal(goal.id, { title: 'Mine now' })).rejects.toMatchObject({
      status: 403,
    });
    await expect(world.as('eve').createGoalUpdate(goal.id, { progress: 10 })).rejects.toMatchObject({
      status: 403,
    });
    await expect(world.as('cy').deleteGoal(goal.id)).rejects.toMatchObject({ status: 403 });
    await world.as('ben').deleteGoal(goal.id);
    await expect(world.as('ben').getGoal(goal.id)).rejects.toMatchObject({ status: 404 });
  });

  it('filters: archived only through goal_ids; people as owner or contributor; teams; since; newest first', async () => {
    const ben = world.as('ben');
    const first = await ben.createGoal({ title: 'First', team_ids: [world.ids.core] });
    world.clock.advance(86_400_000);
    const second = await world.as('cy').createGoal({ title: 'Second', contributor_ids: [world.ids.ben] });
    world.clock.advance(86_400_000);
    const archived = await world.as('eve').createGoal({ title: 'Old', archived: true });
    expect(titles((await ben.listGoals()).items)).toEqual(['Second', 'First']);
    expect(titles((await ben.listGoals({ goal_ids: [archived.id, first.id] })).items)).toEqual([
      'Old',
      'First',
    ]);
    expect(titles((await ben.listGoals({ people_ids: [world.ids.ben as string] })).items)).toEqual([
      'Second',
      'First',
    ]);
    expect(titles((await ben.listGoals({ people_ids: [world.ids.cy as string] })).items)).toEqual(['Second']);
    expect(titles((await ben.listGoals({ team_ids: [world.ids.core as string] })).items)).toEqual(['First']);
    expect(titles((await ben.listGoals({ since: '2026-11-24' })).items)).toEqual(['Second']);
    world.clock.advance(86_400_000);
    await ben.createGoalUpdate(first.id, { progress: 10 });
    expect(titles((await ben.listGoals({ since: '2026-11-26' })).items)).toEqual(['First']);
    await expect(ben.listGoals({ since: 'soon' })).rejects.toMatchObject({ status: 400 });
    expect(second.id).toBeTruthy();
  });

  it('finds goals by the words of their title and description (an extension), with the other filters', async () => {
    const ben = world.as('ben');
    await ben.createGoal({ title: 'Onboarding guide', description: 'Rewrite the setup chapters' });
    world.clock.advance(1_000);
    await ben.createGoal({ title: 'Faster builds', description: 'Cache the onboarding sandbox' });
    world.clock.advance(1_000);
    await world.as('cy').createGoal({ title: 'Onboard designers', team_ids: [world.ids.design] });
    world.clock.advance(1_000);
    await world.as('eve').createGoal({ title: 'Onboarding archive', archived: true });
    // Words match in any case and form: "onboarding" finds "Onboard".
    expect(titles((await ben.listGoals({ search: 'ONBOARDING' })).items)).toEqual([
      'Onboard designers',
      'Faster builds',
      'Onboarding guide',
    ]);
    expect(titles((await ben.listGoals({ search: 'onboarding', archived: true })).items)).toEqual([
      'Onboarding archive',
      'Onboard designers',
      'Faster builds',
      'Onboarding guide',
    ]);
    expect(titles((await ben.listGoals({ search: 'setup onboarding' })).items)).toEqual(['Onboarding guide']);
    expect(
      titles((await ben.listGoals({ search: 'onboard', team_ids: [world.ids.design as string] })).items),
    ).toEqual(['Onboard designers']);
    await expect(ben.listGoals({ search: '!!' })).rejects.toMatchObject({
      status: 400,
      errors: ['search must contain a word'],
    });
  });

  it('lists the goals whose id starts with id_prefix, in id order, only those the caller can see (an extension)', async () => {
    const ben = world.as('ben');
    for (const title of ['One', 'Two', 'Three', 'Four']) await ben.createGoal({ title });
    const archived = await ben.createGoal({ title: 'Old', archived: true });
    const secret = await world.as('dee').createGoal({ title: 'Secret', private: true });
    const visible = (await ben.listGoals({ archived: true })).items.map((goal) => goal.id).sort();
    const listed = async (query: GoalListQuery) => (await ben.listGoals(query)).items.map((goal) => goal.id);
    for (const id of visible) {
      const first = id.slice(0, 1);
      expect(await listed({ id_prefix: first, archived: true })).toEqual(
        visible.filter((each) => each.startsWith(first)),
      );
      expect(await listed({ id_prefix: id.slice(0, 9).toUpperCase(), archived: true })).toEqual([id]);
    }
    // Archived goals only with archived (as without a prefix); another's private goal never.
    expect(await listed({ id_prefix: archived.id })).toEqual([]);
    expect(await listed({ id_prefix: secret.id, archived: true })).toEqual([]);
    expect(await listed({ id_prefix: secret.id.slice(0, 4), archived: true })).toEqual(
      visible.filter((each) => each.startsWith(secret.id.slice(0, 4))),
    );
    expect((await world.as('dee').listGoals({ id_prefix: secret.id })).items.map((g) => g.title)).toEqual([
      'Secret',
    ]);
    await expect(ben.listGoals({ id_prefix: 'x'.repeat(4) })).rejects.toMatchObject({
      status: 400,
      errors: [
        'id_prefix must be 1 to 36 characters of an id (0-9, a-f and -, starting with a digit or letter)',
      ],
    });
  });

  it('lists the goal updates whose id starts with id_prefix, of every goal, in id order, only those the caller can see (an extension)', async () => {
    const ben = world.as('ben');
    const mine: string[] = [];
    for (const title of ['One', 'Two']) {
      const goal = await ben.createGoal({ title });
      for (const progress of [10, 20, 30]) mine.push((await ben.createGoalUpdate(goal.id, { progress })).id);
    }
    const secretGoal = await world.as('dee').createGoal({ title: 'Secret', private: true });
    const secret = (await world.as('dee').createGoalUpdate(secretGoal.id, { progress: 5 })).id;
    const listed = async (prefix: string, paging = {}) =>
      (await ben.listGoalUpdatesByIdPrefix({ id_prefix: prefix, ...paging })).items.map(
        (update) => update.id,
      );
    for (const id of mine) {
      const all = await listed(id.slice(0, 1), { per_page: 50 });
      expect(all).toEqual([...all].sort());
      expect(all.every((each) => each.startsWith(id.slice(0, 1)))).toBe(true);
      expect(all).toContain(id);
      expect(all).not.toContain(secret);
      expect(await listed(id.slice(0, 9).toUpperCase())).toEqual([id]);
      // Pages of one follow the same order.
      const firstTwo = [
        ...(await listed(id.slice(0, 1), { per_page: 1 })),
        ...(await listed(id.slice(0, 1), { per_page: 1, page: 2 })),
      ];
      expect(firstTwo).toEqual(all.slice(0, 2));
    }
    const [one] = (await ben.listGoalUpdatesByIdPrefix({ id_prefix: mine[0] as string })).items;
    expect(one).toEqual(await ben.getGoalUpdate(mine[0] as string));
    // Another's private goal's update: never to Ben, to Dee by its own prefix.
    expect(await listed(secret)).toEqual([]);
    expect(
      (await world.as('dee').listGoalUpdatesByIdPrefix({ id_prefix: secret })).items.map((u) => u.id),
    ).toEqual([secret]);
    await expect(ben.listGoalUpdatesByIdPrefix({})).rejects.toMatchObject({
      status: 400,
      errors: ['id_prefix is required: this list finds items by id'],
    });
  });

  it('posts updates that carry progress and confidence over, normalising confidence', async () => {
    const ben = world.as('ben');
    const goal = await ben.createGoal({ title: 'Launch' });
    const first = await ben.createGoalUpdate(goal.id, { title: 'Kick-off', progress: 20, confidence: 45 });
    expect(Object.keys(first).sort()).toEqual([...UPDATE_KEYS, 'title'].sort());
    expect(first).toMatchObject({
      progress: 20,
      confidence: 60,
      confidence_description: 'At risk',
      goal: { id: goal.id, title: 'Launch' },
    });
    world.clock.advance(1000);
    const second = await ben.createGoalUpdate(goal.id, { body: 'Going well', confidence: 75 });
    expect(second).toMatchObject({
      body: 'Going well',
      progress: 20,
      confidence: 90,
      confidence_description: 'On track',
    });
    world.clock.advance(1000);
    const third = await ben.createGoalUpdate(goal.id, { progress: 35 });
    expect([third.progress, third.confidence]).toEqual([35, 90]);
    for (const [value, expected] of [
      [0, 30],
      [44, 30],
      [46, 60],
      [100, 90],
    ] as const) {
      expect((await ben.createGoalUpdate(goal.id, { confidence: value })).confidence).toBe(expected);
      world.clock.advance(1000);
    }
    const current = await ben.getGoal(goal.id);
    expect([current.progress, current.confidence, current.confidence_description]).toEqual([
      35,
      90,
      'On track',
    ]);
    const updates = (await ben.listGoalUpdates(goal.id)).items;
    expect(updates).toHaveLength(7);
    expect(updates[6]?.id).toBe(first.id);
  });

  it('rejects empty and out-of-range updates', async () => {
    const ben = world.as('ben');
    const goal = await ben.createGoal({ title: 'Launch' });
    await expect(ben.createGoalUpdate(goal.id, {})).rejects.toMatchObject({
      status: 422,
      errors: ['a goal update needs at least one of title, body, progress, confidence'],
    });
    for (const input of [{ progress: 101 }, { progress: -1 }, { confidence: 12.5 }]) {
      await expect(ben.createGoalUpdate(goal.id, input)).rejects.toMatchObject({ status: 422 });
    }
    await expect(ben.createGoalUpdate(goal.id, untyped({ progress: 'half' }))).rejects.toMatchObject({
      status: 400,
    });
    expect((await ben.listGoalUpdates(goal.id)).items).toEqual([]);
  });

  it('lets only the author or an administrator change or delete an update', async () => {
    const goal = await world.as('ben').createGoal({ title: 'Team goal', contributor_ids: [world.ids.cy] });
    const update = await world.as('ben').createGoalUpdate(goal.id, { progress: 10 });
    await expect(world.as('cy').updateGoalUpdate(update.id, { progress: 90 })).rejects.toMatchObject({
      status: 403,
    });
    expect(
      (await world.as('ben').updateGoalUpdate(update.id, { progress: 15, confidence: 31 })).confidence,
    ).toBe(30);
    expect((await world.as('ana').updateGoalUpdate(update.id, { title: 'Fixed' })).title).toBe('Fixed');
    await expect(world.as('cy').deleteGoalUpdate(update.id)).rejects.toMatchObject({ status: 403 });
    await world.as('ana').deleteGoalUpdate(update.id);
    await expect(world.as('ben').getGoalUpdate(update.id)).rejects.toMatchObject({ status: 404 });
    expect((await world.as('ben').getGoal(goal.id)).progress).toBe(0);
  });

  it('deleting a goal deletes its updates and their comments; children lose their parent', async () => {
    const ben = world.as('ben');
    const parent = await ben.createGoal({ title: 'Parent' });
    const child = await ben.createGoal({ title: 'Child', parent_id: parent.id });
    const update = await ben.createGoalUpdate(parent.id, { progress: 50 });
    await ben.createComment({ type: 'goal-update', id: update.id }, { body: 'Nice' });
    await ben.deleteGoal(parent.id);
    await expect(ben.getGoalUpdate(update.id)).rejects.toMatchObject({ status: 404 });
    await expect(ben.listComments({ type: 'goal-update', id: update.id })).rejects.toMatchObject({
      status: 404,
    });
    expect((await ben.getGoal(child.id)).parent).toBeNull();
  });
});

describe.each(TARGETS)('comments and reactions ($name)', (target) => {
  let world: World;
  eachWorld(target, (fresh) => {
    world = fresh;
  });

  const answers = { previous: 'a', intentions: 'b', blockers: 'none' };

  it('comments on check-ins and goal updates, oldest first, visible items only', async () => {
    const checkIn = await world.as('ben').updateCheckIn('2026-11-23', answers);
    const item = { type: 'check-in' as const, id: checkIn.id };
    const first = await world.as('ana').createComment(item, { body: 'Great work @ben' });
    expect(first).toMatchObject({
      type: 'comment',
      body: 'Great work @ben',
      person: { name: 'Ana Diaz' },
      resource: item,
    });
    expect(Object.keys(first).sort()).toEqual(['body', 'created_at', 'id', 'person', 'resource', 'type']);
    world.clock.advance(1000);
    await world.as('ben').createComment(item, { body: 'Thanks!' });
    expect((await world.as('cy').listComments(item)).items.map((c) => c.body)).toEqual([
      'Great work @ben',
      'Thanks!',
    ]);
    await expect(world.as('eve').listComments(item)).rejects.toMatchObject({ status: 404 });
    await expect(world.as('eve').createComment(item, { body: 'hi' })).rejects.toMatchObject({ status: 404 });
    await expect(world.as('ana').createComment(item, { body: '   ' })).rejects.toMatchObject({ status: 422 });
    await expect(world.as('ana').createComment(item, {})).rejects.toMatchObject({ status: 422 });
    await expect(world.as('ana').createComment(item, untyped({ body: 3 }))).rejects.toMatchObject({
      status: 400,
    });

    const goal = await world.as('dee').createGoal({ title: 'Hidden', private: true });
    const update = await world.as('dee').createGoalUpdate(goal.id, { progress: 5 });
    const updateItem = { type: 'goal-update' as const, id: update.id };
    await world.as('dee').createComment(updateItem, { body: 'Note to self' });
    await expect(world.as('ben').listComments(updateItem)).rejects.toMatchObject({ status: 404 });
    expect((await world.as('ana').listComments(updateItem)).items).toHaveLength(1);
  });

  it('adds reactions once per person and name, lists them with emoji, and removes them', async () => {
    const checkIn = await world.as('ben').updateCheckIn('2026-11-23', answers);
    const item = { type: 'check-in' as const, id: checkIn.id };
    const added = await world.as('ana').addReaction(item, { name: 'tada' });
    expect(added.created).toBe(true);
    expect(added.reaction).toMatchObject({
      name: 'tada',
      emoji: '🎉',
      person: { name: 'Ana Diaz' },
      resource: item,
    });
    expect(Object.keys(added.reaction).sort()).toEqual([
      'created_at',
      'emoji',
      'id',
      'name',
      'person',
      'resource',
    ]);
    const again = await world.as('ana').addReaction(item, { name: 'tada' });
    expect([again.created, again.reaction.id]).toEqual([false, added.reaction.id]);
    world.clock.advance(1000);
    await world.as('cy').addReaction(item, { name: 'heart' });
    expect(
      (await world.as('ben').listReactions(item)).items.map((r) => `${r.person.name}:${r.emoji}`),
    ).toEqual(['Ana Diaz:🎉', 'Cy Park:❤️']);
    await world.as('ana').removeReaction(item, { name: 'tada' });
    await world.as('ana').removeReaction(item, { name: 'tada' });
    expect((await world.as('ben').listReactions(item)).items.map((r) => r.name)).toEqual(['heart']);
    await expect(world.as('ana').addReaction(item, { name: 'rocket' })).rejects.toMatchObject({
      status: 422,
    });
    await expect(world.as('eve').addReaction(item, { name: 'heart' })).rejects.toMatchObject({ status: 404 });
  });
});
