/**
 * Every length rule of every interface counts characters as Unicode code points, as a client that
 * truncates with a Unicode-aware tool counts them: a value of exactly the limit is kept whole, one more
 * is refused naming the field. Each limit is tried with three kinds of text whose UTF-16 length differs
 * from their count of characters, or which people count differently: emoji beyond the Basic
 * Multilingual Plane (two UTF-16 units each), letters with combining accents (two code points each),
 * and CJK characters (three bytes each in UTF-8).
 */
import { describe, expect, it } from 'vitest';
import { eachWorld, TARGETS, type World } from './targets.js';

/** `count` code points of one kind. */
const KINDS: Record<string, (count: number) => string> = {
  'astral emoji': (count) => '😀'.repeat(count),
  'combining accents': (count) => 'e\u0301'.repeat(Math.floor(count / 2)) + (count % 2 === 1 ? 'e' : ''),
  CJK: (count) => '字'.repeat(count),
};

interface Limit {
  /** The field as the error names it. */
  field: string;
  max: number;
  /** The status of a value one character too long: 422 for a rule, 400 where the shape is checked by zod. */
  status: 400 | 422;
  /** Writes the value; resolves to the value as read back (undefined where nothing is read back). */
  write(world: World, value: string): Promise<string | undefined>;
}

const MON = '2026-11-23';
const DEPLOY = { email: 'ben@example.com', source: 'deploy-bot', description: 'Deployed 1.2' };
const ECHO = { prompt: 'What?', title: 'Notes', answer_frequency: 'daily', answer_time: '09:00' } as const;

const LIMITS: Limit[] = [
  // v2
  {
    field: 'group',
    max: 64,
    status: 422,
    write: async (w, value) => (await w.as('ben').createActivity({ group: value, description: 'x' })).group,
  },
  {
    field: 'description',
    max: 256,
    status: 422,
    write: async (w, value) =>
      (await w.as('ben').createActivity({ group: 'Deploys', description: value })).description,
  },
  {
    field: 'title',
    max: 255,
    status: 422,
    write: async (w, value) => (await w.as('ben').createGoal({ title: value })).title,
  },
  {
    field: 'description',
    max: 20_000,
    status: 422,
    write: async (w, value) =>
      (await w.as('ben').createGoal({ title: 'Goal', description: value })).description ?? undefined,
  },
  {
    field: 'body',
    max: 20_000,
    status: 422,
    write: async (w, value) => {
      const goal = await w.as('ben').createGoal({ title: 'Goal' });
      return (await w.as('ben').createGoalUpdate(goal.id, { body: value, progress: 10 })).body;
    },
  },
  {
    field: 'body',
    max: 20_000,
    status: 422,
    write: async (w, value) => {
      const checkIn = await w.as('ben').updateCheckIn(MON, { previous: 'Shipped' });
      return (await w.as('ana').createComment({ type: 'check-in', id: checkIn.id }, { body: value })).body;
    },
  },
  {
    field: 'previous',
    max: 20_000,
    status: 422,
    write: async (w, value) =>
      (await w.as('ben').updateCheckIn(MON, { previous: value })).previous ?? undefined,
  },
  {
    field: 'prompt',
    max: 2000,
    status: 422,
    write: async (w, value) => (await w.as('ben').createEchoQuestion({ ...ECHO, prompt: value })).prompt,
  },
  {
    field: 'title',
    max: 255,
    status: 422,
    write: async (w, value) => (await w.as('ben').createEchoQuestion({ ...ECHO, title: value })).title,
  },
  {
    field: 'prompt',
    max: 2000,
    status: 422,
    write: async (w, value) => (await w.as('ben').createAsk({ prompt: value })).prompt,
  },
  // v1
  {
    field: 'source',
    max: 64,
    status: 422,
    write: async (w, value) =>
      (await (await w.team('core')).createStatusActivity({ ...DEPLOY, source: value })).kind,
  },
  {
    field: 'description',
    max: 2000,
    status: 422,
    write: async (w, value) =>
      (await (await w.team('core')).createStatusActivity({ ...DEPLOY, description: value })).description,
  },
  {
    field: 'q',
    max: 255,
    status: 400,
    write: async (w, value) => {
      await (await w.team('core')).listMembers({ q: value });
      return undefined;
    },
  },
  // The status page's operator inputs.
  {
    field: 'name',
    max: 100,
    status: 400,
    write: async (w, value) => (await w.statusAdmin.addComponent({ name: value })).name,
  },
  {
    field: 'subject',
    max: 200,
    status: 400,
    write: async (w, value) =>
      (await w.statusAdmin.addNotice({ type: 'unplanned', subject: value, content: 'Looking' })).subject,
  },
  // The operator's commands.
  {
    field: 'team name',
    max: 255,
    status: 422,
    write: async (w, value) => {
      await w.admin.addTeam({ name: value });
      return (await w.admin.findTeam(value)).name;
    },
  },
  {
    field: 'name',
    max: 255,
    status: 422,
    write: async (w, value) => {
      const id = await w.admin.addPerson({ name: value, email: 'fay@example.com', timeZone: 'UTC' });
      return (await w.admin.findPerson(id)).name;
    },
  },
];

describe.each(TARGETS)('length limits in characters ($name)', (target) => {
  let world: World;
  eachWorld(target, (fresh) => {
    world = fresh;
  });

  for (const [kind, text] of Object.entries(KINDS)) {
    it(`keeps ${kind} up to each limit whole and refuses one character more, naming the field`, async () => {
      for (const limit of LIMITS) {
        const fits = text(limit.max);
        expect([...fits].length).toBe(limit.max);
        const kept = await limit.write(world, fits);
        if (kept !== undefined) expect(kept, `${limit.field} (${limit.max})`).toBe(fits);
        const refused = await limit.write(world, text(limit.max + 1)).then(
          () => 'accepted',
          (error: { status?: number; errors?: string[] }) => `${error.status} ${error.errors?.join('; ')}`,
        );
        expect(refused, `${limit.field} (${limit.max})`).toMatch(
          new RegExp(`^${limit.status} .*${limit.field} must be (1 to|at most) ${limit.max} characters`),
        );
      }
    });
  }
});
