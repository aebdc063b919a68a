import { describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../helpers/store.js';
import { eachWorld, TARGETS, type World } from './targets.js';

const PERSON_KEYS = [
  'account',
  'administrator',
  'bio',
  'created_at',
  'email',
  'id',
  'kind',
  'location',
  'name',
  'teams',
  'time_zone',
  'title',
  'updated_at',
  'url',
  'username',
];
const TEAM_KEYS = [
  'completion_tracking',
  'description',
  'id',
  'mood_tracking',
  'name',
  'people',
  'private',
  'report_days',
  'url',
];

describe.each(TARGETS)('people and teams ($name)', (target) => {
  let world: World;
  eachWorld(target, (fresh) => {
    world = fresh;
  });

  it('me is the authenticated person in the documented shape', async () => {
    const me = await world.as('ben').me();
    expect(Object.keys(me).sort()).toEqual(PERSON_KEYS);
    expect(me).toMatchObject({
      id: world.ids.ben,
      name: 'Ben Okafor',
      username: 'ben',
      email: 'ben@example.com',
      time_zone: 'Europe/Berlin',
      administrator: false,
      kind: 'human',
      location: null,
      url: `${PUBLIC_URL}/api/v2/people/${world.ids.ben}`,
      account: { name: 'Core' },
      teams: [{ id: world.ids.core, name: 'Core' }],
    });
    expect(Object.keys(me.account).sort()).toEqual(['id', 'name']);
  });

  it('lists people by name with pagination and no totals', async () => {
    const ben = world.as('ben');
    const first = await ben.listPeople({ per_page: 2 });
    expect(first.items.map((p) => p.name)).toEqual(['Ana Diaz', 'Ben Okafor']);
    expect(first.hasNext).toBe(true);
    const third = await ben.listPeople({ page: 3, per_page: 2 });
    expect(third.items.map((p) => p.name)).toEqual(['Eve Lund']);
    expect(third.hasNext).toBe(false);
    const beyond = await ben.listPeople({ page: 9, per_page: 2 });
    expect(beyond.items).toEqual([]);
  });

  it('rejects bad paging with 400 and a message naming the parameter', async () => {
    const ben = world.as('ben');
    for (const query of [
      { per_page: 0 },
      { per_page: 51 },
      { per_page: 'x' },
      { page: 0 },
      { page: '1.5' },
    ]) {
      await expect(ben.listPeople(query as never)).rejects.toMatchObject({
        status: 400,
        errors: [expect.stringMatching(/^(page|per_page) must be an integer/)],
      });
    }
  });

  it('hides private teams from people outside them, in person views too', async () => {
    const deeSeenByBen = await world.as('ben').getPerson(world.ids.dee as string);
    expect(deeSeenByBen.teams).toEqual([]);
    const deeSeenByAna = await world.as('ana').getPerson(world.ids.dee as string);
    expect(deeSeenByAna.teams.map((t) => t.name)).toEqual(['Secret']);
    expect((await world.as('dee').me()).teams.map((t) => t.name)).toEqual(['Secret']);
  });

  it('gets a person by id; an unknown or malformed id is not found', async () => {
    const cy = await world.as('eve').getPerson(world.ids.cy as string);
    expect(cy.teams.map((t) => t.name)).toEqual(['Core', 'Design']);
    await expect(world.as('eve').getPerson('3f1c2f4e-8a51-4d0e-9a63-2f5c1b7e9d41')).rejects.toMatchObject({
      status: 404,
    });
    await expect(world.as('eve').getPerson('not-an-id')).rejects.toMatchObject({ status: 404 });
  });

  it('lists the teams a person may see, by name', async () => {
    const names = async (who: 'ana' | 'ben' | 'dee') =>
      (await world.as(who).listTeams()).items.map((t) => t.name);
    expect(await names('ben')).toEqual(['Core', 'Design']);
    expect(await names('dee')).toEqual(['Core', 'Design', 'Secret']);
    expect(await names('ana')).toEqual(['Core', 'Design', 'Secret']);
  });

  it('shows a team in the documented shape with its members', async () => {
    const team = await world.as('ben').getTeam(world.ids.core as string);
    expect(Object.keys(team).sort()).toEqual(TEAM_KEYS);
    expect(team).toMatchObject({
      name: 'Core',
      private: false,
      completion_tracking: true,
      mood_tracking: true,
      report_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      url: `${PUBLIC_URL}/api/v2/teams/${world.ids.core}`,
    });
    expect(team.people.map((p) => p.name)).toEqual(['Ana Diaz', 'Ben Okafor', 'Cy Park']);
    expect(Object.keys(team.people[0] ?? {}).sort()).toEqual(['id', 'name']);
  });

  it('does not find a private team for a non-member, but does for members and administrators', async () => {
    await expect(world.as('ben').getTeam(world.ids.secret as string)).rejects.toMatchObject({ status: 404 });
    expect((await world.as('dee').getTeam(world.ids.secret as string)).report_days).toEqual([
      'monday',
      'wednesday',
    ]);
    expect((await world.as('ana').getTeam(world.ids.secret as string)).private).toBe(true);
  });

  it('changes the caller themselves through PATCH /me (an extension), seen by everyone', async () => {
    const ben = world.as('ben');
    const changed = await ben.updateMe({
      name: 'Benjamin Okafor',
      username: 'benji',
      time_zone: 'Asia/Tokyo',
    });
    expect(Object.keys(changed).sort()).toEqual(PERSON_KEYS);
    expect(changed).toMatchObject({
      id: world.ids.ben,
      name: 'Benjamin Okafor',
      username: 'benji',
      time_zone: 'Asia/Tokyo',
      email: 'ben@example.com',
      administrator: false,
    });
    expect(await world.as('ana').getPerson(world.ids.ben as string)).toMatchObject({
      name: 'Benjamin Okafor',
      username: 'benji',
      time_zone: 'Asia/Tokyo',
    });
    expect(await ben.updateMe({})).toMatchObject({ name: 'Benjamin Okafor' });
  });

  it('refuses a taken username (409), a broken rule (422) and a wrong type (400), ignores read-only fields', async () => {
    const ben = world.as('ben');
    await expect(ben.updateMe({ username: 'cy' })).rejects.toMatchObject({
      status: 409,
      errors: ['username is already taken: cy'],
    });
    await expect(ben.updateMe({ name: ' ', time_zone: 'Mars/Olympus' })).rejects.toMatchObject({
      status: 422,
      errors: ['name must be 1 to 255 characters', 'time zone is not an IANA zone name: Mars/Olympus'],
    });
    // As everywhere in v2, read-only fields are ignored: email and administrator are an administrator's.
    expect(await ben.updateMe({ email: 'ana@example.com', administrator: true } as never)).toMatchObject({
      email: 'ben@example.com',
      administrator: false,
    });
    await expect(ben.updateMe({ time_zone: 7 } as never)).rejects.toMatchObject({
      status: 400,
      errors: ['time_zone must be a string'],
    });
    expect(await world.as('ben').me()).toMatchObject({
      name: 'Ben Okafor',
      username: 'ben',
      time_zone: 'Europe/Berlin',
      email: 'ben@example.com',
      administrator: false,
    });
  });
});
