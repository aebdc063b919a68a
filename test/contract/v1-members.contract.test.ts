import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/core/errors.js';
import type { TeamService } from '../../src/core/v1/team-service.js';
import type { V1Member } from '../../src/core/v1/types.js';
import { eachWorld, TARGETS, type World } from './targets.js';

const USER_KEYS = [
  'administrator',
  'avatar_url',
  'email',
  'first_name',
  'full_name',
  'id',
  'initials',
  'last_name',
  'slug',
  'time_zone',
];
const MEMBER_KEYS = ['id', 'manager', 'role', 'slug', 'user', 'username'];

const gravatar = (email: string) =>
  `https://www.gravatar.com/avatar/${createHash('sha256').update(email.toLowerCase()).digest('hex')}?d=identicon`;

describe.each(TARGETS)('v1 members ($name)', (target) => {
  let world: World;
  let core: TeamService;
  eachWorld(target, async (fresh) => {
    world = fresh;
    core = await world.team('core');
  });

  const names = (members: V1Member[]) => members.map((m) => m.user.full_name);

  describe('users', () => {
    it('carries exactly the documented keys, the name split into first and last', async () => {
      const ana = await core.getMember('ana-diaz');
      expect(Object.keys(ana.user).sort()).toEqual(USER_KEYS);
      expect(ana.user).toEqual({
        id: world.ids.ana,
        email: 'ana@example.com',
        first_name: 'Ana',
        last_name: 'Diaz',
        time_zone: 'UTC',
        administrator: true,
        slug: 'ana-diaz',
        full_name: 'Ana Diaz',
        initials: 'ad',
        avatar_url: gravatar('ana@example.com'),
      });
      const ben = await core.getMember(world.ids.ben as string);
      expect(ben.user).toMatchObject({
        first_name: 'Ben',
        last_name: 'Okafor',
        full_name: 'Ben Okafor',
        slug: 'ben-okafor',
        initials: 'bo',
        time_zone: 'Europe/Berlin',
        administrator: false,
        avatar_url: gravatar('ben@example.com'),
      });
    });

    it('derives the avatar from the SHA-256 of the lower-cased email', async () => {
      const cy = await core.getMember('cy-park');
      expect(cy.user.avatar_url).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}\?d=identicon$/);
      expect(cy.user.avatar_url).toBe(gravatar('CY@Example.com'));
      expect(cy.user.initials).toBe('cp');
    });
  });

  describe('listing', () => {
    it("lists the team's active members by last name, in the documented shape", async () => {
      const page = await core.listMembers();
      expect(names(page.items)).toEqual(['Ana Diaz', 'Ben Okafor', 'Cy Park']);
      expect(page).toMatchObject({ page: 1, hasNext: false });
      for (const member of page.items) {
        expect(Object.keys(member).sort()).toEqual(MEMBER_KEYS);
        expect(member.role).toBe('active');
        expect(member.manager).toBe(false);
        expect(member.id).toBe(member.user.id);
        expect(member.slug).toBe(member.user.slug);
      }
      expect(page.items[0]).toMatchObject({ id: world.ids.ana, slug: 'ana-diaz', username: 'ana' });
    });

    it('lists only members of the team of the credentials', async () => {
      const design = await world.team('design');
      expect(names((await design.listMembers()).items)).toEqual(['Cy Park']);
      const secret = await world.team('secret');
      expect(names((await secret.listMembers()).items)).toEqual(['Dee Roy']);
    });

    it('leaves observers out', async () => {
      await world.admin.joinTeam('Core', 'eve@example.com', { role: 'observer' });
      expect(names((await core.listMembers()).items)).toEqual(['Ana Diaz', 'Ben Okafor', 'Cy Park']);
      expect(names((await core.listMembers({ q: 'eve' })).items)).toEqual([]);
      await expect(core.getMember('eve-lund')).rejects.toMatchObject({ status: 404 });
      await expect(core.getMember(world.ids.eve as string)).rejects.toMatchObject({ status: 404 });
    });

    it('narrows by part of a first name, last name or email, ignoring case', async () => {
      const q = async (text: string) => names((await core.listMembers({ q: text })).items);
      expect(await q('OKA')).toEqual(['Ben Okafor']);
      expect(await q('park')).toEqual(['Cy Park']);
      expect(await q('ben@')).toEqual(['Ben Okafor']);
      expect(await q('An')).toEqual(['Ana Diaz']);
      expect(await q('example.com')).toEqual(['Ana Diaz', 'Ben Okafor', 'Cy Park']);
      // Dee exists, but not in Core.
      expect(await q('dee')).toEqual([]);
      expect(await q('nobody')).toEqual([]);
    });

    it('rejects a malformed page with 400', async () => {
      for (const page of [0, -1, 'two', 1.5]) {
        await expect(core.listMembers({ page })).rejects.toMatchObject({ status: 400 });
      }
      expect((await core.listMembers({ page: 2 })).items).toEqual([]);
    });
  });

  describe('one member', () => {
    it('is found by id or by slug, alike', async () => {
      const byId = await core.getMember(world.ids.cy as string);
      const bySlug = await core.getMember('cy-park');
      expect(byId).toEqual(bySlug);
      expect(byId).toMatchObject({
        id: world.ids.cy,
        slug: 'cy-park',
        role: 'active',
        manager: false,
        user: { id: world.ids.cy, first_name: 'Cy', last_name: 'Park' },
      });
      expect(byId).toEqual((await core.listMembers({ q: 'park' })).items[0]);
    });

    it('is 404 for a member of another team or nobody at all', async () => {
      const error = await core.getMember('dee-roy').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ status: 404 });
      await expect(core.getMember(world.ids.dee as string)).rejects.toMatchObject({ status: 404 });
      await expect(core.getMember('eve-lund')).rejects.toMatchObject({ status: 404 });
      await expect(core.getMember('nobody')).rejects.toMatchObject({ status: 404 });
      await expect(core.getMember('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
        status: 404,
      });
      const secret = await world.team('secret');
      await expect(secret.getMember('ana-diaz')).rejects.toMatchObject({ status: 404 });
      expect((await secret.getMember('dee-roy')).user.full_name).toBe('Dee Roy');
    });
  });
});
