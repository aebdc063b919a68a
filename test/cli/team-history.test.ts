/**
 * Adding someone to a team with history, through the real binary: without a terminal they see its
 * check-ins from the day they join (a note says how to share the rest), `--share-history` shows them
 * everything, and on a terminal the operator is asked (no by default).
 */
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { addPersonArgs, BIN, execPulse, isolatedEnv } from '../helpers/cli.js';
import { KEYS, spawnInTerminal } from '../helpers/pty.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const run = (args: string[]) => execPulse(['--store', store, ...args], { env });
const pulse = async (args: string[]) => {
  const result = await run(args);
  expect(result.exitCode, result.stderr).toBe(0);
  return result;
};
const seenBy = async (email: string) =>
  JSON.parse((await pulse(['--as', email, 'checkin', 'list', '--json'])).stdout).map(
    (checkIn: { date: string }) => checkIn.date,
  );

beforeEach(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  // Ana's personal log: a store started alone, with a check-in from long ago.
  await pulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']);
  await pulse([
    'checkin',
    '--date',
    '2026-01-06',
    '--previous',
    'a',
    '--intentions',
    'b',
    '--blockers',
    'none',
  ]);
});

it('adds a newcomer without the history when there is no terminal, and says how to share it', async () => {
  const added = await pulse(addPersonArgs('Ben Okafor', 'ben@example.com', 'Core'));
  expect(added.stdout).toMatch(/^[0-9a-f-]{36}$/);
  expect(added.stderr).toMatch(
    /^ben@example\.com sees Core's check-ins from \d{4}-\d\d-\d\d on; to show the earlier ones too: pulse admin team join --team Core --person ben@example\.com --share-history$/,
  );
  expect(await seenBy('ben@example.com')).toEqual([]);

  const shared = await pulse([
    'admin',
    'team',
    'join',
    '--team',
    'Core',
    '--person',
    'ben@example.com',
    '--share-history',
  ]);
  expect(shared.stderr).toBe("ben@example.com now sees all of Core's check-ins.");
  expect(await seenBy('ben@example.com')).toEqual(['2026-01-06']);
});

it('shows a newcomer the history with --share-history; --no-share-history decides the other way, without a note', async () => {
  const added = await pulse([
    'admin',
    'person',
    'add',
    '--name',
    'Ben Okafor',
    '--email',
    'ben@example.com',
    '--team',
    'Core',
    '--share-history',
  ]);
  expect(added.stderr).toBe('');
  expect(await seenBy('ben@example.com')).toEqual(['2026-01-06']);

  await pulse(['admin', 'person', 'add', '--name', 'Cy Park', '--email', 'cy@example.com']);
  const joined = await pulse([
    'admin',
    'team',
    'join',
    '--team',
    'Core',
    '--person',
    'cy@example.com',
    '--no-share-history',
  ]);
  expect(joined.stderr).toBe('Added cy@example.com to Core.');
  expect(await seenBy('cy@example.com')).toEqual([]);
});

it('asks on a terminal whether the newcomer sees the history: no by default, yes when answered', async () => {
  await pulse(['admin', 'person', 'add', '--name', 'Ben Okafor', '--email', 'ben@example.com']);
  await pulse(['admin', 'person', 'add', '--name', 'Cy Park', '--email', 'cy@example.com']);
  const join = (email: string) =>
    spawnInTerminal([BIN, '--store', store, 'admin', 'team', 'join', '--team', 'Core', '--person', email], {
      ...env,
      TERM: 'xterm-256color',
    });

  const declined = join('ben@example.com');
  await declined.waitFor(
    'Core has check-ins from before ben@example.com joins. Show ben@example.com those too? (y/N)',
  );
  declined.type(KEYS.enter);
  await declined.waitFor("ben@example.com sees Core's check-ins from");
  expect(await declined.exited).toBe(0);
  expect(await seenBy('ben@example.com')).toEqual([]);

  const accepted = join('cy@example.com');
  await accepted.waitFor('Show cy@example.com those too?');
  accepted.type(`y${KEYS.enter}`);
  await accepted.waitFor('Added cy@example.com to Core.');
  expect(await accepted.exited).toBe(0);
  expect(accepted.output()).not.toContain('sees Core');
  expect(await seenBy('cy@example.com')).toEqual(['2026-01-06']);
});

it('asks on a terminal when adding a person to teams with history', async () => {
  await pulse(['admin', 'team', 'add', '--name', 'Design']);
  const terminal = spawnInTerminal(
    [
      BIN,
      '--store',
      store,
      'admin',
      'person',
      'add',
      '--name',
      'Ben Okafor',
      '--email',
      'ben@example.com',
      '--team',
      'Core',
      '--team',
      'Design',
    ],
    { ...env, TERM: 'xterm-256color' },
  );
  // Design has no check-ins: only Core is named.
  await terminal.answer(
    'Core has check-ins from before Ben Okafor joins. Show Ben Okafor those too? (y/N)',
    `y${KEYS.enter}`,
  );
  expect(await terminal.exited).toBe(0);
  expect(await seenBy('ben@example.com')).toEqual(['2026-01-06']);
});

it('asks nothing when the team has no check-in before today', async () => {
  await pulse(['admin', 'team', 'add', '--name', 'Design']);
  await pulse(['admin', 'person', 'add', '--name', 'Ben Okafor', '--email', 'ben@example.com']);
  const terminal = spawnInTerminal(
    [BIN, '--store', store, 'admin', 'team', 'join', '--team', 'Design', '--person', 'ben@example.com'],
    { ...env, TERM: 'xterm-256color' },
  );
  await terminal.waitFor('Added ben@example.com to Design.');
  expect(await terminal.exited).toBe(0);
  expect(terminal.output()).not.toContain('Show');
});

it('refuses bad input before asking anything, and adds nobody', async () => {
  const zone = await run([
    'admin',
    'person',
    'add',
    '--name',
    'Ben',
    '--email',
    'ben@example.com',
    '--time-zone',
    'Mars/Base',
    '--team',
    'Core',
  ]);
  expect(zone.exitCode).toBe(2);
  expect(zone.stderr).toBe('pulse: time zone is not an IANA zone name: Mars/Base');
  const team = await run([
    'admin',
    'team',
    'join',
    '--team',
    'Nope',
    '--person',
    'ana@example.com',
    '--share-history',
  ]);
  expect(team.exitCode).toBe(3);
  expect(team.stderr).toBe('pulse: no team named Nope in this store');
  expect(JSON.parse((await pulse(['people', 'list', '--json'])).stdout)).toHaveLength(1);
});
