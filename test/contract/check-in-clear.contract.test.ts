/** Clearing a check-in (`POST /check-ins/{id}/clear`, an extension of pulse serve) on every target. */
import { describe, expect, it } from 'vitest';
import type { DigestEntry } from '../../src/core/types.js';
import { eachWorld, type PersonKey, TARGETS, type World } from './targets.js';

// Around the fixture's "now", Monday 2026-11-23.
const MON = '2026-11-23';
const FRI = '2026-11-20';
const TUE = '2026-11-24';
const ANSWERS = {
  previous: 'did things #release',
  intentions: 'do things',
  blockers: 'waiting on review',
  mood: 'focused',
  previous_completed: true,
} as const;

describe.each(TARGETS)('clearing check-ins ($name)', (target) => {
  let world: World;
  eachWorld(target, (fresh) => {
    world = fresh;
  });

  const fill = (who: PersonKey, date: string) => world.as(who).updateCheckIn(date, ANSWERS);
  const digest = async (who: PersonKey) =>
    (await world.as(who).listDigest()).items.map(
      (entry: DigestEntry) => `${entry.category}:${entry.resource.type}`,
    );
  const listed = async (who: PersonKey) =>
    (await world.as(who).listCheckIns()).items.map((c) => `${c.person.name.split(' ')[0]} ${c.date}`);

  /** Ben's Monday check-in with a comment by Ana and a reaction by Cy: what a wrong date leaves behind. */
  async function discussedCheckIn() {
    const checkIn = await fill('ben', MON);
    const item = { type: 'check-in' as const, id: checkIn.id };
    world.clock.advance(1000);
    await world.as('ana').createComment(item, { body: 'Which review, @cy?' });
    await world.as('cy').addReaction(item, { name: 'tada' });
    return { checkIn, item };
  }

  it('empties the author’s check-in back to pending, with its comments, reactions and digest entries', async () => {
    const { checkIn, item } = await discussedCheckIn();
    expect(await digest('cy')).toEqual(['comment:comment', 'check-in:check-in']);
    expect(await digest('ben')).toEqual(['comment:comment']);
    world.clock.advance(60_000);

    const cleared = await world.as('ben').clearCheckIn(MON);
    expect(cleared).toEqual({
      ...checkIn,
      previous: null,
      intentions: null,
      blockers: null,
      mood: null,
      previous_completed: null,
      blocked: false,
      completed_at: null,
      updated_at: '2026-11-23T10:01:01Z',
    });
    expect(await world.as('ben').getCheckIn(checkIn.id)).toEqual(cleared);
    expect(await world.as('ana').getCheckIn(checkIn.id)).toEqual(cleared);
    expect(await listed('ana')).toEqual([]);
    expect((await world.as('ben').listComments(item)).items).toEqual([]);
    expect((await world.as('ben').listReactions(item)).items).toEqual([]);
    for (const who of ['ana', 'ben', 'cy'] as const) expect(await digest(who)).toEqual([]);
    expect((await world.as('ana').listCheckIns({ blocked: true })).items).toEqual([]);
  });

  it('lets the right date be filled afterwards, and the cleared one again, published anew', async () => {
    await fill('ben', MON);
    await world.as('ben').clearCheckIn(MON);
    const again = await world.as('ben').updateCheckIn(MON, { intentions: 'the real plan' });
    expect(again).toMatchObject({
      intentions: 'the real plan',
      previous: null,
      completed_at: '2026-11-23T10:00:00Z',
    });
    expect(await digest('ana')).toEqual(['check-in:check-in']);
    expect(await listed('cy')).toEqual(['Ben 2026-11-23']);
  });

  it('lets an administrator clear anyone’s check-in by id; others get 403, outsiders 404, nothing changed', async () => {
    const { checkIn, item } = await discussedCheckIn();
    await expect(world.as('cy').clearCheckIn(checkIn.id)).rejects.toMatchObject({ status: 403 });
    await expect(world.as('dee').clearCheckIn(checkIn.id)).rejects.toMatchObject({ status: 404 });
    await expect(world.as('eve').clearCheckIn(checkIn.id)).rejects.toMatchObject({ status: 404 });
    expect(await world.as('ben').getCheckIn(checkIn.id)).toEqual(checkIn);
    expect((await world.as('ben').listComments(item)).items).toHaveLength(1);
    expect((await world.as('ben').listReactions(item)).items).toHaveLength(1);

    const cleared = await world.as('ana').clearCheckIn(checkIn.id);
    expect(cleared).toMatchObject({ id: checkIn.id, person: { id: world.ids.ben }, completed_at: null });
    expect((await world.as('ben').listComments(item)).items).toEqual([]);
  });

  it('leaves other check-ins, comments and digest entries alone', async () => {
    await discussedCheckIn();
    const friday = await fill('ben', FRI);
    await world.as('ana').createComment({ type: 'check-in', id: friday.id }, { body: 'Kept' });
    await world.as('ben').clearCheckIn(MON);
    expect(await listed('ana')).toEqual(['Ben 2026-11-20']);
    expect(await digest('ben')).toEqual(['comment:comment']);
    expect(await digest('cy')).toEqual(['check-in:check-in']);
    expect(await world.as('ben').getCheckIn(FRI)).toEqual(friday);
  });

  it('answers a date not yet written as it is, storing nothing; clearing twice gives the same', async () => {
    const pending = await world.as('ben').clearCheckIn(TUE);
    expect(pending).toMatchObject({ date: TUE, completed_at: null, previous: null });
    await expect(world.as('ben').getCheckIn(pending.id)).rejects.toMatchObject({ status: 404 });
    await fill('ben', MON);
    const once = await world.as('ben').clearCheckIn(MON);
    expect(await world.as('ben').clearCheckIn(MON)).toEqual(once);
  });

  it('refuses keys that name no check-in as reading them does', async () => {
    await expect(world.as('ben').clearCheckIn('2026-11-21')).rejects.toMatchObject({ status: 404 });
    await expect(world.as('ben').clearCheckIn('yesterday')).rejects.toMatchObject({ status: 404 });
    await expect(world.as('ben').clearCheckIn('2101-01-01')).rejects.toMatchObject({ status: 400 });
    await expect(world.as('ben').clearCheckIn('3f1c2f4e-8a51-4d0e-9a63-2f5c1b7e9d41')).rejects.toMatchObject({
      status: 404,
    });
  });
});
