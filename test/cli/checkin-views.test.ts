/**
 * `pulse checkin list` columns, teammates' check-ins by person and date, and `pulse checkin clear`,
 * through the real binary (a terminal's table in process, where the width is fixed).
 */
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execPulse, initAnaAndBen, isolatedEnv, type Result, runInProcess } from '../helpers/cli.js';
import { startServe } from '../helpers/serve-process.js';
import { storeChecksum } from '../helpers/store-checksum.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const pulse = (args: string[], input?: string): Promise<Result> =>
  execPulse(['--store', store, ...args], { env, ...(input === undefined ? {} : { input }) });
const ok = async (args: string[]) => {
  const result = await pulse(args);
  expect(result.exitCode, result.stderr).toBe(0);
  return result.stdout;
};
const answers = (date: string, intentions: string, blockers: string, mood = 'focused') => [
  'checkin',
  '--date',
  date,
  '--previous',
  `done before ${date}`,
  '--intentions',
  intentions,
  '--blockers',
  blockers,
  '--mood',
  mood,
  '--done',
];
/** Piped rows without their first field (the id, which changes with every store). */
const withoutIds = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t').slice(1).join('\t'));

/** Ana (administrator) and Ben in Core, Cy in Design only; check-ins of Thursday, Friday and Monday. */
async function world(): Promise<void> {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await initAnaAndBen(pulse);
  await ok(['admin', 'team', 'add', '--name', 'Design']);
  await ok(['admin', 'person', 'add', '--name', 'Cy Park', '--email', 'cy@example.com', '--team', 'Design']);
  await ok(answers('2026-11-19', 'write tests', 'none', 'tired'));
  await ok(answers('2026-11-20', 'review the parser', 'waiting on CI\nand on review'));
  await ok([
    '--as',
    'ben@example.com',
    ...answers('2026-11-23', 'pair with Ana', 'the staging database', 'calm'),
  ]);
}

describe('pulse checkin list: the columns asked for', () => {
  beforeAll(world);

  it('shows the blockers, not the intentions, with --blocked', async () => {
    expect(withoutIds(await ok(['checkin', 'list', '--blocked']))).toEqual([
      '2026-11-23\tBen Okafor\tcalm\ttrue\tthe staging database',
      '2026-11-20\tAna Diaz\tfocused\ttrue\twaiting on CI and on review',
    ]);
    expect(withoutIds(await ok(['checkin', 'list']))).toEqual([
      '2026-11-23\tBen Okafor\tcalm\ttrue\tpair with Ana',
      '2026-11-20\tAna Diaz\tfocused\ttrue\treview the parser',
      '2026-11-19\tAna Diaz\ttired\tfalse\twrite tests',
    ]);
  });

  it('chooses columns by the names --json uses, in the order given, with no id unless asked', async () => {
    expect(
      await ok(['checkin', 'list', '--columns', 'date, person,teams,previous_completed,absent,blockers']),
    ).toBe(
      [
        '2026-11-23\tBen Okafor\tCore\ttrue\tfalse\tthe staging database',
        '2026-11-20\tAna Diaz\tCore\ttrue\tfalse\twaiting on CI and on review',
        '2026-11-19\tAna Diaz\tCore\ttrue\tfalse\tnone',
      ].join('\n'),
    );
    const ids = (await ok(['checkin', 'list', '--columns', 'id,type', '--person', '@ben'])).split('\t');
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toBe('check-in');
  });

  it('draws the chosen columns on a terminal, headed by the field names', async () => {
    const table = await runInProcess(
      ['--store', store, 'checkin', 'list', '--blocked', '--columns', 'date,person,mood,blockers,intentions'],
      { env: { ...env, NO_COLOR: '1' }, stdoutIsTTY: true },
    );
    expect(table.stdout.split('\n').map((line) => line.trimEnd())).toEqual([
      'DATE        PERSON      MOOD        BLOCKERS              INTENTIONS',
      '2026-11-23  Ben Okafor  😌 calm     the staging database  pair with Ana',
      '2026-11-20  Ana Diaz    🧐 focused  waiting on CI         review the parser',
      '',
    ]);
    const blocked = await runInProcess(['--store', store, 'checkin', 'list', '--blocked'], {
      env: { ...env, NO_COLOR: '1' },
      stdoutIsTTY: true,
    });
    expect(blocked.stdout.split('\n')[0]?.trimEnd()).toBe(
      'DATE        PERSON      MOOD        BLOCKED  BLOCKERS',
    );
  });

  it('refuses an unknown column naming it and the valid ones, and --columns with --json (exit 2)', async () => {
    const unknown = await pulse(['checkin', 'list', '--columns', 'date,blocker,who']);
    expect([unknown.exitCode, unknown.stdout, unknown.stderr]).toEqual([
      2,
      '',
      'pulse: --columns: unknown columns "blocker", "who"; valid columns: type, id, date, person, teams, previous, intentions, blockers, mood, previous_completed, blocked, absent, completed_at, updated_at, url\nRun with --help for usage.',
    ]);
    const empty = await pulse(['checkin', 'list', '--columns', ' , ']);
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toContain('--columns: name at least one of type, id, date');
    const both = await pulse(['checkin', 'list', '--columns', 'date', '--json', 'date']);
    expect([both.exitCode, both.stderr]).toEqual([
      2,
      'pulse: --columns chooses the columns of the table; with --json, name the fields there\nRun with --help for usage.',
    ]);
  });
});

describe("teammates' check-ins by person and date", () => {
  beforeAll(world);

  it('views a check-in by --person and date: @username, email, name, id and @me', async () => {
    for (const person of ['@ben', 'ben@example.com', 'Ben Okafor', 'ben okafor']) {
      const seen = JSON.parse(
        await ok(['checkin', 'view', '2026-11-23', '--person', person, '--json', 'person.name,intentions']),
      );
      expect(seen).toEqual({ person: { name: 'Ben Okafor' }, intentions: 'pair with Ana' });
    }
    const ben = JSON.parse(await ok(['people', 'list', '--json', 'id,email'])).find(
      (p: { email: string }) => p.email === 'ben@example.com',
    );
    expect(
      JSON.parse(await ok(['checkin', 'view', '2026-11-23', '--person', ben.id, '--json', 'date'])),
    ).toEqual({ date: '2026-11-23' });
    expect(
      JSON.parse(await ok(['checkin', 'view', '2026-11-19', '--person', '@me', '--json', 'intentions'])),
    ).toEqual({ intentions: 'write tests' });
    const rendered = await ok(['checkin', 'view', '2026-11-23', '--person', '@ben']);
    expect(rendered.split('\n')[0]).toBe('Ben Okafor — Monday 2026-11-23 · 😌 calm · blocked');
  });

  it('says whose check-in is missing (exit 3), and refuses --person with an id (exit 2)', async () => {
    const none = await pulse(['checkin', 'view', '2026-11-20', '--person', '@ben']);
    expect([none.exitCode, none.stdout, none.stderr]).toEqual([
      3,
      '',
      'pulse: Ben Okafor has no check-in on Friday 2026-11-20 that you can see',
    ]);
    const hidden = await pulse([
      '--as',
      'cy@example.com',
      'checkin',
      'view',
      '2026-11-23',
      '--person',
      '@ben',
    ]);
    expect([hidden.exitCode, hidden.stderr]).toEqual([
      3,
      'pulse: Ben Okafor has no check-in on Monday 2026-11-23 that you can see',
    ]);
    const nobody = await pulse(['checkin', 'view', '2026-11-23', '--person', 'zed@example.com']);
    expect([nobody.exitCode, nobody.stderr]).toEqual([3, "pulse: --person: no person 'zed@example.com'."]);
    const [id] = (await ok(['checkin', 'list', '--columns', 'id', '--person', '@ben'])).split('\n');
    const both = await pulse(['checkin', 'view', id as string, '--person', '@ben']);
    expect([both.exitCode, both.stderr]).toEqual([
      2,
      'pulse: --person goes with a date KEY: a check-in id names one check-in already\nRun with --help for usage.',
    ]);
    const badDate = await pulse(['checkin', 'view', 'someday', '--person', '@ben']);
    expect(badDate.exitCode).toBe(2);
  });

  it("comments and reacts on a teammate's check-in by date, and lists both", async () => {
    await ok(['checkin', 'comment', '2026-11-23', '--person', '@ben', '--body', 'I can help with staging']);
    await ok(['checkin', 'react', '2026-11-23', 'heart', '--person', 'Ben Okafor']);
    const comments = await ok([
      'checkin',
      'comments',
      '2026-11-23',
      '--person',
      '@ben',
      '--json',
      'person.name,body',
    ]);
    expect(JSON.parse(comments)).toEqual([{ person: { name: 'Ana Diaz' }, body: 'I can help with staging' }]);
    const reactions = await ok(['checkin', 'reactions', '2026-11-23', '--person', '@ben', '--json', 'name']);
    expect(JSON.parse(reactions)).toEqual([{ name: 'heart' }]);
    // Ben sees them on his own check-in, by date as before.
    expect(
      JSON.parse(
        await ok(['--as', 'ben@example.com', 'checkin', 'comments', '2026-11-23', '--json', 'body']),
      ),
    ).toEqual([{ body: 'I can help with staging' }]);
    const missing = await pulse(['checkin', 'comment', '2026-11-24', '--person', '@ben', '--body', 'x']);
    expect([missing.exitCode, missing.stderr]).toEqual([
      3,
      'pulse: Ben Okafor has no check-in on Tuesday 2026-11-24 that you can see',
    ]);
  });
});

describe('pulse checkin clear', () => {
  beforeEach(async () => {
    await world();
    await ok(['checkin', 'comment', '2026-11-23', '--person', '@ben', '--body', 'Which database?']);
    await ok([
      '--as',
      'ben@example.com',
      'checkin',
      'comment',
      '2026-11-20',
      '--person',
      '@ana',
      '--body',
      'Ping me',
    ]);
  });
  /** The categories of a person's digest entries, sorted (entries of one second have no fixed order). */
  const digest = async (as: string) =>
    JSON.parse(await ok(['--as', as, 'digest', '--json', 'category']))
      .map((entry: { category: string }) => entry.category)
      .sort();
  const listed = async (as = 'ana@example.com') =>
    (await ok(['--as', as, 'checkin', 'list', '--columns', 'date,person'])).trimEnd().split('\n');

  it('needs --yes without a terminal, and changes nothing without it', async () => {
    const before = storeChecksum(store);
    const refused = await pulse(['checkin', 'clear', '2026-11-20']);
    expect([refused.exitCode, refused.stdout, refused.stderr]).toEqual([
      2,
      '',
      'pulse: clearing a check-in needs --yes when there is no terminal to confirm on\nRun with --help for usage.',
    ]);
    expect(storeChecksum(store)).toBe(before);
  });

  it("empties the owner's check-in back to pending, with its comments and digest entries", async () => {
    expect(await digest('ana@example.com')).toEqual(['check-in', 'comment']);
    expect(await digest('ben@example.com')).toEqual(['check-in', 'check-in', 'comment']);
    const cleared = await pulse(['checkin', 'clear', '2026-11-20', '--yes']);
    expect([cleared.exitCode, cleared.stdout, cleared.stderr]).toEqual([
      0,
      '',
      'Cleared your check-in of Friday 2026-11-20: it is pending again.',
    ]);
    expect(await listed()).toEqual(['2026-11-23\tBen Okafor', '2026-11-19\tAna Diaz']);
    expect(
      JSON.parse(
        await ok(['checkin', 'view', '2026-11-20', '--json', 'previous,blockers,mood,completed_at']),
      ),
    ).toEqual({
      previous: null,
      blockers: null,
      mood: null,
      completed_at: null,
    });
    expect(await ok(['checkin', 'comments', '2026-11-20'])).toBe('');
    expect(await digest('ana@example.com')).toEqual(['check-in']);
    expect(await digest('ben@example.com')).toEqual(['check-in', 'comment']);
    const again = await pulse(['checkin', 'clear', '2026-11-20', '--yes']);
    expect([again.exitCode, again.stderr]).toEqual([
      0,
      'Your check-in of Friday 2026-11-20 is not filled in: nothing to clear.',
    ]);
  });

  it("lets an administrator clear a teammate's check-in by --person; others get exit 5, nothing changed", async () => {
    const before = storeChecksum(store);
    const denied = await pulse([
      '--as',
      'ben@example.com',
      'checkin',
      'clear',
      // A date, not "friday": a day name means the last one up to today, which moves with the real clock.
      '2026-11-20',
      '--person',
      '@ana',
      '--yes',
    ]);
    expect([denied.exitCode, denied.stderr]).toEqual([
      5,
      'pulse: only its author or an administrator can clear a check-in',
    ]);
    const hidden = await pulse([
      '--as',
      'cy@example.com',
      'checkin',
      'clear',
      '2026-11-20',
      '--person',
      '@ana',
      '--yes',
    ]);
    expect([hidden.exitCode, hidden.stderr]).toEqual([
      3,
      'pulse: Ana Diaz has no check-in on Friday 2026-11-20 that you can see',
    ]);
    expect(storeChecksum(store)).toBe(before);

    const cleared = JSON.parse(
      await ok([
        'checkin',
        'clear',
        '2026-11-23',
        '--person',
        'ben@example.com',
        '--yes',
        '--json',
        'person.name,intentions,blocked',
      ]),
    );
    expect(cleared).toEqual({ person: { name: 'Ben Okafor' }, intentions: null, blocked: false });
    expect(await listed('ben@example.com')).toEqual(['2026-11-20\tAna Diaz', '2026-11-19\tAna Diaz']);
    expect(await ok(['--as', 'ben@example.com', 'checkin', 'comments', '2026-11-23'])).toBe('');
  });
});

describe('remote mode: the same commands against pulse serve', () => {
  it("views a teammate's check-in by person and date, and clears one through the extension", async () => {
    await world();
    const token = async (email: string) => (await ok(['admin', 'token', 'create', '--person', email])).trim();
    const [anaToken, benToken] = [await token('ana@example.com'), await token('ben@example.com')];
    const server = await startServe(['--store', store], env);
    const remote = (who: string, args: string[]) =>
      execPulse(args, { env: isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TOKEN: who }) });

    const seen = await remote(anaToken, [
      'checkin',
      'view',
      '2026-11-23',
      '--person',
      '@ben',
      '--json',
      'intentions',
    ]);
    expect([seen.exitCode, JSON.parse(seen.stdout)]).toEqual([0, { intentions: 'pair with Ana' }]);
    const missing = await remote(anaToken, ['checkin', 'view', '2026-11-20', '--person', '@ben']);
    expect([missing.exitCode, missing.stderr]).toEqual([
      3,
      'pulse: Ben Okafor has no check-in on Friday 2026-11-20 that you can see',
    ]);
    const denied = await remote(benToken, ['checkin', 'clear', '2026-11-20', '--person', '@ana', '--yes']);
    expect(denied.exitCode).toBe(5);
    const cleared = await remote(anaToken, ['checkin', 'clear', '2026-11-23', '--person', '@ben', '--yes']);
    expect([cleared.exitCode, cleared.stderr]).toEqual([
      0,
      "Cleared Ben Okafor's check-in of Monday 2026-11-23: it is pending again.",
    ]);
    const list = await remote(benToken, ['checkin', 'list', '--columns', 'date,person,mood']);
    expect(list.stdout).toBe('2026-11-20\tAna Diaz\tfocused\n2026-11-19\tAna Diaz\ttired');
    await server.stop();
  });
});
