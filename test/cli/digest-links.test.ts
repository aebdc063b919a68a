/**
 * What `pulse digest` shows a person to open an entry's item: the command that shows it, never the v2
 * address (which points nowhere locally and answers JSON remotely). Through the real binary, on a local
 * store and against `pulse serve`, on a terminal (a pseudo-terminal) and piped.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, execPulse, initAnaAndBen, isolatedEnv, type Result } from '../helpers/cli.js';
import { spawnInTerminal } from '../helpers/pty.js';
import { startServe } from '../helpers/serve-process.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
let checkInId: string;
let checkInDate: string;
let goalId: string;
let updateId: string;

const local = async (args: string[]): Promise<Result> => {
  const result = await execPulse(['--store', store, ...args], { env });
  expect(result.exitCode, result.stderr).toBe(0);
  return result;
};

beforeAll(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await initAnaAndBen(local);
  const ben = ['--as', 'ben@example.com'];
  const checkIn = JSON.parse(
    (
      await local([
        ...ben,
        'checkin',
        '--previous',
        'the parser',
        '--intentions',
        'tests',
        '--blockers',
        'none',
        '--json',
      ])
    ).stdout,
  );
  checkInId = checkIn.id;
  checkInDate = checkIn.date;
  goalId = JSON.parse(
    (await local([...ben, 'goal', 'create', '--title', 'Ship v2', '--team', 'Core', '--json'])).stdout,
  ).id;
  updateId = (await local([...ben, 'goal', 'update', 'create', goalId, '--progress', '40'])).stdout.trim();
  // Ana comments on Ben's check-in: Ben's digest gets the comment.
  await local(['checkin', 'comment', checkInId, '--body', 'nice work']);
});

/** The digest's rows, each without its first field (the entry's id). */
const rowsOf = (result: Result) =>
  result.stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t').slice(1));

/** The digest on a terminal, as a person sees it (no colour). */
async function onTerminal(args: string[], terminalEnv: Record<string, string>): Promise<string> {
  const terminal = spawnInTerminal(
    [BIN, ...args, 'digest'],
    { ...terminalEnv, NO_COLOR: '1' },
    { cols: 200, rows: 50 },
  );
  expect(await terminal.exited).toBe(0);
  return terminal.output().replace(/\r\n/g, '\n');
}

describe.each([
  { mode: 'local', remote: false },
  { mode: 'remote', remote: true },
])('pulse digest ($mode)', ({ remote }) => {
  let ana: { args: string[]; env: Record<string, string> };
  let ben: { args: string[]; env: Record<string, string> };

  beforeAll(async () => {
    if (!remote) {
      ana = { args: ['--store', store], env };
      ben = { args: ['--store', store, '--as', 'ben@example.com'], env };
      return;
    }
    const anaToken = (await local(['admin', 'token', 'create', '--person', 'ana@example.com'])).stdout;
    const benToken = (await local(['admin', 'token', 'create', '--person', 'ben@example.com'])).stdout;
    const server = await startServe(['--store', store], env);
    ana = { args: [], env: isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TOKEN: anaToken }) };
    ben = { args: [], env: isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TOKEN: benToken }) };
  });

  it('ends each line on a terminal with the command that shows the item', async () => {
    const lines = (await onTerminal(ana.args, ana.env)).split('\n');
    // The goal and its update were published in the same second: their order is not fixed.
    expect([...lines.slice(0, 3), ...lines.slice(3, 5).sort(), ...lines.slice(5)]).toEqual([
      'Check-ins',
      `• Ben Okafor's check-in for ${checkInDate}  pulse checkin view ${checkInId}`,
      'Goals',
      `• Ben Okafor updated "Ship v2": 40%, On track  pulse goal update view ${updateId}`,
      `• Ben Okafor's goal "Ship v2"  pulse goal view ${goalId}`,
      '',
    ]);
    expect(await onTerminal(ben.args, ben.env)).toBe(
      ['Comments', `• Ana Diaz commented: nice work  pulse checkin comments ${checkInId}`, ''].join('\n'),
    );
  });

  it('gives the command as the last field of a piped row, and keeps the v2 address in --json', async () => {
    const rows = rowsOf(await execPulse([...ana.args, 'digest'], { env: ana.env }));
    expect(rows.map((row) => [row[0], row.at(-1)]).sort()).toEqual([
      ['check-in', `pulse checkin view ${checkInId}`],
      ['goal', `pulse goal update view ${updateId}`],
      ['goal', `pulse goal view ${goalId}`],
    ]);
    for (const row of rows) expect(row.join('\t')).not.toContain('/api/');
    const json = JSON.parse((await execPulse([...ana.args, 'digest', '--json'], { env: ana.env })).stdout);
    expect(
      json.map((entry: { resource: { url: string } }) => new URL(entry.resource.url).pathname).sort(),
    ).toEqual(
      [
        `/api/v2/check-ins/${checkInId}`,
        `/api/v2/goal-updates/${updateId}`,
        `/api/v2/goals/${goalId}`,
      ].sort(),
    );
  });
});
