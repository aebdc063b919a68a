/**
 * Commands run against fake Backends: an in-memory Service stands for the store or the deployment, so a
 * test of what a command shows needs no store, server or network (test/helpers/command-context.ts).
 */
import { describe, expect, it } from 'vitest';
import * as digest from '../../src/cli/commands/digest/digest.js';
import * as goals from '../../src/cli/commands/goal/goal.js';
import type { DigestQuery, GoalListQuery } from '../../src/core/service.js';
import type { DigestEntry, Goal, Page, Person } from '../../src/core/types.js';
import { backendsWith, fakeCommandContext } from '../helpers/command-context.js';

const ana = { id: 'per_ana', name: 'Ana Diaz' };
const ben = { id: 'per_ben', name: 'Ben Okafor' };
const ANA: Person = {
  ...ana,
  username: 'ana',
  email: 'ana@example.com',
  time_zone: 'UTC',
  location: null,
  title: null,
  bio: null,
  administrator: true,
  kind: 'human',
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-01T09:00:00Z',
  url: 'https://pulse.test/people/per_ana',
  account: { id: 'acc_1', name: 'Pulse' },
  teams: [],
};

function goal(id: string, title: string, more: Partial<Goal> = {}): Goal {
  return {
    type: 'goal',
    id,
    title,
    owner: ana,
    parent: null,
    private: false,
    archived: false,
    progress: 40,
    confidence: 3,
    confidence_description: 'On track',
    contributors: [],
    teams: [],
    url: `https://pulse.test/goals/${id}`,
    ...more,
  };
}

function page<T>(items: T[]): Page<T> {
  return { items, page: 1, perPage: items.length, hasNext: false };
}

const SHIP = goal('gol_1', 'Ship the redesign', { end_date: '2026-12-18' });
const HIRE = goal('gol_2', 'Hire two engineers', {
  owner: ben,
  progress: 5,
  confidence: 1,
  confidence_description: 'At risk',
  private: true,
});

const ENTRIES: DigestEntry[] = [
  {
    id: 'dig_1',
    category: 'goal',
    published_at: '2026-11-23T09:00:00Z',
    read_at: null,
    resource: SHIP,
  },
  {
    id: 'dig_2',
    category: 'comment',
    published_at: '2026-11-22T16:30:00Z',
    read_at: '2026-11-23T08:00:00Z',
    resource: {
      type: 'comment',
      id: 'com_1',
      body: 'Looks good to me\nmore below',
      person: ben,
      resource: { type: 'goal-update', id: 'gup_1' },
      created_at: '2026-11-22T16:30:00Z',
    },
  },
];

describe('pulse digest against a fake Service', () => {
  it('asks for the unread entries and prints one tab-separated line each when piped', async () => {
    const queries: DigestQuery[] = [];
    const { cc, stdout, stderr } = fakeCommandContext(
      backendsWith({
        listDigest: async (query = {}) => {
          queries.push(query);
          return page(ENTRIES);
        },
      }),
    );
    await digest.show(cc, {});
    expect(queries).toEqual([{ unread: 'true', page: 1, per_page: 50 }]);
    expect(stdout()).toBe(
      'dig_1\tgoal\t2026-11-23T09:00:00Z\t\tAna Diaz\'s goal "Ship the redesign"\tpulse goal view gol_1\n' +
        'dig_2\tcomment\t2026-11-22T16:30:00Z\t2026-11-23T08:00:00Z\tBen Okafor commented: Looks good to me\tpulse goal update comments gup_1\n',
    );
    expect(stderr()).toBe('');
  });

  it('groups the entries by category on a terminal', async () => {
    const { cc, stdout } = fakeCommandContext(backendsWith({ listDigest: async () => page(ENTRIES) }), {
      stdoutIsTTY: true,
    });
    await digest.show(cc, { all: true });
    expect(stdout()).toBe(
      [
        'Comments',
        '  Ben Okafor commented: Looks good to me  pulse goal update comments gup_1',
        'Goals',
        '• Ana Diaz\'s goal "Ship the redesign"  pulse goal view gol_1',
        '',
      ].join('\n'),
    );
  });
});

describe('pulse goal list against a fake Service', () => {
  it('lists the goals as plain rows when piped', async () => {
    const queries: GoalListQuery[] = [];
    const { cc, stdout } = fakeCommandContext(
      backendsWith({
        listGoals: async (query = {}) => {
          queries.push(query);
          return page([SHIP, HIRE]);
        },
      }),
    );
    await goals.list(cc, {});
    expect(queries).toEqual([{ page: 1, per_page: 30 }]);
    expect(stdout()).toBe(
      'gol_1\tShip the redesign\tAna Diaz\t40\tOn track\t2026-12-18\tfalse\n' +
        'gol_2\tHire two engineers\tBen Okafor\t5\tAt risk\t\ttrue\n',
    );
  });

  it("asks for the acting person's goals with --mine, and says when none match on a terminal", async () => {
    const queries: GoalListQuery[] = [];
    const { cc, stdout, stderr } = fakeCommandContext(
      backendsWith({
        me: async () => ANA,
        listGoals: async (query = {}) => {
          queries.push(query);
          return page<Goal>([]);
        },
      }),
      { stdoutIsTTY: true },
    );
    await goals.list(cc, { mine: true });
    expect(queries).toEqual([{ people_ids: ['per_ana'], page: 1, per_page: 30 }]);
    expect(stdout()).toBe('');
    expect(stderr()).toBe('No goals match.\n');
  });
});
