import { describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../helpers/store.js';
import { untyped } from '../helpers/untyped.js';
import { answered } from './answered.js';
import { eachWorld, TARGETS, type World } from './targets.js';

describe.each(TARGETS)('asks ($name)', (target) => {
  let world: World;
  eachWorld(target, (fresh) => {
    world = fresh;
  });

  it('answers 201 with body null, then the answer is written', async () => {
    await world.as('cy').updateCheckIn('2026-11-23', {
      previous: 'Reviewed designs',
      intentions: 'Ship the palette',
      blockers: 'Waiting on brand approval',
    });
    const ben = world.as('ben');
    const ask = await ben.createAsk({ prompt: 'What blocked the team today?' });
    expect(Object.keys(ask).sort()).toEqual(['body', 'created_at', 'id', 'prompt', 'updated_at', 'url']);
    expect(ask).toMatchObject({
      prompt: 'What blocked the team today?',
      body: null,
      created_at: '2026-11-23T10:00:00Z',
      url: `${PUBLIC_URL}/api/v2/asks/${ask.id}`,
    });
    const done = await answered(ben, ask.id);
    expect(done.body?.split('\n', 1)[0]).toBe(
      '1 of 3 people on Core reported blockers today (Nov 23, 2026).',
    );
    expect(done.body).toContain('Waiting on brand approval');
  });

  it('lists only the caller’s asks, newest first; another person’s ask is not found', async () => {
    const ben = world.as('ben');
    const first = await ben.createAsk({ prompt: 'first' });
    world.clock.advance(1000);
    const second = await ben.createAsk({ prompt: 'second' });
    await world.as('cy').createAsk({ prompt: 'not yours' });
    expect((await ben.listAsks()).items.map((ask) => ask.id)).toEqual([second.id, first.id]);
    const paged = await ben.listAsks({ per_page: 1, page: 2 });
    expect([paged.items.map((ask) => ask.id), paged.hasNext]).toEqual([[first.id], false]);
    await expect(world.as('cy').getAsk(first.id)).rejects.toMatchObject({ status: 404 });
    await expect(ben.getAsk('not-an-id')).rejects.toMatchObject({ status: 404 });
  });

  it('validates the prompt: 422 naming it, 400 for wrong types, and creates nothing', async () => {
    const ben = world.as('ben');
    for (const input of [{}, { prompt: '' }, { prompt: '   ' }, { prompt: 'x'.repeat(2001) }]) {
      await expect(ben.createAsk(input)).rejects.toMatchObject({
        status: 422,
        errors: ['prompt must be 1 to 2000 characters'],
      });
    }
    await expect(ben.createAsk(untyped({ prompt: 42 }))).rejects.toMatchObject({
      status: 400,
      errors: ['prompt must be a string'],
    });
    await expect(ben.createAsk(untyped([]))).rejects.toMatchObject({ status: 400 });
    expect((await ben.listAsks()).items).toEqual([]);
    // 2000 characters is the limit, not past it.
    await expect(ben.createAsk({ prompt: 'x'.repeat(2000) })).resolves.toMatchObject({ body: null });
  });

  it('answers as of when it was asked, whenever the answer is written', async () => {
    await world
      .as('ben')
      .updateCheckIn('2026-11-20', { previous: 'a', intentions: 'b', blockers: 'Flaky CI' });
    world.clock.set('2026-11-24T10:00:00Z');
    const ask = await world.as('ana').createAsk({ prompt: 'What blocked the team last week?' });
    const done = await answered(world.as('ana'), ask.id);
    expect(done.body?.split('\n', 1)[0]).toBe(
      '1 of 3 people on Core reported blockers last week (Nov 16-22, 2026).',
    );
  });
});
