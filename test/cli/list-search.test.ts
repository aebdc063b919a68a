/**
 * `pulse checkin list --search/--mood/--absent`, `pulse goal list --search` and `pulse activity list
 * --search` through the real binary: on a local store, and in remote mode against `pulse serve`, where
 * the filters travel as the v2 lists' parameters and the server does the matching.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { execPulse, initAnaAndBen, isolatedEnv, type Result } from '../helpers/cli.js';
import { startServe } from '../helpers/serve-process.js';
import { storeChecksum } from '../helpers/store-checksum.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const local = (args: string[]): Promise<Result> => execPulse(['--store', store, ...args], { env });
const ok = async (args: string[]) => {
  const result = await local(args);
  expect(result.exitCode, result.stderr).toBe(0);
  return result.stdout;
};
const checkIn = (date: string, previous: string, blockers: string, mood: string) => [
  'checkin',
  '--date',
  date,
  '--previous',
  previous,
  '--intentions',
  'the usual',
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
    .filter(Boolean)
    .map((line) => line.split('\t').slice(1).join('\t'));

/** Ana (administrator) and Ben in Core: three check-ins, an absence, two goals and two activities. */
beforeAll(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await initAnaAndBen(local);
  await ok(checkIn('2026-11-19', 'Lunch at the Café Central', 'none', 'tired'));
  await ok(checkIn('2026-11-20', 'Deployed the billing service', 'none', 'stressed'));
  await ok([
    '--as',
    'ben@example.com',
    ...checkIn('2026-11-20', 'DEPLOYING staging', 'the staging database', 'stressed'),
  ]);
  await ok(['absence', 'add', 'me', '--date', '2026-11-20']);
  await ok(['goal', 'create', '--title', 'Onboarding guide', '--description', 'Rewrite the setup chapters']);
  await ok(['goal', 'create', '--title', 'Faster builds']);
  await ok(['activity', 'add', '--group', 'Reviews', '--description', 'Reviewed the billing change']);
  await ok(['activity', 'add', '--group', 'Meetings', '--description', 'Planning']);
});

const COLUMNS = ['--columns', 'date,person,mood,absent,previous'];

describe('finding and filtering lists on a local store', () => {
  it('finds check-ins by every word, in any case, form or accent', async () => {
    expect(await ok(['checkin', 'list', '--search', 'cafe', ...COLUMNS])).toBe(
      '2026-11-19\tAna Diaz\ttired\tfalse\tLunch at the Café Central',
    );
    expect(withoutIds(await ok(['checkin', 'list', '--search', 'deploy', '--columns', 'id,person']))).toEqual(
      ['Ben Okafor', 'Ana Diaz'],
    );
    expect(await ok(['checkin', 'list', '--search', 'deploy staging', ...COLUMNS])).toBe(
      '2026-11-20\tBen Okafor\tstressed\tfalse\tDEPLOYING staging',
    );
  });

  it('filters by mood and absence, combined with the other filters and with --all', async () => {
    expect(
      await ok(['checkin', 'list', '--mood', 'Stressed', '--person', 'ana@example.com', ...COLUMNS]),
    ).toBe('2026-11-20\tAna Diaz\tstressed\ttrue\tDeployed the billing service');
    expect(await ok(['checkin', 'list', '--absent', '--all', ...COLUMNS])).toBe(
      '2026-11-20\tAna Diaz\tstressed\ttrue\tDeployed the billing service',
    );
    expect(
      await ok(['checkin', 'list', '--search', 'deploy', '--blocked', '--since', '2026-11-20', ...COLUMNS]),
    ).toBe('2026-11-20\tBen Okafor\tstressed\tfalse\tDEPLOYING staging');
    const none = await local(['checkin', 'list', '--search', 'cafe', '--mood', 'calm']);
    // Piped, an empty list is empty output.
    expect([none.exitCode, none.stdout, none.stderr]).toEqual([0, '', '']);
  });

  it('finds goals and activities by their words', async () => {
    const goals = await ok(['goal', 'list', '--search', 'SETUP', '--json', 'title']);
    expect(JSON.parse(goals)).toEqual([{ title: 'Onboarding guide' }]);
    const activities = await ok(['activity', 'list', '--search', 'billing', '--json', 'group,description']);
    expect(JSON.parse(activities)).toEqual([
      { group: 'Reviews', description: 'Reviewed the billing change' },
    ]);
  });

  it('refuses a mood that is none and a search without a word with exit 2, changing nothing', async () => {
    const before = storeChecksum(store);
    const mood = await local(['checkin', 'list', '--mood', 'grumpy']);
    expect([mood.exitCode, mood.stdout]).toEqual([2, '']);
    expect(mood.stderr).toMatch(/^pulse: --mood: no mood "grumpy" \(one of calm, happy, .*, sick\)\n/);
    const blank = await local(['checkin', 'list', '--search', ' -- ']);
    expect([blank.exitCode, blank.stdout, blank.stderr.split('\n')[0]]).toEqual([
      2,
      '',
      'pulse: search must contain a word',
    ]);
    expect(storeChecksum(store)).toBe(before);
  });
});

describe('remote mode: the server filters', () => {
  it('sends --search, --mood and --absent as the v2 list parameters', async () => {
    const token = (await ok(['admin', 'token', 'create', '--person', 'ana@example.com'])).trim();
    const server = await startServe(['--store', store], env);
    try {
      const remote = (args: string[]) =>
        execPulse(args, { env: isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TOKEN: token }) });
      const found = await remote(['checkin', 'list', '--search', 'cafe', ...COLUMNS]);
      expect([found.exitCode, found.stdout]).toEqual([
        0,
        '2026-11-19\tAna Diaz\ttired\tfalse\tLunch at the Café Central',
      ]);
      const absent = await remote(['checkin', 'list', '--absent', '--mood', 'stressed', '--all', ...COLUMNS]);
      expect(absent.stdout).toBe('2026-11-20\tAna Diaz\tstressed\ttrue\tDeployed the billing service');
      const goals = await remote(['goal', 'list', '--search', 'onboarding', '--json', 'title']);
      expect(JSON.parse(goals.stdout)).toEqual([{ title: 'Onboarding guide' }]);
      const activities = await remote(['activity', 'list', '--search', 'planning', '--json', 'group']);
      expect(JSON.parse(activities.stdout)).toEqual([{ group: 'Meetings' }]);
      const blank = await remote(['checkin', 'list', '--search', '!!']);
      expect([blank.exitCode, blank.stderr.split('\n')[0]]).toEqual([2, 'pulse: search must contain a word']);
    } finally {
      await server.stop();
    }
  });
});
