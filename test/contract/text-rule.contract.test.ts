/**
 * The text rule (src/core/text.ts) on every path and store: NUL, unpaired surrogates and control
 * characters are refused with a 422 naming the field, in every text field of every interface, and
 * nothing is written; multi-line fields keep tab, line feed and CR LF. On PostgreSQL these requests were
 * 500s ("invalid byte sequence for encoding UTF8: 0x00"), on SQLite they stored invalid UTF-8.
 */
import { describe, expect, it } from 'vitest';
import { eachWorld, TARGETS, type World } from './targets.js';

/** Refused in every field, with the end of the message each gets. */
const REFUSED_EVERYWHERE: [string, string][] = [
  ['a\u0000b', 'must not contain NUL (\\u0000)'],
  ['a\ud800b', 'must be valid Unicode (it holds an unpaired surrogate)'],
  ['\udc00a', 'must be valid Unicode (it holds an unpaired surrogate)'],
  ['a\u001b[8mb', 'must not contain control characters (only tab and line breaks)'],
  ['a\rb', 'must not contain control characters (only tab and line breaks)'],
  ['a\u007fb', 'must not contain control characters (only tab and line breaks)'],
  ['a\u009bb', 'must not contain control characters (only tab and line breaks)'],
];
/** Refused where the field is one line. */
const LINE_BREAK: [string, string] = ['a\nb', 'must be one line (no line breaks)'];
/** Fine in a multi-line field. */
const PROSE = 'First line\twith a tab\nsecond line\r\nthird 𝕏 👩‍👩‍👧';

type Write = (world: World, value: string) => Promise<unknown>;

interface Field {
  name: string;
  multiLine: boolean;
  write: Write;
}

const MON = '2026-11-23';
const DEPLOY = { email: 'ben@example.com', source: 'deploy-bot', description: 'Deployed 1.2' };

const FIELDS: Field[] = [
  ...(['previous', 'intentions', 'blockers'] as const).map((name) => ({
    name,
    multiLine: true,
    write: (world: World, value: string) => world.as('ben').updateCheckIn(MON, { [name]: value }),
  })),
  { name: 'mood', multiLine: false, write: (w, value) => w.as('ben').updateCheckIn(MON, { mood: value }) },
  { name: 'title', multiLine: false, write: (w, value) => w.as('ben').createGoal({ title: value }) },
  {
    name: 'description',
    multiLine: true,
    write: (w, value) => w.as('ben').createGoal({ title: 'Goal', description: value }),
  },
  {
    name: 'body',
    multiLine: true,
    write: async (w, value) => {
      const goal = await w.as('ben').createGoal({ title: 'Goal' });
      return w.as('ben').createGoalUpdate(goal.id, { body: value, progress: 10 });
    },
  },
  {
    name: 'body',
    multiLine: true,
    write: async (w, value) => {
      const checkIn = await w.as('ben').updateCheckIn(MON, { previous: 'Shipped' });
      return w.as('ana').createComment({ type: 'check-in', id: checkIn.id }, { body: value });
    },
  },
  {
    name: 'name',
    multiLine: false,
    write: async (w, value) => {
      const checkIn = await w.as('ben').updateCheckIn(MON, { previous: 'Shipped' });
      return w.as('ana').addReaction({ type: 'check-in', id: checkIn.id }, { name: value });
    },
  },
  {
    name: 'group',
    multiLine: false,
    write: (w, value) => w.as('ben').createActivity({ group: value, description: 'x' }),
  },
  {
    name: 'description',
    multiLine: true,
    write: (w, value) => w.as('ben').createActivity({ group: 'Deploys', description: value }),
  },
  {
    name: 'url',
    multiLine: false,
    write: (w, value) => w.as('ben').createActivity({ group: 'Deploys', description: 'x', url: value }),
  },
  {
    name: 'prompt',
    multiLine: true,
    write: (w, value) =>
      w.as('ben').createEchoQuestion({
        prompt: value,
        title: 'Notes',
        answer_frequency: 'daily',
        answer_time: '09:00',
      }),
  },
  {
    name: 'title',
    multiLine: false,
    write: (w, value) =>
      w.as('ben').createEchoQuestion({
        prompt: 'What?',
        title: value,
        answer_frequency: 'daily',
        answer_time: '09:00',
      }),
  },
  { name: 'prompt', multiLine: true, write: (w, value) => w.as('ben').createAsk({ prompt: value }) },
  // v1
  ...(['email', 'source'] as const).map((name) => ({
    name,
    multiLine: false,
    write: async (w: World, value: string) =>
      (await w.team('core')).createStatusActivity({ ...DEPLOY, [name]: value }),
  })),
  {
    name: 'description',
    multiLine: true,
    write: async (w, value) => (await w.team('core')).createStatusActivity({ ...DEPLOY, description: value }),
  },
  {
    name: 'date',
    multiLine: false,
    write: async (w, value) => (await w.team('core')).addTeamAbsence({ date: value }),
  },
  // The status page's operator inputs.
  { name: 'name', multiLine: false, write: (w, value) => w.statusAdmin.setPage({ name: value }) },
  {
    name: 'description',
    multiLine: true,
    write: (w, value) => w.statusAdmin.addComponent({ name: 'API', description: value }),
  },
  {
    name: 'subject',
    multiLine: false,
    write: (w, value) =>
      w.statusAdmin.addNotice({
        type: 'unplanned',
        subject: value,
        content: 'Looking into it',
        component_ids: [],
      }),
  },
  {
    name: 'content',
    multiLine: true,
    write: (w, value) => w.statusAdmin.addNotice({ type: 'unplanned', subject: 'Down', content: value }),
  },
  // The operator's commands.
  { name: 'name', multiLine: false, write: (w, value) => w.admin.addTeam({ name: value }) },
  {
    name: 'email',
    multiLine: false,
    write: (w, value) => w.admin.addPerson({ name: 'Fay', email: value, timeZone: 'UTC' }),
  },
];

describe.each(TARGETS)('the text rule ($name)', (target) => {
  let world: World;
  eachWorld(target, (fresh) => {
    world = fresh;
  });

  it('refuses NUL, unpaired surrogates and control characters in every text field with a 422 naming it', async () => {
    const answers: string[] = [];
    for (const field of FIELDS) {
      const refused = field.multiLine ? REFUSED_EVERYWHERE : [...REFUSED_EVERYWHERE, LINE_BREAK];
      for (const [value, problem] of refused) {
        const outcome = await field.write(world, value).then(
          () => 'accepted',
          (error: { status?: number; errors?: string[] }) =>
            `${error.status} ${JSON.stringify(error.errors)}`,
        );
        answers.push(`${field.name} ${JSON.stringify(value)}: ${outcome}`);
        expect(outcome, `${field.name} ${JSON.stringify(value)}`).toBe(
          `422 ${JSON.stringify([`${field.name} ${problem}`])}`,
        );
      }
    }
    expect(answers.length).toBeGreaterThan(150);
  });

  it('keeps tab, line feed and CR LF in multi-line fields, exactly as sent', async () => {
    const checkIn = await world.as('ben').updateCheckIn(MON, { previous: PROSE, blockers: PROSE });
    expect([checkIn.previous, checkIn.blockers]).toEqual([PROSE, PROSE]);
    expect((await world.as('ben').getCheckIn(MON)).previous).toBe(PROSE);
    const comment = await world
      .as('ana')
      .createComment({ type: 'check-in', id: checkIn.id }, { body: PROSE });
    expect(comment.body).toBe(PROSE);
    const goal = await world.as('ben').createGoal({ title: 'Tab\tin a title', description: PROSE });
    expect([goal.title, goal.description]).toEqual(['Tab\tin a title', PROSE]);
  });

  it('refuses bad text in query parameters and v1 path values with a 422 (was a 500 on PostgreSQL)', async () => {
    const core = await world.team('core');
    await expect(core.listMembers({ q: 'a\u0000' })).rejects.toMatchObject({
      status: 422,
      errors: ['q must not contain NUL (\\u0000)'],
    });
    await expect(core.listTagStatuses('tag\u0000')).rejects.toMatchObject({
      status: 422,
      errors: ['tag must not contain NUL (\\u0000)'],
    });
    await expect(core.getStatus('2026-11-23-ben\u0000')).rejects.toMatchObject({ status: 422 });
  });

  it('answers a NUL in an id or key as any unknown one (4xx), never a store failure', async () => {
    const ben = world.as('ben');
    const id = 'x\u0000y';
    const lookups: [string, () => Promise<unknown>][] = [
      ['getPerson', () => ben.getPerson(id)],
      ['getTeam', () => ben.getTeam(id)],
      ['getCheckIn', () => ben.getCheckIn(id)],
      ['getGoal', () => ben.getGoal(id)],
      ['getGoalUpdate', () => ben.getGoalUpdate(id)],
      ['getActivity', () => ben.getActivity(id)],
      ['getAsk', () => ben.getAsk(id)],
      ['getEchoQuestion', () => ben.getEchoQuestion(id)],
      ['getEchoAnswer', () => ben.getEchoAnswer(id)],
      ['listComments', () => ben.listComments({ type: 'goal-update', id })],
      ['getMember', async () => (await world.team('core')).getMember(id)],
      ['getReport', async () => (await world.team('core')).getReport(id)],
      ['getStatusActivity', async () => (await world.team('core')).getStatusActivity(id)],
      ['getNotice', () => world.status().getNotice(id)],
    ];
    const statuses: string[] = [];
    for (const [name, lookup] of lookups) {
      const status = await lookup().then(
        () => 200,
        (error: { status?: number }) => error.status ?? 0,
      );
      statuses.push(`${name} ${status >= 400 && status < 500 ? '4xx' : status}`);
    }
    expect(statuses).toEqual(lookups.map(([name]) => `${name} 4xx`));
  });
});
