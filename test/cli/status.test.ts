/**
 * `pulse admin status ...` and `pulse status` on a local store, in-process, on a stepping clock whose
 * waits (`sleep`) move it: operator commands, rendering, --json, --check with --component and --fail-on,
 * and `wait`.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { type InProcessOptions, isolatedEnv, type Result, runInProcess } from '../helpers/cli.js';
import { type SteppingClock, steppingClock } from '../helpers/clock.js';
import { openInstance } from '../helpers/store.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
let clock: SteppingClock;
/** The waits the command asked for, in ms. */
let sleeps: number[];

const pulse = (args: string[], options: InProcessOptions = {}): Promise<Result> =>
  runInProcess(['--store', store, ...args], {
    env,
    clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.advance(ms);
    },
    ...options,
  });

/** Runs a command that must succeed and returns its stdout without the final line break. */
async function ok(args: string[]): Promise<string> {
  const result = await pulse(args);
  if (result.exitCode !== 0) throw new Error(`pulse ${args.join(' ')}: ${result.exitCode} ${result.stderr}`);
  return result.stdout.trimEnd();
}

const admin = (...args: string[]) => ok(['admin', 'status', ...args]);

beforeEach(() => {
  env = isolatedEnv();
  store = join(tempDir(), 'status.db');
  clock = steppingClock('2026-11-23T10:00:00Z');
  sleeps = [];
});

/** Acme Cloud: API > Auth > Billing, and Website; ids 1 to 4. */
async function acme(): Promise<void> {
  await admin('page', '--name', 'Acme Cloud', '--url', 'https://status.acme.test');
  expect(await admin('component', 'add', '--name', 'API', '--description', 'the public API')).toBe('1');
  expect(await admin('component', 'add', '--name', 'Auth', '--parent', '1')).toBe('2');
  expect(await admin('component', 'add', '--name', 'Billing', '--parent', '2')).toBe('3');
  expect(await admin('component', 'add', '--name', 'Website')).toBe('4');
}

const check = async (...args: string[]) => {
  const result = await pulse(['status', '--check', ...args]);
  return [result.exitCode, result.stdout];
};

describe('pulse admin status', () => {
  it('names the page, adds components and notices printing their ids, and prints resources with --json', async () => {
    const page = await pulse(['admin', 'status', 'page', '--name', 'Acme Cloud']);
    expect(page).toEqual({
      exitCode: 0,
      stdout: '',
      stderr: 'Status page "Acme Cloud" (http://127.0.0.1:8080/status) is operational.\n',
    });
    const json = JSON.parse(
      await admin('page', '--name', 'Acme', '--url', 'https://status.acme.test', '--json'),
    );
    expect(json).toMatchObject({ name: 'Acme', url: 'https://status.acme.test', state: 'operational' });

    expect(await admin('component', 'add', '--name', 'API')).toBe('1');
    const child = JSON.parse(
      await admin('component', 'add', '--name', 'Auth', '--parent', '1', '--state', 'degraded', '--json'),
    );
    expect(child).toEqual({
      id: 2,
      state: 'degraded',
      name: 'Auth',
      description: '',
      parent_id: 1,
      position: 2,
      created_at: '2026-11-23T10:00:00Z',
      updated_at: '2026-11-23T10:00:00Z',
    });
    expect(await admin('component', 'set', '2', '--state', 'under_maintenance')).toBe('2');

    expect(
      await admin(
        'notice',
        'add',
        '--type',
        'unplanned',
        '--subject',
        'Login failures',
        '--component',
        '1',
        '--component',
        '2',
      ),
    ).toBe('1');
    const planned = JSON.parse(
      await admin(
        'notice',
        'add',
        '--type',
        'planned',
        '--subject',
        'Upgrade',
        '--begins-at',
        'tomorrow',
        '--ends-at',
        '2026-11-24T04:00:00+02:00',
        '--content',
        'Database upgrade',
        '--json',
      ),
    );
    expect(planned).toMatchObject({
      id: 2,
      type: 'planned',
      state: 'scheduled',
      timeline_state: 'future',
      begins_at: '2026-11-24T00:00:00Z',
      ends_at: '2026-11-24T02:00:00Z',
      components: [],
      updates: [{ state: 'scheduled', content: 'Database upgrade' }],
    });
    const detail = JSON.parse((await pulse(['status', 'notice', '1', '--json'])).stdout);
    expect(detail.components.map((c: { name: string }) => c.name)).toEqual(['API', 'Auth']);
  });

  it('confirms notice updates, and refuses invalid transitions with the core message (exit 2)', async () => {
    await admin('notice', 'add', '--type', 'unplanned', '--subject', 'Errors');
    const moved = await pulse([
      'admin',
      'status',
      'notice',
      'update',
      '1',
      '--state',
      'identified',
      '--content',
      'Found',
    ]);
    expect([moved.exitCode, moved.stdout, moved.stderr]).toEqual([
      0,
      '',
      'Notice 1 is now identified (present).\n',
    ]);
    const again = await pulse([
      'admin',
      'status',
      'notice',
      'update',
      '1',
      '--state',
      'identified',
      '--content',
      'Fixing',
    ]);
    expect(again.stderr).toBe('Notice 1: update added (still identified).\n');

    const refusals: [string[], string][] = [
      [
        ['1', '--state', 'identified'],
        'notice 1 is already identified; an update in the same state needs content',
      ],
      [
        ['1', '--state', 'investigating'],
        'notice 1 is identified: it can move to recovering, resolved, false_alarm, not investigating',
      ],
      [
        ['1', '--state', 'underway'],
        'underway is not a state of unplanned notices (investigating, identified, recovering, resolved, false_alarm)',
      ],
      [
        ['1', '--state', 'fine'],
        'state must be one of investigating, identified, recovering, resolved, false_alarm, scheduled, underway, complete',
      ],
    ];
    for (const [args, message] of refusals) {
      const result = await pulse(['admin', 'status', 'notice', 'update', ...args]);
      expect([result.exitCode, result.stderr]).toEqual([2, `pulse: ${message}\n`]);
    }
    await admin('notice', 'update', '1', '--state', 'resolved');
    const final = await pulse(['admin', 'status', 'notice', 'update', '1', '--state', 'recovering']);
    expect([final.exitCode, final.stderr]).toEqual([2, 'pulse: notice 1 is resolved, which is final\n']);

    await admin(
      'notice',
      'add',
      '--type',
      'planned',
      '--subject',
      'Upgrade',
      '--begins-at',
      '2026-11-24T02:00:00Z',
      '--ends-at',
      '2026-11-24T03:00:00Z',
    );
    const skip = await pulse(['admin', 'status', 'notice', 'update', '2', '--state', 'complete']);
    expect([skip.exitCode, skip.stderr]).toEqual([
      2,
      'pulse: notice 2 is scheduled: it can move to underway, not complete\n',
    ]);
    const unknown = await pulse(['admin', 'status', 'notice', 'update', '9', '--state', 'resolved']);
    expect([unknown.exitCode, unknown.stderr]).toEqual([3, 'pulse: no notice 9\n']);
  });

  it('refuses bad flags with a message naming them (exit 2) and changes nothing', async () => {
    await acme();
    const before = await ok(['status', '--json']);
    const bad: [string[], string][] = [
      [
        ['component', 'add', '--name', 'X', '--state', 'broken'],
        "option '--state <state>' argument 'broken' is invalid",
      ],
      [
        ['component', 'add', '--name', 'X', '--parent', '0'],
        '--parent must be an id (a positive integer): 0',
      ],
      [['component', 'add', '--name', 'X', '--parent', '99'], 'parent_id: no component 99'],
      [['component', 'add', '--name', ' '], 'name must not be empty'],
      [['component', 'add'], "required option '--name <name>' not specified"],
      [
        ['component', 'set', '0', '--state', 'degraded'],
        'the component must be an id (a positive integer): 0',
      ],
      [['component', 'set', '1'], "required option '--state <state>' not specified"],
      [
        ['component', 'move', '1', '--to', 'first'],
        '--to must be a position: a whole number from 1 (first), not first',
      ],
      [['component', 'move', '1', '--to', '0'], '--to must be a position'],
      [
        ['component', 'move', '1', '--to', '5'],
        'position must be from 1 to 4, the number of components: 5 is past the last',
      ],
      [['component', 'move', '0', '--to', '1'], 'the component must be an id (a positive integer): 0'],
      [['component', 'move', '1'], "required option '--to <position>' not specified"],
      [
        ['notice', 'add', '--type', 'outage', '--subject', 'S'],
        "option '--type <type>' argument 'outage' is invalid",
      ],
      [
        ['notice', 'add', '--type', 'planned', '--subject', 'S'],
        'a planned notice needs begins_at and ends_at',
      ],
      [
        [
          'notice',
          'add',
          '--type',
          'planned',
          '--subject',
          'S',
          '--begins-at',
          '2026-11-25T10:00',
          '--ends-at',
          'friday',
        ],
        '--begins-at: not a date-time with a zone: 2026-11-25T10:00',
      ],
      [
        [
          'notice',
          'add',
          '--type',
          'planned',
          '--subject',
          'S',
          '--begins-at',
          'soon',
          '--ends-at',
          'friday',
        ],
        '--begins-at',
      ],
      [
        [
          'notice',
          'add',
          '--type',
          'planned',
          '--subject',
          'S',
          '--begins-at',
          '2026-11-25T10:00:00Z',
          '--ends-at',
          '2026-11-25T09:00:00Z',
        ],
        'ends_at must be after begins_at',
      ],
      [
        ['notice', 'add', '--type', 'unplanned', '--subject', 'S', '--begins-at', 'tomorrow'],
        'begins_at and ends_at belong to planned notices',
      ],
      [
        ['notice', 'add', '--type', 'unplanned', '--subject', 'S', '--component', '0'],
        '--component must be an id (a positive integer): 0',
      ],
      [
        ['notice', 'add', '--type', 'unplanned', '--subject', 'S', '--component', '1', '--component', '7'],
        'component_ids: no component 7',
      ],
      [
        ['page', '--name', 'Acme', '--url', 'status.acme.test'],
        '--url must be an absolute http(s) URL: status.acme.test',
      ],
    ];
    for (const [args, message] of bad) {
      const result = await pulse(['admin', 'status', ...args]);
      expect([args, result.exitCode, result.stdout]).toEqual([args, 2, '']);
      expect(result.stderr).toContain(message);
    }
    expect((await pulse(['admin', 'status', 'component', 'set', '9', '--state', 'degraded'])).exitCode).toBe(
      3,
    );
    expect((await pulse(['admin', 'status', 'component', 'move', '9', '--to', '1'])).exitCode).toBe(3);
    expect(await ok(['status', '--json'])).toBe(before);
  });

  it('names components by name or id in every command, and posts an update without repeating --state', async () => {
    await acme();
    // Set, move, a parent and a notice's components by name (any case), as --check --component takes them.
    expect(await admin('component', 'set', 'website', '--state', 'degraded')).toBe('4');
    expect(await admin('component', 'move', 'Website', '--to', '1', '--json', 'id,position')).toBe(
      '{\n  "id": 4,\n  "position": 1\n}',
    );
    expect(await admin('component', 'add', '--name', 'Queue', '--parent', 'Billing')).toBe('5');
    const notice = await admin(
      'notice',
      'add',
      '--type',
      'unplanned',
      '--subject',
      'Slow',
      '--component',
      'Queue',
      '--component',
      '1',
    );
    const detail = JSON.parse(await ok(['status', 'notice', notice, '--json']));
    expect(detail.components.map((component: { id: number }) => component.id)).toEqual([1, 5]);

    // An update that only says something keeps the notice's state.
    const said = await pulse(['admin', 'status', 'notice', 'update', notice, '--content', 'Looking into it']);
    expect([said.exitCode, said.stderr]).toEqual([
      0,
      `Notice ${notice}: update added (still investigating).\n`,
    ]);
    const empty = await pulse(['admin', 'status', 'notice', 'update', notice]);
    expect([empty.exitCode, empty.stderr]).toEqual([
      2,
      'pulse: notice update needs --state, --content or both\nRun with --help for usage.\n',
    ]);

    // An unknown name is exit 3 listing the components, a shared name exit 2 naming the ids; nothing changes.
    const unknown = await pulse(['admin', 'status', 'component', 'set', 'Webshop', '--state', 'degraded']);
    expect([unknown.exitCode, unknown.stderr]).toEqual([
      3,
      'pulse: the component: no component Webshop on the status page (its components: Website, API, Auth, Billing, Queue)\n',
    ]);
    await admin('component', 'add', '--name', 'queue');
    const shared = await pulse([
      'admin',
      'status',
      'notice',
      'add',
      '--type',
      'unplanned',
      '--subject',
      'x',
      '--component',
      'Queue',
    ]);
    expect([shared.exitCode, shared.stderr]).toEqual([
      2,
      'pulse: --component: 2 components are named Queue (ids 5, 6); name one by id\nRun with --help for usage.\n',
    ]);
    expect(JSON.parse(await ok(['status', 'notices', '--json'])).length).toBe(1);
  });

  it('moves a component in the display order, which pulse status components follows', async () => {
    await acme();
    // Website (4) first: it prints its id, or the component with --json.
    expect(await admin('component', 'move', '4', '--to', '1')).toBe('4');
    expect(JSON.parse(await admin('component', 'move', '3', '--to', '4', '--json'))).toMatchObject({
      id: 3,
      name: 'Billing',
      position: 4,
    });
    const listed = JSON.parse(await ok(['status', 'components', '--json', 'id,position']));
    expect(listed).toEqual([
      { id: 4, position: 1 },
      { id: 1, position: 2 },
      { id: 2, position: 3 },
      { id: 3, position: 4 },
    ]);
    // The tree keeps children under their parents, siblings in display order.
    const terminal = await pulse(['status', 'components', '--no-color'], { stdoutIsTTY: true });
    expect(terminal.stdout.split('\n').map((line) => line.trimEnd())).toEqual([
      'ID  NAME         STATE        DESCRIPTION',
      '4   Website      operational',
      '1   API          operational  the public API',
      '2     Auth       operational',
      '3       Billing  operational',
      '',
    ]);
  });

  it('goes to the deployment in remote mode, with a credential (admin-status-remote.test.ts)', async () => {
    const result = await runInProcess(['admin', 'status', 'page', '--name', 'Acme'], {
      env: { ...env, PULSE_BASE_URL: 'https://pulse.example.com' },
    });
    expect([result.exitCode, result.stderr]).toEqual([
      4,
      'pulse: not logged in to pulse.example.com: run pulse auth login or pulse auth login --web (or set PULSE_TOKEN)\n',
    ]);
  });
});

describe('pulse status', () => {
  it('reads a fresh local store as anyone would: an operational page, no account created', async () => {
    const result = await pulse(['status']);
    expect(result).toEqual({
      exitCode: 0,
      stdout: [
        'pulse: operational',
        '',
        'Components',
        '  none',
        '',
        'Incidents and maintenance now',
        '  none',
        '',
        'Planned maintenance',
        '  none',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(await check()).toEqual([0, 'operational\n']);
    const opened = await openInstance(store, { clock, publicUrl: 'http://127.0.0.1:8080' });
    try {
      expect(await opened.admin.isInitialised()).toBe(false);
    } finally {
      await opened.close();
    }
  });

  it('prints the state, the component tree, present notices with their latest update, and planned maintenance', async () => {
    await acme();
    await admin('component', 'set', '2', '--state', 'degraded');
    clock.advance(5 * 60_000);
    await admin(
      'notice',
      'add',
      '--type',
      'unplanned',
      '--subject',
      'Login failures',
      '--component',
      '2',
      '--content',
      'Looking into it.',
    );
    clock.advance(5 * 60_000);
    await admin(
      'notice',
      'update',
      '1',
      '--state',
      'identified',
      '--content',
      'Token service restarted.\nWatching error rates.',
    );
    await admin(
      'notice',
      'add',
      '--type',
      'planned',
      '--subject',
      'Website migration',
      '--component',
      '4',
      '--begins-at',
      '2026-11-25T02:00:00Z',
      '--ends-at',
      '2026-11-25T04:00:00Z',
    );
    await admin(
      'notice',
      'add',
      '--type',
      'planned',
      '--subject',
      'Network work',
      '--begins-at',
      '2026-11-26T22:00:00Z',
      '--ends-at',
      '2026-11-27T01:30:00Z',
    );
    await admin('notice', 'add', '--type', 'unplanned', '--subject', 'Old incident');
    await admin('notice', 'update', '4', '--state', 'false_alarm');

    const result = await pulse(['status']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      [
        'Acme Cloud: degraded',
        '',
        'Components',
        '  API          operational',
        '    Auth       degraded',
        '      Billing  operational',
        '  Website      operational',
        '',
        'Incidents and maintenance now',
        '  #1 Login failures (incident, identified, since 2026-11-23 10:05 UTC)',
        '     identified, 2026-11-23 10:10 UTC:',
        '       Token service restarted.',
        '       Watching error rates.',
        '',
        'Planned maintenance',
        '  #3 Network work (scheduled)',
        '     2026-11-26 22:00 UTC to 2026-11-27 01:30 UTC',
        '  #2 Website migration (scheduled)',
        '     2026-11-25 02:00 to 04:00 UTC',
        '',
      ].join('\n'),
    );

    // Narrowed to a component: its subtree, the notices naming it (or nothing), the derived state.
    expect((await pulse(['status', '--component', 'website'])).stdout).toBe(
      [
        'Acme Cloud / Website: operational',
        '',
        'Components',
        '  Website  operational',
        '',
        'Incidents and maintenance now',
        '  none',
        '',
        'Planned maintenance',
        '  #3 Network work (scheduled)',
        '     2026-11-26 22:00 UTC to 2026-11-27 01:30 UTC',
        '  #2 Website migration (scheduled)',
        '     2026-11-25 02:00 to 04:00 UTC',
        '',
      ].join('\n'),
    );

    // Colour only on a terminal (and not with --no-color).
    const terminal = await pulse(['status'], { stdoutIsTTY: true });
    expect(terminal.stdout).toContain('    Auth       \u001b[33mdegraded\u001b[39m\n');
    expect(terminal.stdout).toContain('  API          \u001b[32moperational\u001b[39m\n');
    expect((await pulse(['status', '--no-color'], { stdoutIsTTY: true })).stdout).toBe(result.stdout);

    await admin('component', 'set', '4', '--state', 'under_maintenance');
    expect((await pulse(['status'], { stdoutIsTTY: true })).stdout).toContain(
      '  Website      \u001b[34munder_maintenance\u001b[39m\n',
    );
  });

  it('--json prints {page, components, notices}: every component, present then future notices', async () => {
    await acme();
    await admin(
      'notice',
      'add',
      '--type',
      'planned',
      '--subject',
      'Upgrade',
      '--begins-at',
      '2026-11-25T02:00:00Z',
      '--ends-at',
      '2026-11-25T04:00:00Z',
    );
    await admin('notice', 'add', '--type', 'unplanned', '--subject', 'Errors', '--component', '4');
    await admin('notice', 'add', '--type', 'unplanned', '--subject', 'Gone');
    await admin('notice', 'update', '3', '--state', 'resolved');
    const json = JSON.parse((await pulse(['status', '--json'])).stdout);
    expect(Object.keys(json)).toEqual(['page', 'components', 'notices']);
    expect(json.page).toMatchObject({
      name: 'Acme Cloud',
      state: 'degraded',
      url: 'https://status.acme.test',
      links: { components: { count: 4 }, notices: { count: 3 } },
    });
    expect(json.components.map((c: { id: number; parent_id: number | null }) => [c.id, c.parent_id])).toEqual(
      [
        [1, null],
        [2, 1],
        [3, 2],
        [4, null],
      ],
    );
    expect(json.notices.map((n: { id: number; timeline_state: string }) => [n.id, n.timeline_state])).toEqual(
      [
        [2, 'present'],
        [1, 'future'],
      ],
    );
    expect(json.notices[0].latest_update).toMatchObject({ state: 'investigating' });

    const api = JSON.parse((await pulse(['status', '--json', '--component', 'API'])).stdout);
    expect(api.components.map((c: { name: string }) => c.name)).toEqual(['API', 'Auth', 'Billing']);
    expect(api.notices.map((n: { id: number }) => n.id)).toEqual([1]);
  });

  it('--check exits 0, 8 or 9 for every state, from components and from notices', async () => {
    await acme();
    expect(await check()).toEqual([0, 'operational\n']);
    await admin('component', 'set', '3', '--state', 'degraded');
    const degraded = await pulse(['status', '--check']);
    expect(degraded).toEqual({
      exitCode: 8,
      stdout: 'degraded\n',
      stderr: 'component 3 Billing: degraded\n',
    });
    await admin('component', 'set', '4', '--state', 'under_maintenance');
    expect(await check()).toEqual([9, 'under_maintenance\n']);
    await admin('component', 'set', '3', '--state', 'operational');
    await admin('component', 'set', '4', '--state', 'operational');
    expect(await check()).toEqual([0, 'operational\n']);

    // An unresolved incident degrades; resolving (or calling it a false alarm) clears it.
    await admin('notice', 'add', '--type', 'unplanned', '--subject', 'Errors', '--component', '2');
    for (const state of ['investigating', 'identified', 'recovering']) {
      if (state !== 'investigating') await admin('notice', 'update', '1', '--state', state);
      const result = await pulse(['status', '--check']);
      expect([state, result.exitCode, result.stdout, result.stderr]).toEqual([
        state,
        8,
        'degraded\n',
        `incident #1 Errors: ${state}\n`,
      ]);
    }
    await admin('notice', 'update', '1', '--state', 'resolved');
    expect(await check()).toEqual([0, 'operational\n']);
    await admin('notice', 'add', '--type', 'unplanned', '--subject', 'Maybe');
    expect(await check()).toEqual([8, 'degraded\n']);
    await admin('notice', 'update', '2', '--state', 'false_alarm');
    expect(await check()).toEqual([0, 'operational\n']);

    // Planned maintenance: scheduled is operational, underway is maintenance, complete is over.
    await admin(
      'notice',
      'add',
      '--type',
      'planned',
      '--subject',
      'Upgrade',
      '--component',
      '4',
      '--begins-at',
      '2026-11-23T11:00:00Z',
      '--ends-at',
      '2026-11-23T12:00:00Z',
    );
    expect(await check()).toEqual([0, 'operational\n']);
    await admin('notice', 'update', '3', '--state', 'underway');
    const underway = await pulse(['status', '--check']);
    expect(underway).toEqual({
      exitCode: 9,
      stdout: 'under_maintenance\n',
      stderr: 'maintenance #3 Upgrade: underway\n',
    });
    // Maintenance outranks an incident.
    await admin('notice', 'add', '--type', 'unplanned', '--subject', 'Slow');
    expect(await check()).toEqual([9, 'under_maintenance\n']);
    await admin('notice', 'update', '4', '--state', 'resolved');
    await admin('notice', 'update', '3', '--state', 'complete');
    expect(await check()).toEqual([0, 'operational\n']);

    const json = JSON.parse((await pulse(['status', '--check', '--json'])).stdout);
    expect(json).toEqual({ state: 'operational', component: null, components: [], notices: [] });
  });

  it('--component narrows the check to a component and its children, by name or id', async () => {
    await acme();
    await admin('component', 'set', '3', '--state', 'degraded');
    expect(await check('--component', 'API')).toEqual([8, 'degraded\n']);
    expect(await check('--component', 'auth')).toEqual([8, 'degraded\n']);
    expect(await check('--component', '3')).toEqual([8, 'degraded\n']);
    expect(await check('--component', 'Website')).toEqual([0, 'operational\n']);
    expect(await check('--component', '4')).toEqual([0, 'operational\n']);

    // Notices count where they name a component of the subtree; one naming none counts everywhere.
    await admin('component', 'set', '3', '--state', 'operational');
    await admin(
      'notice',
      'add',
      '--type',
      'planned',
      '--subject',
      'Auth upgrade',
      '--component',
      '2',
      '--begins-at',
      '2026-11-23T11:00:00Z',
      '--ends-at',
      '2026-11-23T12:00:00Z',
    );
    await admin('notice', 'update', '1', '--state', 'underway');
    expect(await check('--component', 'API')).toEqual([9, 'under_maintenance\n']);
    expect(await check('--component', 'Auth')).toEqual([9, 'under_maintenance\n']);
    expect(await check('--component', 'Billing')).toEqual([0, 'operational\n']);
    expect(await check('--component', 'Website')).toEqual([0, 'operational\n']);
    await admin('notice', 'add', '--type', 'unplanned', '--subject', 'Everything is slow');
    const website = await pulse(['status', '--check', '--component', 'Website']);
    expect(website).toEqual({
      exitCode: 8,
      stdout: 'degraded\n',
      stderr: 'incident #2 Everything is slow: investigating\n',
    });
    const json = JSON.parse((await pulse(['status', '--check', '--component', 'Billing', '--json'])).stdout);
    expect(json).toMatchObject({ state: 'degraded', component: { id: 3, name: 'Billing' }, components: [] });
    expect(json.notices.map((n: { id: number }) => n.id)).toEqual([2]);

    const unknown = await pulse(['status', '--check', '--component', 'Payments']);
    expect(unknown).toEqual({
      exitCode: 3,
      stdout: '',
      stderr:
        'pulse: --component: no component Payments on the status page (its components: API, Auth, Billing, Website)\n',
    });
    expect((await pulse(['status', '--check', '--component', '99'])).exitCode).toBe(3);
    await admin('component', 'add', '--name', 'auth');
    const ambiguous = await pulse(['status', '--check', '--component', 'Auth']);
    expect([ambiguous.exitCode, ambiguous.stderr]).toEqual([
      2,
      'pulse: --component: 2 components are named Auth (ids 2, 5); name one by id\nRun with --help for usage.\n',
    ]);
  });

  it('--fail-on picks the states that fail', async () => {
    await acme();
    await admin('component', 'set', '1', '--state', 'degraded');
    expect(await check('--fail-on', 'maintenance')).toEqual([0, 'degraded\n']);
    expect(await check('--fail-on', 'degraded')).toEqual([8, 'degraded\n']);
    expect(await check('--fail-on', 'degraded,maintenance')).toEqual([8, 'degraded\n']);
    await admin('component', 'set', '4', '--state', 'under_maintenance');
    expect(await check('--fail-on', 'degraded')).toEqual([0, 'under_maintenance\n']);
    expect(await check('--fail-on', 'maintenance')).toEqual([9, 'under_maintenance\n']);
    expect(await check('--fail-on', 'under_maintenance')).toEqual([9, 'under_maintenance\n']);
    expect(await check('--component', 'API', '--fail-on', 'maintenance')).toEqual([0, 'degraded\n']);

    const bad = await pulse(['status', '--check', '--fail-on', 'down']);
    expect([bad.exitCode, bad.stdout, bad.stderr]).toEqual([
      2,
      '',
      'pulse: --fail-on takes degraded, maintenance or degraded,maintenance: down\nRun with --help for usage.\n',
    ]);
    const alone = await pulse(['status', '--fail-on', 'degraded']);
    expect([alone.exitCode, alone.stderr]).toEqual([
      2,
      'pulse: --fail-on goes with --check\nRun with --help for usage.\n',
    ]);
  });

  it('lists components as a tree, and notices a page at a time or all of them', async () => {
    await acme();
    await admin('component', 'set', '2', '--state', 'degraded');
    expect((await pulse(['status', 'components'])).stdout).toBe(
      [
        '1\tAPI\toperational\t\tthe public API',
        '2\tAuth\tdegraded\t1\t',
        '3\tBilling\toperational\t2\t',
        '4\tWebsite\toperational\t\t',
        '',
      ].join('\n'),
    );
    const terminal = await pulse(['status', 'components', '--no-color'], { stdoutIsTTY: true });
    expect(terminal.stdout.split('\n').map((line) => line.trimEnd())).toEqual([
      'ID  NAME         STATE        DESCRIPTION',
      '1   API          operational  the public API',
      '2     Auth       degraded',
      '3       Billing  operational',
      '4   Website      operational',
      '',
    ]);
    expect(JSON.parse((await pulse(['status', 'components', '--json'])).stdout)).toHaveLength(4);

    // 27 notices: more than a page of 25. Planned ones, so the page stays operational.
    const opened = await openInstance(store, { clock, publicUrl: 'http://127.0.0.1:8080' });
    try {
      for (let i = 1; i <= 26; i++) {
        await opened.statusAdmin.addNotice({
          type: 'planned',
          subject: `Window ${i}`,
          begins_at: '2026-12-01T01:00:00Z',
          ends_at: '2026-12-01T02:00:00Z',
        });
      }
      await opened.statusAdmin.addNotice({ type: 'unplanned', subject: 'Blip' });
      await opened.statusAdmin.updateNotice(27, { state: 'resolved', content: 'Gone.' });
    } finally {
      await opened.close();
    }
    const first = await pulse(['status', 'notices']);
    const rows = first.stdout.trimEnd().split('\n');
    expect(rows).toHaveLength(25);
    expect(rows[0]).toBe(
      '27\tunplanned\tpast_recent\tresolved\tBlip\t2026-11-23T10:00:00Z\t2026-11-23T10:00:00Z',
    );
    expect(rows[1]).toBe(
      '26\tplanned\tfuture\tscheduled\tWindow 26\t2026-12-01T01:00:00Z\t2026-12-01T02:00:00Z',
    );
    expect(first.stderr).toBe('Showing 25 of 27 notices; --all lists every page.\n');
    const all = await pulse(['status', 'notices', '--all', '--json']);
    expect([all.stderr, JSON.parse(all.stdout).map((n: { id: number }) => n.id)]).toEqual([
      '',
      Array.from({ length: 27 }, (_, i) => 27 - i),
    ]);
    const planned = JSON.parse(
      (await pulse(['status', 'notices', '--type', 'planned', '--all', '--json'])).stdout,
    );
    expect(planned).toHaveLength(26);
    const past = await pulse(['status', 'notices', '--timeline', 'past_recent']);
    expect(past.stdout.trimEnd().split('\n')).toEqual([rows[0]]);
    // past: every ended notice, recent or distant.
    const ended = await pulse(['status', 'notices', '--timeline', 'past', '--type', 'unplanned']);
    expect([ended.exitCode, ended.stdout.trimEnd().split('\n')]).toEqual([0, [rows[0]]]);
    expect((await pulse(['status', 'notices', '--timeline', 'ended'])).exitCode).toBe(2);
    expect((await pulse(['status', 'notices', '--type', 'outage'])).exitCode).toBe(2);
    // Every future notice is upcoming maintenance in the page's view (following next_page).
    expect((await pulse(['status'])).stdout.match(/ \(scheduled\)\n/g)).toHaveLength(26);
  });

  it('shows a notice with its components and every update', async () => {
    await acme();
    await admin(
      'notice',
      'add',
      '--type',
      'planned',
      '--subject',
      'Auth upgrade',
      '--component',
      '2',
      '--component',
      '4',
      '--begins-at',
      '2026-11-23T11:00:00Z',
      '--ends-at',
      '2026-11-23T13:00:00Z',
      '--content',
      'Planned for an hour or two.',
    );
    clock.set('2026-11-23T11:00:00Z');
    await admin('notice', 'update', '1', '--state', 'underway');
    clock.set('2026-11-23T12:30:00Z');
    await admin('notice', 'update', '1', '--state', 'complete', '--content', 'Done.');
    const result = await pulse(['status', 'notice', '1']);
    expect(result.stdout).toBe(
      [
        '#1 Auth upgrade',
        'Type        planned (maintenance)',
        'State       complete',
        'Timeline    past_recent',
        'Window      2026-11-23 11:00 to 13:00 UTC',
        'Began       2026-11-23 11:00 UTC',
        'Ended       2026-11-23 12:30 UTC',
        'Components  Auth (operational), Website (operational)',
        '',
        'Updates, newest first',
        '  complete, 2026-11-23 12:30 UTC:',
        '    Done.',
        '  underway, 2026-11-23 11:00 UTC',
        '  scheduled, 2026-11-23 10:00 UTC:',
        '    Planned for an hour or two.',
        '',
      ].join('\n'),
    );
    clock.set('2026-12-01T12:30:00Z');
    expect(JSON.parse((await pulse(['status', 'notice', '1', '--json'])).stdout).timeline_state).toBe(
      'past_distant',
    );
    expect((await pulse(['status', 'notice', '2'])).exitCode).toBe(3);
    const bad = await pulse(['status', 'notice', 'one']);
    expect([bad.exitCode, bad.stderr]).toEqual([
      2,
      'pulse: the notice id must be an id (a positive integer): one\nRun with --help for usage.\n',
    ]);
  });
});

describe('pulse status wait', () => {
  it('polls until the state is reached, reporting changes (not every poll) on stderr', async () => {
    await acme();
    await admin('component', 'set', '2', '--state', 'degraded');
    const changes: Record<number, string> = { 2: 'under_maintenance', 4: 'operational' };
    let polls = 0;
    const result = await pulse(['status', 'wait'], {
      sleep: async (ms) => {
        sleeps.push(ms);
        clock.advance(ms);
        const next = changes[++polls];
        if (next) await admin('component', 'set', '2', '--state', next);
      },
    });
    expect(result).toEqual({
      exitCode: 0,
      stdout: 'operational\n',
      stderr: [
        'pulse: status is degraded at 10:00:00 UTC; waiting up to 10m for operational',
        'pulse: status is under_maintenance at 10:00:30 UTC',
        'pulse: status is operational at 10:01:00 UTC',
        '',
      ].join('\n'),
    });
    expect(sleeps).toEqual([15_000, 15_000, 15_000, 15_000]);
  });

  it('returns at once when the state is already one of --for', async () => {
    await acme();
    await admin('component', 'set', '4', '--state', 'under_maintenance');
    const result = await pulse(['status', 'wait', '--for', 'degraded,maintenance']);
    expect([result.exitCode, result.stdout]).toEqual([0, 'under_maintenance\n']);
    expect(sleeps).toEqual([]);
    const api = await pulse(['status', 'wait', '--component', 'API', '--timeout', '0s']);
    expect([api.exitCode, api.stdout]).toEqual([0, 'operational\n']);
  });

  it('times out with the --check code of the last state seen', async () => {
    await acme();
    await admin('component', 'set', '2', '--state', 'degraded');
    const degraded = await pulse(['status', 'wait', '--timeout', '1m', '--interval', '15s']);
    expect(degraded).toEqual({
      exitCode: 8,
      stdout: 'degraded\n',
      stderr: [
        'pulse: status is degraded at 10:00:00 UTC; waiting up to 1m for operational',
        'pulse: timed out after 1m waiting for operational: the status is degraded',
        '',
      ].join('\n'),
    });
    expect(sleeps).toEqual([15_000, 15_000, 15_000, 15_000]);

    await admin('component', 'set', '4', '--state', 'under_maintenance');
    sleeps = [];
    const maintenance = await pulse(['status', 'wait', '--timeout', '20s', '--interval', '15s']);
    expect([maintenance.exitCode, maintenance.stdout]).toEqual([9, 'under_maintenance\n']);
    expect(sleeps).toEqual([15_000, 5_000]);
    // Waiting for a part that stays operational: a timeout is a failure all the same.
    const website = await pulse([
      'status',
      'wait',
      '--component',
      'Billing',
      '--for',
      'degraded',
      '--timeout',
      '1s',
      '--interval',
      '500ms',
    ]);
    expect([website.exitCode, website.stdout, website.stderr.split('\n')[1]]).toEqual([
      1,
      'operational\n',
      'pulse: timed out after 1s waiting for degraded: the status is operational',
    ]);

    // A clock that never moves still times out: the waits asked for are counted.
    const fixed = await runInProcess(
      ['--store', store, 'status', 'wait', '--timeout', '30s', '--interval', '10s'],
      { env },
    );
    expect([fixed.exitCode, fixed.stdout]).toEqual([9, 'under_maintenance\n']);

    const stopped = await pulse(['status', 'wait'], { shutdown: AbortSignal.abort() });
    expect([stopped.exitCode, stopped.stderr.split('\n')[1]]).toEqual([
      130,
      'pulse: stopped waiting for the status page',
    ]);
  });

  it('refuses bad durations and states (exit 2)', async () => {
    const bad: [string[], string][] = [
      [['--timeout', '10'], '--timeout must be a number with ms, s, m or h (e.g. 500ms, 15s, 10m, 1h): 10'],
      [['--timeout', '1d'], '--timeout must be a number with ms, s, m or h (e.g. 500ms, 15s, 10m, 1h): 1d'],
      [['--interval', '100ms'], '--interval must be at least 200ms: 100ms'],
      [
        ['--for', 'up'],
        '--for takes a comma-separated list of operational, degraded, under_maintenance (or maintenance): up',
      ],
      [['--for', 'operational,'], '--for takes a comma-separated list'],
    ];
    for (const [args, message] of bad) {
      const result = await pulse(['status', 'wait', ...args]);
      expect([args, result.exitCode, result.stdout]).toEqual([args, 2, '']);
      expect(result.stderr).toContain(`pulse: ${message}`);
    }
    const unknown = await pulse(['status', 'wait', '--component', 'API']);
    expect(unknown.exitCode).toBe(3);
    expect(sleeps).toEqual([]);
  });

  it('takes the options of `pulse status` given before it, and refuses the others', async () => {
    await acme();
    const before = await pulse(['status', '--component', 'API', 'wait', '--timeout', '0s']);
    expect([before.exitCode, before.stdout]).toEqual([0, 'operational\n']);
    const unknown = await pulse(['status', '--component', 'Nope', 'wait']);
    expect(unknown.exitCode).toBe(3);
    const check = await pulse(['status', '--check', 'wait']);
    expect([check.exitCode, check.stderr]).toEqual([
      2,
      'pulse: --check is not an option of pulse status wait\nRun with --help for usage.\n',
    ]);
    expect((await pulse(['status', '--json', 'components'])).stdout).toMatch(/^\[/);
  });
});
