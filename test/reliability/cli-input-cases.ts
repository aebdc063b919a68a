/**
 * The cases of the CLI bad-input suite (cli-bad-input, cli-bad-values and cli-bad-input-property): the
 * commands from the program's own tree, a seeded store every case runs on a fresh copy of, the flags
 * that make a command complete, the bad values of every option, and the rule a refusal must meet: one
 * line on stderr naming the flag, the value or the file's line, the documented exit code (2 for usage,
 * 3 for something not found), and the store unchanged (storeChecksum before and after).
 */
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command, Option } from 'commander';
import { afterAll, beforeAll } from 'vitest';
import { buildProgram, jsonFieldsOf } from '../../src/cli/program.js';
import { isolatedEnv, type Result, runInProcess } from '../helpers/cli.js';
import { createFixture } from '../helpers/store.js';
import { storeChecksum } from '../helpers/store-checksum.js';
import { tempDir } from '../helpers/temp.js';

export const SOAK = process.env.PULSE_SOAK === '1';
const GLOBAL_FLAGS = new Set([
  '--store',
  '--profile',
  '--as',
  '--no-color',
  '--no-input',
  '--color',
  '--input',
]);

/** Every command that runs something, as its path of names, with its value options and arguments. */
export interface Leaf {
  path: string[];
  command: Command;
  valueOptions: Option[];
}

// Built once: the whole tree (every definition loaded).
const program = await buildProgram({ env: {} } as never);

export function leaves(): Leaf[] {
  const found: Leaf[] = [];
  const walk = (command: Command, path: string[]) => {
    for (const sub of command.commands) {
      const subPath = [...path, sub.name()];
      // `help` prints; a hidden command (`__complete`, which the completion scripts call) is silent and
      // exits 0 by design, whatever it is given: pressing TAB must never show an error.
      const hidden = (sub as unknown as { _hidden: boolean })._hidden;
      if (
        (sub as unknown as { _actionHandler: unknown })._actionHandler &&
        subPath[0] !== 'help' &&
        !hidden
      ) {
        const own = sub.options.filter((option) => !GLOBAL_FLAGS.has(option.long ?? ''));
        found.push({
          path: subPath,
          command: sub,
          valueOptions: own.filter((option) => option.required || option.optional),
        });
      }
      walk(sub, subPath);
    }
  };
  walk(program, []);
  return found;
}

export let pristine: string;
export let pristineSum: string;
export let work: string;
export let env: Record<string, string>;
/** Valid arguments for each command path, so a bad flag is judged on its own. */
export let argumentsOf: Record<string, string[]>;
let cases = 0;

/** Counts command lines tried outside `attempt` (the reported total). */
export function addCases(count: number): void {
  cases += count;
}

/** Runs one command line on a fresh copy of the seeded store; returns its result and whether the store changed. */
export async function attempt(
  args: string[],
  options: { stdin?: string } = {},
): Promise<Result & { changed: boolean }> {
  const path = join(work, `case-${cases++}.db`);
  copyFileSync(pristine, path);
  try {
    // pulse serve, should a value be taken, stops at once; nothing else is interrupted.
    const shutdown = new AbortController();
    if (args[0] === 'serve') shutdown.abort();
    const result = await runInProcess(args, {
      // A home of its own: a command that writes configuration must not change the next case.
      env: isolatedEnv({ PULSE_STORE: path }),
      // Generated values may name a file to write (export --output NaN): never in the checkout.
      cwd: work,
      shutdown: shutdown.signal,
      ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
    });
    return { ...result, changed: storeChecksum(path) !== pristineSum };
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  }
}

/** Seeds the store every case copies (in this test file's beforeAll) and reports the count after it. */
export function useSeededStore(file: string): void {
  beforeAll(seed);
  afterAll(() => {
    console.log(`${file}: ${cases} command lines tried`);
  });
}

async function seed(): Promise<void> {
  const fixture = await createFixture();
  pristine = fixture.path;
  work = tempDir('pulse-bad-input-');
  env = isolatedEnv({ PULSE_STORE: pristine });
  const make = async (args: string[]): Promise<string> => {
    const result = await runInProcess(args, { env });
    if (result.exitCode !== 0) throw new Error(`pulse ${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  };
  await make([
    'checkin',
    '--previous',
    'x',
    '--intentions',
    'y #release',
    '--blockers',
    'none',
    '--mood',
    'happy',
  ]);
  const goal = JSON.parse(await make(['goal', 'create', '--title', 'Ship it', '--json'])).id as string;
  const update = JSON.parse(
    await make(['goal', 'update', 'create', goal, '--progress', '10', '--body', 'b', '--json']),
  ).id as string;
  const question = JSON.parse(
    await make([
      'echo',
      'create',
      '--title',
      'T',
      '--prompt',
      'P?',
      '--frequency',
      'daily',
      '--time',
      '09:00',
      '--json',
    ]),
  ).id as string;
  const activity = (await make(['activity', 'add', '--group', 'g', '--description', 'd'])).trim();
  const component = (await make(['admin', 'status', 'component', 'add', '--name', 'API'])).trim();
  const notice = (
    await make([
      'admin',
      'status',
      'notice',
      'add',
      '--type',
      'unplanned',
      '--subject',
      'Down',
      '--component',
      component,
    ])
  ).trim();
  // Its id, then its secret (shown once).
  const webhook = (
    await make(['admin', 'status', 'webhook', 'add', 'https://hooks.example.com/pulse'])
  ).split('\n')[0] as string;
  await make(['admin', 'token', 'create', '--person', 'ben@example.com']);
  const tokens = JSON.parse(await make(['admin', 'token', 'list', '--json'])) as { id: string }[];
  const oauthClient = (
    await make(['admin', 'oauth-client', 'add', '--name', 'Tool', '--redirect-uri', 'http://127.0.0.1/cb'])
  ).trim();
  const csv = join(work, 'good.csv');
  writeFileSync(csv, 'member,date\nben@example.com,2026-12-01\n');
  await fixture.store.close();
  pristineSum = storeChecksum(pristine);
  const unknown = '00000000-0000-4000-8000-000000000000';
  argumentsOf = {
    'checkin view': ['2026-11-23'],
    'checkin comments': ['2026-11-23'],
    'checkin comment': ['2026-11-23'],
    'checkin reactions': ['2026-11-23'],
    'checkin react': ['2026-11-23', 'tada'],
    'checkin clear': ['2026-11-23'],
    'goal view': [goal],
    'goal edit': [goal],
    'goal archive': [goal],
    'goal unarchive': [goal],
    'goal delete': [goal],
    'goal update create': [goal],
    'goal update list': [goal],
    'goal update view': [update],
    'goal update edit': [update],
    'goal update delete': [update],
    'goal update comments': [update],
    'goal update comment': [update],
    'goal update reactions': [update],
    'goal update react': [update, 'tada'],
    'echo view': [question],
    'echo edit': [question],
    'echo delete': [question],
    'echo pause': [question],
    'echo resume': [question],
    'echo answer list': [question],
    'echo answer view': [unknown],
    'ask view': [unknown],
    'activity view': [activity],
    'people view': ['ben@example.com'],
    'team view': ['Core'],
    'team tag': ['release'],
    'absence import': [csv],
    backup: [join(work, 'backup.db')],
    // Not an export: refused whole, before the store is touched.
    import: [csv],
    'config get': ['base_url'],
    'config set': ['base_url', 'https://pulse.example.com'],
    'config unset': ['base_url'],
    'status notice': [notice],
    'admin token revoke': [tokens[0]?.id as string],
    'admin person edit': ['ben@example.com'],
    'admin oauth-client remove': [oauthClient],
    completion: ['bash'],
    api: ['me'],
    'admin status component set': [component],
    'admin status component move': [component],
    'admin status notice update': [notice],
    'admin status webhook add': ['https://hooks.example.com/other'],
    'admin status webhook remove': [webhook],
    'me reminders channel add': ['https://hooks.example.com/me'],
    'me reminders channel remove': ['999'],
    'team notifications channel add': ['https://hooks.example.com/team'],
    'team notifications channel remove': ['999'],
  };
}

/** Flags a command cannot run without, with good values (they are not what a case tests). */
export const REQUIRED: Record<string, string[]> = {
  'activity push': ['--email', 'ben@example.com', '--source', 'ci', '--description', 'deployed'],
  'activity add': ['--group', 'g', '--description', 'd'],
  init: ['--name', 'Zed', '--email', 'zed@example.com'],
  'admin person add': ['--name', 'Zed', '--email', 'zed@example.com'],
  'admin team add': ['--name', 'Ops'],
  'admin team join': ['--team', 'Core', '--person', 'eve@example.com'],
  'admin team leave': ['--team', 'Core', '--person', 'ben@example.com'],
  'admin team api-key': ['--team', 'Core'],
  'admin team questions': ['--team', 'Core'],
  'admin seed': ['--people', '2', '--days', '2'],
  // Port 1 refuses: a line that gets past its checks fails to connect (exit 1), never copies.
  'admin migrate': ['--from', '/nonexistent/team.db', '--to', 'postgres://pulse@127.0.0.1:1/pulse'],
  'admin token create': ['--person', 'ben@example.com'],
  'admin login-code': ['--person', 'ben@example.com'],
  'admin oauth-client add': ['--name', 'Tool', '--redirect-uri', 'http://127.0.0.1/cb'],
  'admin status page': ['--name', 'Status'],
  'admin status component add': ['--name', 'Web'],
  'admin status component set': ['--state', 'operational'],
  'admin status component move': ['--to', '1'],
  'admin status notice add': ['--type', 'unplanned', '--subject', 'Slow'],
  'admin status notice update': ['--state', 'identified'],
  'team reminders set': ['--at', '09:30'],
  'team notifications set': ['--summary-at', '17:00'],
};

export const line = (leaf: Leaf) => [
  ...leaf.path,
  ...(argumentsOf[leaf.path.join(' ')] ?? []),
  ...(REQUIRED[leaf.path.join(' ')] ?? []),
];

const HINTS = new Set(['Run with --help for usage.']);

// biome-ignore lint/suspicious/noControlCharactersInRegex: raw control characters must not reach the terminal
export const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/**
 * What is wrong with a refusal, or undefined when it is one line (and at most the usage hint) naming one
 * of `names`, with an exit code in `codes`, the store unchanged. Exit 0 passes when `codes` allows it.
 */
export function problem(
  result: Result & { changed: boolean },
  names: string[],
  codes: number[],
): string | undefined {
  const lines = result.stderr.split('\n').filter((text) => text !== '');
  if (!codes.includes(result.exitCode)) return `exit ${result.exitCode}`;
  if (result.exitCode === 0) return undefined;
  if (RAW_CONTROL.test(result.stderr)) return 'a raw control character on stderr';
  if (result.changed) return 'the store changed';
  if (lines.length === 0 || lines.length > 2 || (lines.length === 2 && !HINTS.has(lines[1] as string)))
    return `${lines.length} lines`;
  const reason = (lines[0] as string).toLowerCase();
  if (!names.some((name) => reason.includes(name.toLowerCase())))
    return `does not name ${names.join(' or ')}`;
  return undefined;
}

/** What a message may name for a flag: the flag, or the field it sets (time zone, answer_time, ...). */
export const namesOf = (flag: string, value?: string): string[] => {
  const bare = flag.slice(2);
  const names = [flag, bare, bare.replace(/-/g, ' '), bare.replace(/-/g, '_')];
  // A value is quoted with its control characters escaped (printable in src/cli/errors.ts).
  if (value && value.trim() !== '')
    names.push(value.replace(new RegExp(RAW_CONTROL.source, 'g'), escapeControl));
  return names;
};

const escapeControl = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
const quoted = (arg: string) => JSON.stringify(arg.length > 60 ? `${arg.slice(0, 60)}...` : arg);

export const failures: string[] = [];
export async function expectRefused(args: string[], names: string[], codes = [2]): Promise<void> {
  const result = await attempt(args);
  const wrong = problem(result, names, codes);
  if (wrong)
    failures.push(
      `${wrong}: pulse ${args.map(quoted).join(' ')} -> ${result.exitCode} ${quoted(result.stderr)}`,
    );
}

export interface Bad {
  value: string;
  /** Exit codes allowed (default 2). */
  codes?: number[];
  /** What the line may name instead of the flag. */
  names?: string[];
}

/**
 * Flags that make a command complete apart from the one under test, so its value is what is judged
 * (commander keeps the last of a repeated option, so the bad value given after them wins).
 */
export function contextOf(command: string, flag: string): string[] {
  const echo = [
    '--title',
    'T',
    '--prompt',
    'P?',
    '--frequency',
    'weekly',
    '--day',
    'monday',
    '--time',
    '09:00',
  ];
  const dates: Record<string, string[]> = {
    '--from': ['--to', '2026-12-05'],
    '--to': ['--from', '2026-12-01'],
    '--date': [],
  };
  switch (command) {
    case 'goal create':
      return ['--title', 'G'];
    case 'echo create':
      return echo;
    case 'absence add':
    case 'absence remove':
    case 'absence team add':
    case 'absence team remove':
      return dates[flag] ?? ['--date', '2026-12-01'];
    case 'admin team questions':
      return ['--next', 'What next?'];
    case 'admin status notice add':
      return [
        '--type',
        'planned',
        '--begins-at',
        '2026-12-01T02:00:00Z',
        '--ends-at',
        '2026-12-01T04:00:00Z',
      ];
    case 'init':
      return ['--store', ':memory:'];
    case 'me reminders set':
      return flag === '--again' ? ['--at', '08:00'] : [];
    case 'serve':
      // The From address is checked with the server it is for.
      return flag === '--smtp-from' ? ['--smtp', 'smtp://127.0.0.1:2525'] : [];
    default:
      return [];
  }
}

const as = (codes: number[], ...values: string[]): Bad[] => values.map((value) => ({ value, codes }));
const COUNT = ['0', '-1', 'ten', '1.5', '1e3', '0x10', ' 7'];
const DATE = [
  '2026-02-30',
  '2026-13-01',
  '2026-11-31',
  'someday',
  '23/11/2026',
  '2026-11-23\u0000',
  // Real dates outside the ones pulse accepts (2000-01-01 to 2100-12-31).
  '1900-01-01',
  '2101-01-01',
];
const MOMENT = [...DATE, '2026-02-30T02:00:00Z', '2026-11-25T02:00:00', '2026-11-25T25:00:00Z'];
const URL_VALUES = ['not a url', 'ftp://example.com', 'javascript:alert(1)'];
const CONTROL = '\u0000\u0007\u001b[2J';
const NOBODY = as([2, 3, 4], 'nobody@example.com', '@nobody', CONTROL);
const NO_TEAM = as([2, 3], 'No Such Team', '00000000-0000-4000-8000-000000000000');

/** Bad values by option (or by "command option" where one name means different things). */
const BAD: Record<string, Bad[]> = {
  '--limit': as([2], ...COUNT),
  '--people': as([2], ...COUNT),
  '--days': as([2], ...COUNT),
  '--teams': as([2], ...COUNT),
  '--seed': as([2], '-1', 'x', '1.5'),
  '--progress': as([2], '-1', '101', 'half', '5O'),
  '--confidence': as([2], '-1', '101', 'maybe'),
  'ask --timeout': as([2], '0', '-5', 'soon', '1e999'),
  'status wait --timeout': as([2], '10x', '-5s', 'forever'),
  'status --timeout': as([2], '10x', '-5s', '0s', 'forever'),
  'auth login --timeout': as([2], '0', '-5s', 'soon'),
  '--scopes': as([2], 'admin', 'read,admin', CONTROL),
  '--interval': as([2], '1ms', 'often', '-1s'),
  '--expires-in': as([2], '30y', '-1d', 'soon', '0s'),
  '--date': as([2], ...DATE),
  '--from': as([2], ...DATE),
  '--to': as([2], ...DATE),
  '--start': as([2], ...DATE),
  '--end': as([2], ...DATE),
  'checkin list --since': as([2], ...DATE),
  'checkin list --until': as([2], ...DATE),
  // A window: any date expression, and what names none.
  '--during': as([2], ...DATE, 'last week please', 'next'),
  'checkin list --columns': as([2], 'bogus', 'date,bogus', ' , ', CONTROL),
  'goal list --since': as([2], ...DATE),
  'goal tree --since': as([2], ...DATE),
  '--since': as([2], ...MOMENT),
  '--until': as([2], ...MOMENT),
  '--begins-at': as([2], ...MOMENT),
  '--ends-at': as([2], ...MOMENT),
  // The first team's name: any text.
  'init --team': as([0, 2], '', 'x'.repeat(70_000), '\u0000\u0007\u001b[2J'),
  // The v1 interface's parameter is q, and the message says so.
  '--query': [
    ...as([0, 2], '', '\u0000\u0007\u001b[2J'),
    { value: 'x'.repeat(70_000), codes: [2], names: ['q must be', '--query'] },
  ],
  '--time-zone': as([2], 'Mars/Olympus', 'UTC+25', 'Europe/Nowhere'),
  '--mood': as([2], '7', 'ecstatic', CONTROL),
  // Words to find: at least one, at most 200 characters.
  '--search': as([2], '!!!', 'x'.repeat(201)),
  '--secret': as([2], 'short', 'has spaces in it, sixteen+', CONTROL),
  '--events': as([2], 'bogus', 'notice.created,bogus'),
  '--webhook': as([2], 'abc', '0', '-1'),
  '--cadence': as([2], 'daily', 'sometimes'),
  '--frequency': as([2], 'hourly', '7'),
  '--day': as([2], 'someday', '8'),
  '--time': as([2], '25:00', '9am', '12:60', '-1:00'),
  // Local times of reminders and summaries, HH:MM.
  '--at': as([2], '25:00', '9am', '12:60', '9:30', CONTROL),
  '--again': as([2], '25:00', '9am', '12:60', CONTROL),
  '--summary-at': as([2], '25:00', '5pm', '17:60', CONTROL),
  'admin notifications deliveries --channel': as([2], 'abc', '0', '-1'),
  // An SMTP server's address (smtp:// or smtps://, with a port), never with a login in it.
  '--smtp': as([2], 'not a url', 'http://mail.example.com', 'smtp://mail.example.com:0', CONTROL),
  '--smtp-from': as([2], 'not an address', CONTROL),
  '--category': as([2], 'gossip'),
  '--scope': as([2], 'admin'),
  '--type': as([2], 'sometimes'),
  '--state': as([2], 'on-fire'),
  '--timeline': as([2], 'someday'),
  '--fail-on': as([2], 'never', 'degraded,bogus'),
  '--for': as([2], 'bogus', 'operational,bogus'),
  '--format': as([2], 'xml'),
  '--report-days': as([2], 'funday', 'monday,funday', ''),
  '--url': as([2], ...URL_VALUES),
  '--public-url': as([2], ...URL_VALUES),
  '--status-url': as([2], ...URL_VALUES),
  '--port': as([2], '65536', '-1', 'http'),
  '--status-port': as([2], '65536', '-1', 'http'),
  // A place in the display order: a whole number from 1.
  'admin status component move --to': as([2], '0', '-1', '1.5', 'first', CONTROL),
  '--rate-limit': as([2], 'burst=abc', 'lots'),
  '--v1-rate-limit': as([2], '10:x', 'abc'),
  '--oauth-rate-limit': as([2], '0:1', '5:0', 'abc'),
  '--status-rate-limit': as([2], '0', '-1', 'x'),
  '--max-connections': as([2], '0', 'x'),
  '--max-connections-per-client': as([2], '0', '1.5', 'x'),
  '--trust-proxy': as([2], '', 'proxy.example.com', '10.0.0.0/33', '127.0.0.1/8/1', '127.0.0.1,', CONTROL),
  '--access-token-ttl': as([2], '0s', 'soon', '-1h', '1y'),
  // Only a postgres:// address is a database to serve; one that cannot be reached is exit 1 (not here).
  '--database': as([2], 'pulse.db', 'mysql://db.example/pulse', 'postgres://', CONTROL),
  // The source is checked before the target is reached: a missing file or an address is a usage error.
  'admin migrate --from': [
    { value: '/nonexistent/team.db', names: ['/nonexistent/team.db'] },
    ...as([2], 'postgres://db.example/pulse', CONTROL),
  ],
  'admin migrate --to': as([2], 'pulse.db', 'mysql://db.example/pulse', 'postgres://', CONTROL),
  '--redirect-uri': as(
    [2],
    'http://app.example/cb',
    'not a uri',
    'https://app.example/cb#x',
    'ftp://x/cb',
    CONTROL,
  ),
  '--tls-cert': as([2], '/nonexistent/cert.pem'),
  '--tls-key': as([2], '/nonexistent/key.pem'),
  // Any address is the operating system's to refuse (exit 1, "cannot listen").
  '--host': [],
  '--email': as([2, 3], 'not-an-email', 'a@', CONTROL),
  '--username': as([2], 'has space', '@@', CONTROL),
  '--person': NOBODY,
  '--owner': NOBODY,
  '--contributor': NOBODY,
  '--member': NOBODY,
  '--team': NO_TEAM,
  'goal create --parent': as([2, 3], 'no such goal', CONTROL),
  'goal edit --parent': as([2, 3], 'no such goal', CONTROL),
  'admin status component add --parent': as([2, 3], 'not-a-uuid', '00000000-0000-4000-8000-000000000000'),
  '--component': as([2, 3], 'no-such-component', CONTROL),
  // Checked against a deployment, which a local store is not: test/cli/auth-team.test.ts covers it.
  '--team-id': [],
  // Any id is the authorization server's to refuse: test/cli/auth-oauth*.test.ts cover it.
  '--client-id': [],
  '--kind': as([2], 'bad kind!', CONTROL),
  '--file': [{ value: '/nonexistent/answers.md', names: ['/nonexistent/answers.md'] }],
  'export --output': [{ value: '/nonexistent/export.json', names: ['/nonexistent/export.json'] }],
  'api --method': as([2], 'GE T', '', 'G3T', 'A', 'BREW', CONTROL),
  'api --raw-field': as([2], 'novalue', '=x', CONTROL),
  'api --field': [
    ...as([2], 'novalue', '=x', CONTROL),
    { value: 'x=@/nonexistent/field.txt', names: ['/nonexistent'] },
  ],
  'api --header': as([2], 'no colon', ': x', 'Bad Name: x', CONTROL),
  // A jq syntax error; an error while running is exit 1 and depends on the data.
  '--jq': as([2], '.[', '{a:', '| |', CONTROL),
};

/** Free text: an empty, overlong or control-character value may be refused (2) or taken (0). */
const TEXT = new Set([
  '--title',
  '--body',
  '--description',
  '--prompt',
  '--subject',
  '--content',
  '--name',
  '--previous',
  '--intentions',
  '--blockers',
  '--next',
  '--previous-completed',
  '--source',
  '--group',
]);

const TEXT_VALUES = as([0, 2], '', ' ', 'x'.repeat(70_000), CONTROL, '\u202e\u0301\ud83d');

export function badValues(command: string, flag: string, leaf?: Command): Bad[] | undefined {
  if (flag === '--json' && leaf) {
    // A word after --json is fields when one part is a field name; an unknown part is then refused.
    // A command printing plain values (team tags) has no fields, and any word is its argument.
    const [field] = jsonFieldsOf(leaf) ?? [];
    return field === undefined ? [] : [{ value: `${field},nope`, names: ['"nope"'] }];
  }
  return BAD[`${command} ${flag}`] ?? BAD[flag] ?? (TEXT.has(flag) ? TEXT_VALUES : undefined);
}
