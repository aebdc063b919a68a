/** `pulse goal` and conversations on check-ins and goal updates, in-process with a temporary store. */
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { initAnaAndBen, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { startTestServer } from '../helpers/server.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const pulse = (args: string[], options: Parameters<typeof runInProcess>[1] = {}) =>
  runInProcess(['--store', store, ...args], { env, clock: fixedClock('2026-11-23T10:00:00Z'), ...options });
const json = async (args: string[]) => {
  const result = await pulse([...args, '--json']);
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};

beforeEach(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await initAnaAndBen(pulse);
});

/** Ship v2 > Hire engineers > Onboarding > Buddy system, plus Docs under Ship v2. */
async function seedTree() {
  await json([
    'goal',
    'create',
    '--title',
    'Ship v2',
    '--team',
    'Core',
    '--cadence',
    'weekly',
    '--end',
    '2026-12-31',
  ]);
  await json([
    'goal',
    'create',
    '--title',
    'Hire engineers',
    '--parent',
    'ship v2',
    '--contributor',
    'ben@example.com',
  ]);
  await json(['goal', 'create', '--title', 'Onboarding', '--parent', 'hire']);
  await json(['goal', 'create', '--title', 'Buddy system', '--parent', 'onboarding']);
  await json(['goal', 'create', '--title', 'Docs', '--parent', 'Ship v2']);
  await json([
    'goal',
    'update',
    'create',
    'Hire engineers',
    '--progress',
    '40',
    '--confidence',
    'at-risk',
    '--title',
    'Two offers out',
  ]);
  await json(['goal', 'update', 'create', 'onboarding', '--progress', '10', '--confidence', 'off-track']);
  await json(['goal', 'update', 'create', 'ship', '--progress', '65%', '--confidence', '95']);
}

describe('pulse goal', () => {
  it('creates goals by flags in the documented shape, resolving names', async () => {
    const goal = await json([
      'goal',
      'create',
      '--title',
      'Ship v2',
      '--description',
      'All of it',
      '--start',
      '2026-11-01',
      '--end',
      '2026-12-31',
      '--cadence',
      'Biweekly',
      '--owner',
      '@ben',
      '--contributor',
      'Ana Diaz',
      '--team',
      'Core',
      '--private',
    ]);
    expect(goal).toMatchObject({
      title: 'Ship v2',
      description: 'All of it',
      start_date: '2026-11-01',
      end_date: '2026-12-31',
      update_cadence: 'Biweekly',
      owner: { name: 'Ben Okafor' },
      contributors: [{ name: 'Ana Diaz' }],
      teams: [{ name: 'Core' }],
      private: true,
      progress: 0,
      confidence: 100,
      confidence_description: 'On track',
    });
  });

  it('reports bad flags with exit 2 and broken rules with their messages, creating nothing', async () => {
    const noTitle = await pulse(['goal', 'create']);
    expect([noTitle.exitCode, noTitle.stderr]).toEqual([2, expect.stringContaining('missing --title')]);
    const cadence = await pulse(['goal', 'create', '--title', 'x', '--cadence', 'daily']);
    expect(cadence.stderr).toContain('--cadence must be weekly, biweekly or monthly');
    const dates = await pulse([
      'goal',
      'create',
      '--title',
      'x',
      '--start',
      '2026-12-01',
      '--end',
      '2026-11-01',
    ]);
    expect([dates.exitCode, dates.stderr]).toEqual([2, 'pulse: end_date may not precede start_date\n']);
    const owner = await pulse(['goal', 'create', '--title', 'x', '--owner', 'nobody@example.com']);
    expect(owner.exitCode).toBe(3);
    expect(await json(['goal', 'list'])).toEqual([]);
  });

  it('lists with filters, archives and unarchives, and finds goals by a title fragment', async () => {
    await seedTree();
    expect((await json(['goal', 'list'])).map((g: { title: string }) => g.title)).toHaveLength(5);
    expect(
      (await json(['goal', 'list', '--person', 'ben@example.com'])).map((g: { title: string }) => g.title),
    ).toEqual(['Hire engineers']);
    expect((await json(['goal', 'list', '--team', 'Core'])).map((g: { title: string }) => g.title)).toEqual([
      'Ship v2',
    ]);
    expect(await json(['goal', 'list', '--limit', '2'])).toHaveLength(2);
    await json(['goal', 'archive', 'docs']);
    expect((await json(['goal', 'list'])).map((g: { title: string }) => g.title)).not.toContain('Docs');
    expect((await json(['goal', 'list', '--archived'])).map((g: { title: string }) => g.title)).toContain(
      'Docs',
    );
    expect((await json(['goal', 'unarchive', 'docs'])).archived).toBe(false);
    const ambiguous = await pulse(['goal', 'view', 'n']);
    expect([ambiguous.exitCode, ambiguous.stderr]).toEqual([
      2,
      expect.stringContaining('matches several goals'),
    ]);
    expect((await pulse(['goal', 'view', 'nothing like it'])).exitCode).toBe(3);
  });

  it('renders a three-level tree with bars and colours on a terminal, and plain rows when piped', async () => {
    await seedTree();
    const terminal = await pulse(['goal', 'tree'], { stdoutIsTTY: true });
    const lines = stripVTControlCharacters(terminal.stdout).trimEnd().split('\n');
    expect(lines.map((line) => line.replace(/\s+[█░]+\s+\d+%\s+.*$/, ''))).toEqual([
      'Ship v2',
      '├─ Docs',
      '└─ Hire engineers',
      '   └─ Onboarding',
      '      └─ Buddy system',
    ]);
    expect(lines).toEqual([
      'Ship v2                ████████░░░░  65% (children 20%)  On track',
      '├─ Docs                ░░░░░░░░░░░░   0%                 On track',
      '└─ Hire engineers      █████░░░░░░░  40% (children 10%)  At risk',
      '   └─ Onboarding       █░░░░░░░░░░░  10% (children 0%)   Off track',
      '      └─ Buddy system  ░░░░░░░░░░░░   0%                 On track',
    ]);
    expect(terminal.stdout).toContain('\u001b[33mAt risk');
    expect(terminal.stdout).toContain('\u001b[31mOff track');
    expect(terminal.stdout).toContain('\u001b[32mOn track');

    const piped = await pulse(['goal', 'tree']);
    const rows = piped.stdout
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => line.split('\t'));
    // The last column is the children's roll-up: empty for a goal without children.
    expect(rows.map((row) => [row[1], row[2], row[3], row[4], row[6]])).toEqual([
      ['0', 'Ship v2', '65', 'On track', '20'],
      ['1', 'Docs', '0', 'On track', ''],
      ['1', 'Hire engineers', '40', 'At risk', '10'],
      ['2', 'Onboarding', '10', 'Off track', '0'],
      ['3', 'Buddy system', '0', 'On track', ''],
    ]);
    expect(rows[2]?.[5]).toBe(rows[0]?.[0]);
    expect(piped.stdout).not.toContain('\u001b[');
  });

  it("shows a parent's children roll-up next to its own progress in goal view; a leaf shows none", async () => {
    await seedTree();
    const view = async (goal: string) => (await pulse(['goal', 'view', goal])).stdout.split('\n')[1];
    expect(await view('Ship v2')).toBe('████████░░░░ 65% (children 20%)  On track');
    expect(await view('Hire engineers')).toBe('█████░░░░░░░ 40% (children 10%)  At risk');
    expect(await view('Buddy system')).toBe('░░░░░░░░░░░░ 0%  On track');
    // An archived child no longer counts; the stored progress stays the parent's own.
    await json(['goal', 'archive', 'docs']);
    expect(await view('Ship v2')).toBe('████████░░░░ 65% (children 40%)  On track');
    expect((await json(['goal', 'view', 'Ship v2'])).progress).toBe(65);
  });

  it('edits a goal, and deletes only with --yes when there is no terminal', async () => {
    await seedTree();
    expect(
      (await json(['goal', 'edit', 'docs', '--title', 'Write the docs', '--no-parent'])).parent,
    ).toBeNull();
    expect((await pulse(['goal', 'edit', 'docs'])).exitCode).toBe(2);
    const unconfirmed = await pulse(['goal', 'delete', 'write the docs']);
    expect([unconfirmed.exitCode, unconfirmed.stderr]).toEqual([2, expect.stringContaining('needs --yes')]);
    expect((await pulse(['goal', 'delete', 'write the docs', '--yes'])).exitCode).toBe(0);
    expect((await json(['goal', 'list'])).map((g: { title: string }) => g.title)).not.toContain(
      'Write the docs',
    );
  });

  it('lets a contributor edit the content but says which flags only the owner may use (exit 5)', async () => {
    await json(['goal', 'create', '--title', 'Hire', '--contributor', 'ben@example.com']);
    const asBen = (args: string[]) => pulse(['--as', 'ben@example.com', ...args]);
    const takeover = await asBen(['goal', 'edit', 'hire', '--owner', 'ben@example.com', '--private']);
    expect([takeover.exitCode, takeover.stdout, takeover.stderr]).toEqual([
      5,
      '',
      'pulse: you may not change goal "Hire" with --owner, --private: only its owner and administrators ' +
        'may hand it over, change its contributors, make it private or public, or archive it ' +
        '(contributors change its title, description, dates, cadence, parent and teams)\n',
    ]);
    const archive = await asBen(['goal', 'archive', 'hire']);
    expect([archive.exitCode, archive.stderr]).toEqual([
      5,
      'pulse: you may not archive goal "Hire": only its owner and administrators may hand it over, change ' +
        'its contributors, make it private or public, or archive it (contributors change its title, ' +
        'description, dates, cadence, parent and teams)\n',
    ]);
    expect((await asBen(['goal', 'edit', 'hire', '--title', 'Hire two', '--json'])).exitCode).toBe(0);
    expect(await json(['goal', 'view', 'hire'])).toMatchObject({
      title: 'Hire two',
      owner: { name: 'Ana Diaz' },
      private: false,
      archived: false,
    });
  });

  it('says the same through pulse serve, whose 403 has no body', async () => {
    const server = await startTestServer();
    try {
      const { store, ids } = server.fixture;
      const goal = await store.serviceFor(ids.ben).createGoal({ title: 'Hire', contributor_ids: [ids.dee] });
      const asDee = (args: string[]) =>
        runInProcess(args, {
          env: isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TOKEN: server.tokens.dee as string }),
        });
      const takeover = await asDee(['goal', 'edit', goal.id, '--owner', 'dee@example.com']);
      expect([takeover.exitCode, takeover.stderr]).toEqual([
        5,
        'pulse: you may not change goal "Hire" with --owner: only its owner and administrators may hand it ' +
          'over, change its contributors, make it private or public, or archive it (contributors change ' +
          'its title, description, dates, cadence, parent and teams)\n',
      ]);
      expect((await store.serviceFor(ids.ben).getGoal(goal.id)).owner.id).toBe(ids.ben);
    } finally {
      await server.close();
    }
  });

  it('posts, lists, edits and deletes updates; checks progress and confidence flags', async () => {
    await seedTree();
    const updates = await json(['goal', 'update', 'list', 'hire']);
    expect(updates.map((u: { title?: string; confidence: number }) => [u.title, u.confidence])).toEqual([
      ['Two offers out', 60],
    ]);
    const edited = await json(['goal', 'update', 'edit', updates[0].id, '--confidence', 'on-track']);
    expect(edited.confidence_description).toBe('On track');
    for (const bad of [
      ['--progress', '120'],
      ['--progress', 'half'],
      ['--confidence', 'great'],
    ]) {
      const result = await pulse(['goal', 'update', 'create', 'hire', ...bad]);
      expect([bad.join(' '), result.exitCode]).toEqual([bad.join(' '), 2]);
    }
    expect((await pulse(['goal', 'update', 'create', 'hire'])).exitCode).toBe(2);
    expect(
      (await pulse(['--as', 'ben@example.com', 'goal', 'update', 'create', 'ship', '--progress', '1']))
        .exitCode,
    ).toBe(5);
    expect((await pulse(['goal', 'update', 'delete', updates[0].id, '--yes'])).exitCode).toBe(0);
    expect(await json(['goal', 'update', 'list', 'hire'])).toEqual([]);
  });
});

describe('comments and reactions', () => {
  it('comments and reacts on check-ins (by date) and goal updates', async () => {
    await pulse([
      '--as',
      'ben@example.com',
      'checkin',
      '--previous',
      'a',
      '--intentions',
      'b',
      '--blockers',
      'none',
    ]);
    const bens = (await json(['checkin', 'list']))[0];
    expect((await pulse(['checkin', 'comment', bens.id, '--body', 'Nice work @ben'])).exitCode).toBe(0);
    expect((await pulse(['checkin', 'react', bens.id, 'tada'])).stderr).toBe('Reacted 🎉 tada.\n');
    expect((await pulse(['checkin', 'react', bens.id, 'tada'])).stderr).toBe(
      'You had already reacted 🎉 tada.\n',
    );
    const comments = await pulse(['--as', 'ben@example.com', 'checkin', 'comments', 'today']);
    expect(comments.stdout.split('\t').slice(2).join('\t')).toBe('Ana Diaz\tNice work @ben\n');
    const reactions = await json(['--as', 'ben@example.com', 'checkin', 'reactions', 'today']);
    expect(
      reactions.map((r: { emoji: string; person: { name: string } }) => `${r.person.name} ${r.emoji}`),
    ).toEqual(['Ana Diaz 🎉']);
    expect((await pulse(['checkin', 'react', bens.id, 'rocket'])).exitCode).toBe(2);
    expect((await pulse(['checkin', 'react', bens.id, 'tada', '--remove'])).exitCode).toBe(0);
    expect(await json(['checkin', 'reactions', bens.id])).toEqual([]);
    expect((await pulse(['checkin', 'comment', bens.id])).exitCode).toBe(2);

    await seedTree();
    const [update] = await json(['goal', 'update', 'list', 'hire']);
    await pulse(['goal', 'update', 'comment', update.id, '--body', 'Great']);
    await pulse(['goal', 'update', 'react', update.id, 'heart']);
    expect(
      (await json(['goal', 'update', 'comments', update.id])).map((c: { body: string }) => c.body),
    ).toEqual(['Great']);
    expect(
      (await json(['goal', 'update', 'reactions', update.id])).map((r: { name: string }) => r.name),
    ).toEqual(['heart']);
  });
});

describe('text others wrote, on stdout', () => {
  it('removes escape sequences and shows other control characters as escapes on a terminal and in plain rows, keeps colour, and leaves JSON exact', async () => {
    const title = 'Evil\u001b[2J\u001b]0;pwned\u0007\rGoal';
    // Every interface refuses control characters (the text rule, core/text.ts), but a store written
    // before it, or by another program, may hold them: written into the store directly.
    const created = await json(['goal', 'create', '--title', 'Evil Goal']);
    const db = openSqlite(store);
    db.prepare('UPDATE goals SET title = ? WHERE id = ?').run(title, created.id);
    db.close();
    // The sequences (erase the screen, set the window title) are removed; a plain row keeps one line per
    // record: its carriage return is a space there.
    const escaped = (stdoutIsTTY: boolean) => `Evil${stdoutIsTTY ? '\\u000d' : ' '}Goal`;
    for (const stdoutIsTTY of [true, false]) {
      const listed = await pulse(['goal', 'list'], { stdoutIsTTY, env: { ...env, FORCE_COLOR: '1' } });
      expect(listed.exitCode, listed.stderr).toBe(0);
      expect(listed.stdout).toContain(escaped(stdoutIsTTY));
      // Once pulse's colour sequences are taken out, no control character but line breaks and tabs.
      const controls = [...stripVTControlCharacters(listed.stdout)].filter((character) => {
        const code = character.charCodeAt(0);
        return (code < 0x20 && character !== '\n' && character !== '\t') || (code >= 0x7f && code <= 0x9f);
      });
      expect(controls).toEqual([]);
      expect(stripVTControlCharacters(listed.stdout)).toContain(escaped(stdoutIsTTY));
    }
    const viaJson = await json(['goal', 'list']);
    expect(viaJson.map((goal: { title: string }) => goal.title)).toContain(title);
  });
});
