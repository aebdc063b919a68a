/**
 * `--json FIELDS`: validated per printed shape, applied to each object of a list and to a single object,
 * and never taking a command's argument (`goal view --json ID`). A table over the command tree checks that
 * every command with --json has field names and, for the commands a fixture can fill, that each name is a
 * key of what the command really prints.
 */
import { join } from 'node:path';
import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram, jsonFieldsOf } from '../../src/cli/program.js';
import { addPersonArgs, execPulse, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
let goal: string;
const pulse = (args: string[]) => runInProcess(['--store', store, ...args], { env });
const ok = async (args: string[]) => {
  const result = await pulse(args);
  expect(result.exitCode, result.stderr).toBe(0);
  return result.stdout;
};

beforeAll(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await ok(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']);
  await ok(addPersonArgs('Ben Okafor', 'ben@example.com', 'Core'));
  const created = await ok([
    'goal',
    'create',
    '--title',
    'Ship it',
    '--description',
    'All of it',
    '--start',
    '2026-11-01',
    '--end',
    '2026-12-31',
    '--cadence',
    'weekly',
    '--json',
    'id',
  ]);
  goal = JSON.parse(created).id;
  await ok(['goal', 'create', '--title', 'Second', '--json']);
  await ok([
    'goal',
    'update',
    'create',
    goal,
    '--progress',
    '40',
    '--title',
    'Half',
    '--body',
    'Going',
    '--json',
  ]);
  const checkin = ['checkin', '--previous', 'Wrote', '--intentions', 'Test', '--blockers', 'none'];
  await ok([...checkin, '--mood', 'happy', '--json']);
  const echo = ['echo', 'create', '--title', 'Week', '--prompt', 'What shipped?', '--frequency', 'weekly'];
  await ok([...echo, '--day', 'friday', '--time', '09:00']);
  await ok(['activity', 'add', '--group', 'deploys', '--description', 'Deployed', '--url', 'https://x.test']);
  await ok(['admin', 'token', 'create', '--person', 'ben@example.com']);
  await ok(['admin', 'status', 'component', 'add', '--name', 'Web', '--description', 'The site']);
  await ok([
    'admin',
    'status',
    'notice',
    'add',
    '--type',
    'unplanned',
    '--subject',
    'Slow',
    '--content',
    'Looking',
  ]);
  const window = ['--begins-at', '2026-12-01T02:00:00Z', '--ends-at', '2026-12-01T04:00:00Z'];
  await ok(['admin', 'status', 'notice', 'add', '--type', 'planned', '--subject', 'Upgrade', ...window]);
});

describe('--json FIELDS', () => {
  it('prints only the fields asked for, of each object of a list', async () => {
    const goals = JSON.parse(await ok(['goal', 'list', '--json', 'title,progress']));
    // The fixed clock gives both goals one time: their order is the store's.
    expect(goals).toHaveLength(2);
    expect(goals).toEqual(
      expect.arrayContaining([
        { title: 'Ship it', progress: 40 },
        { title: 'Second', progress: 0 },
      ]),
    );
    const people = JSON.parse(await ok(['people', 'list', '--json=email']));
    expect(people).toEqual([{ email: 'ana@example.com' }, { email: 'ben@example.com' }]);
  });

  it('prints only the fields asked for of a single object, nested ones too', async () => {
    expect(JSON.parse(await ok(['me', '--json', 'name,teams.name']))).toEqual({
      name: 'Ana Diaz',
      teams: [{ name: 'Core' }],
    });
    expect(JSON.parse(await ok(['goal', 'view', goal, '--json', 'title,owner.name']))).toEqual({
      title: 'Ship it',
      owner: { name: 'Ana Diaz' },
    });
  });

  it('leaves a word that is not a field to the command: goal view --json ID prints everything', async () => {
    const shown = JSON.parse(await ok(['goal', 'view', '--json', goal]));
    expect(shown).toMatchObject({ id: goal, title: 'Ship it', description: 'All of it' });
    expect(JSON.parse(await ok(['goal', 'view', goal, '--json', 'title']))).toEqual({ title: 'Ship it' });
  });

  it('the real binary: goal view --json ID and goal view ID --json title,state', async () => {
    const whole = await execPulse(['--store', store, 'goal', 'view', '--json', goal], { env });
    expect(whole.exitCode, whole.stderr).toBe(0);
    expect(JSON.parse(whole.stdout).id).toBe(goal);
    const some = await execPulse(['--store', store, 'goal', 'view', goal, '--json', 'title,archived'], {
      env,
    });
    expect(JSON.parse(some.stdout)).toEqual({ title: 'Ship it', archived: false });
  });

  it('refuses an unknown field with exit 2, naming it and the valid ones', async () => {
    const result = await pulse(['goal', 'list', '--json=title,colour']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('unknown field "colour" for pulse goal list');
    expect(result.stderr).toContain('valid fields: type, id, title, description');
    // With a space: a word with one known part is fields, so a typo beside it is named, not an argument.
    const typo = await pulse(['goal', 'view', goal, '--json', 'title,staet']);
    expect(typo.exitCode).toBe(2);
    expect(typo.stderr).toContain('unknown field "staet"');
    // A command without arguments has nothing to give the word to: it is fields, and a typo is named.
    const alone = await pulse(['goal', 'list', '--json', 'titel']);
    expect(alone.exitCode).toBe(2);
    expect(alone.stderr).toContain('unknown field "titel" for pulse goal list');
  });

  it('does not take a subcommand after a command with both (status --json components)', async () => {
    const components = JSON.parse(await ok(['status', '--json', 'components']));
    expect(components).toEqual([expect.objectContaining({ name: 'Web' })]);
    expect(Object.keys(JSON.parse(await ok(['status', '--json=page'])))).toEqual(['page']);
  });

  it('keeps a command printing plain values (team tags) to bare --json', async () => {
    expect(JSON.parse(await ok(['team', 'tags', '--json']))).toEqual([]);
    const result = await pulse(['team', 'tags', '--json=name']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('no fields');
  });
});

/** Every command below program with its path. */
async function commands(): Promise<{ path: string; command: Command }[]> {
  const found: { path: string; command: Command }[] = [];
  const walk = (command: Command, path: string[]) => {
    for (const sub of command.commands) {
      const subPath = [...path, sub.name()];
      found.push({ path: subPath.join(' '), command: sub });
      walk(sub, subPath);
    }
  };
  walk(await buildProgram({ env: {} } as never), []);
  return found;
}

/** Commands a fixture can fill: every field name must be a key of some printed object. */
const FILLED: Record<string, string[]> = {
  'checkin list': ['checkin', 'list'],
  'goal list': ['goal', 'list'],
  'goal update list': ['goal', 'update', 'list', 'Ship it'],
  'echo list': ['echo', 'list'],
  'activity list': ['activity', 'list'],
  'people list': ['people', 'list'],
  me: ['me'],
  'team list': ['team', 'list'],
  'team members': ['team', 'members'],
  'admin token list': ['admin', 'token', 'list'],
  doctor: ['doctor'],
  'auth status': ['auth', 'status'],
  'status components': ['status', 'components'],
  'status notices': ['status', 'notices'],
};

const all = await commands();

describe('field names over the command tree', () => {
  it('every command with --json has field names (and --jq); none without', () => {
    const missing: string[] = [];
    for (const { path, command } of all) {
      const hasJson = command.options.some((option) => option.long === '--json');
      const fields = jsonFieldsOf(command);
      if (hasJson !== (fields !== undefined)) missing.push(path);
      if (hasJson && !command.options.some((option) => option.long === '--jq')) missing.push(`${path} --jq`);
    }
    expect(missing).toEqual([]);
    expect(all.filter(({ command }) => jsonFieldsOf(command) !== undefined).length).toBeGreaterThan(55);
  });

  for (const [path, args] of Object.entries(FILLED)) {
    it(`pulse ${path}: each field name is in the real output, and selection keeps exactly those`, async () => {
      const command = all.find((entry) => entry.path === path)?.command as Command;
      const fields = jsonFieldsOf(command) as readonly string[];
      const printed = JSON.parse(await ok([...args, '--json']));
      const objects: Record<string, unknown>[] = Array.isArray(printed) ? printed : [printed];
      expect(objects.length).toBeGreaterThan(0);
      const keys = new Set(objects.flatMap((object) => Object.keys(object)));
      expect([...keys].sort()).toEqual([...fields].sort());
      const [first] = fields;
      const narrowed = JSON.parse(await ok([...args, `--json=${first}`]));
      for (const object of Array.isArray(narrowed) ? narrowed : [narrowed])
        expect(Object.keys(object)).toEqual([first]);
    });
  }
});
