import { describe, expect, it } from 'vitest';
import type { Activity } from '../../src/core/types.js';
import { untyped } from '../helpers/untyped.js';
import { eachWorld, TARGETS, type World } from './targets.js';

describe.each(TARGETS)('activities ($name)', (target) => {
  let world: World;
  eachWorld(target, async (fresh) => {
    world = fresh;
    const record = (person: string, kind: string, at: string, description: string) =>
      world.admin.recordActivity({
        person: `${person}@example.com`,
        kind,
        group: kind,
        title: `${kind} title`,
        description,
        recordedAt: at,
      });
    await record('ben', 'github_pr', '2026-11-20T09:00:00Z', 'Ben opened #12');
    await record('cy', 'jira', '2026-11-21T09:00:00Z', 'Cy moved PULSE-7');
    await record('dee', 'linear', '2026-11-22T09:00:00Z', 'Dee closed LIN-3');
    await record('eve', 'github_pr', '2026-11-23T08:00:00Z', 'Eve opened #13');
  });
  const descriptions = (items: Activity[]) => items.map((a) => a.description);

  it("shows one's own and teammates' activities, newest first; administrators see all", async () => {
    expect(descriptions((await world.as('ben').listActivities()).items)).toEqual([
      'Cy moved PULSE-7',
      'Ben opened #12',
    ]);
    expect(descriptions((await world.as('dee').listActivities()).items)).toEqual(['Dee closed LIN-3']);
    expect(descriptions((await world.as('eve').listActivities()).items)).toEqual(['Eve opened #13']);
    expect((await world.as('ana').listActivities()).items).toHaveLength(4);
    const [first] = (await world.as('ben').listActivities()).items;
    expect(Object.keys(first ?? {}).sort()).toEqual([
      'description',
      'group',
      'id',
      'kind',
      'person',
      'recorded_at',
      'title',
      'url',
    ]);
    await expect(
      world.as('ben').getActivity((await world.as('ana').listActivities()).items[1]?.id as string),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it('filters by inclusive date-times, kinds, people and teams', async () => {
    const ana = world.as('ana');
    expect(
      descriptions(
        (await ana.listActivities({ since: '2026-11-21T09:00:00Z', until: '2026-11-22T09:00:00+00:00' }))
          .items,
      ),
    ).toEqual(['Dee closed LIN-3', 'Cy moved PULSE-7']);
    expect(descriptions((await ana.listActivities({ kinds: ['github_pr'] })).items)).toEqual([
      'Eve opened #13',
      'Ben opened #12',
    ]);
    expect(descriptions((await ana.listActivities({ people_ids: [world.ids.cy as string] })).items)).toEqual([
      'Cy moved PULSE-7',
    ]);
    expect(
      descriptions((await ana.listActivities({ team_ids: [world.ids.secret as string] })).items),
    ).toEqual(['Dee closed LIN-3']);
    for (const query of [
      { kinds: ['custom'] },
      { kinds: 'githubpr' },
      { since: '2026-11-21' },
      { until: 'now' },
    ]) {
      await expect(ana.listActivities(query)).rejects.toMatchObject({ status: 400 });
    }
  });

  it('finds activities by the words of their group, title and description (an extension)', async () => {
    const ana = world.as('ana');
    expect(descriptions((await ana.listActivities({ search: 'opened' })).items)).toEqual([
      'Eve opened #13',
      'Ben opened #12',
    ]);
    expect(descriptions((await ana.listActivities({ search: 'jira title' })).items)).toEqual([
      'Cy moved PULSE-7',
    ]);
    expect(
      descriptions(
        (await ana.listActivities({ search: 'OPEN', people_ids: [world.ids.ben as string] })).items,
      ),
    ).toEqual(['Ben opened #12']);
    // What the caller cannot see stays out of a search.
    expect(descriptions((await world.as('ben').listActivities({ search: 'closed' })).items)).toEqual([]);
    await expect(ana.listActivities({ search: '   ' })).rejects.toMatchObject({ status: 400 });
  });

  it('lists the activities whose id starts with id_prefix, in id order, only visible ones (an extension)', async () => {
    const all = (await world.as('ana').listActivities()).items.map((a) => a.id).sort();
    const visible = (await world.as('ben').listActivities()).items.map((a) => a.id).sort();
    const listed = async (who: 'ana' | 'ben', prefix: string) =>
      (await world.as(who).listActivities({ id_prefix: prefix })).items.map((a) => a.id);
    for (const id of all) {
      const first = id.slice(0, 1);
      expect(await listed('ana', first)).toEqual(all.filter((each) => each.startsWith(first)));
      expect(await listed('ben', first)).toEqual(visible.filter((each) => each.startsWith(first)));
      expect(await listed('ben', id.slice(0, 9))).toEqual(visible.includes(id) ? [id] : []);
    }
    await expect(world.as('ana').listActivities({ id_prefix: 'g' })).rejects.toMatchObject({
      status: 400,
      errors: [
        'id_prefix must be 1 to 36 characters of an id (0-9, a-f and -, starting with a digit or letter)',
      ],
    });
  });

  it('records custom activities of the caller, checking group, description and url', async () => {
    const created = await world
      .as('ben')
      .createActivity({ group: 'Deploys', description: 'Shipped 1.2', url: 'https://ci.example.com/1' });
    expect(created).toMatchObject({
      kind: 'custom',
      group: 'Deploys',
      title: null,
      description: 'Shipped 1.2',
      url: 'https://ci.example.com/1',
      recorded_at: '2026-11-23T10:00:00Z',
      person: { name: 'Ben Okafor' },
    });
    expect(await world.as('cy').getActivity(created.id)).toEqual(created);
    const cases: [Record<string, unknown>, string][] = [
      [{ description: 'x' }, 'group must be 1 to 64 characters'],
      [{ group: 'g'.repeat(65), description: 'x' }, 'group must be 1 to 64 characters'],
      [{ group: 'g', description: 'd'.repeat(257) }, 'description must be 1 to 256 characters'],
      [{ group: 'g', description: 'x', url: 'ftp://x' }, 'url must be an absolute http(s) URL'],
    ];
    for (const [input, message] of cases) {
      await expect(world.as('ben').createActivity(input)).rejects.toMatchObject({
        status: 422,
        errors: [message],
      });
    }
    await expect(world.as('ben').createActivity(untyped({ group: 1 }))).rejects.toMatchObject({
      status: 400,
    });
  });
});
