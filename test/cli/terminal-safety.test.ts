/**
 * Other people's text on a terminal: every escape sequence it holds (SGR colours and conceal, 8-bit CSI,
 * OSC 8 hyperlinks, OSC 52 clipboard writes) is removed wherever it is printed, while pulse's own colours
 * stay. Through the real binary in a real pseudo-terminal.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/store/sqlite-driver.js';
import { BIN, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { spawnInTerminal } from '../helpers/pty.js';
import { tempDir } from '../helpers/temp.js';

/** Conceal, a colour, a reset, an 8-bit CSI (erase the screen), a hyperlink and a clipboard write. */
const HOSTILE =
  'a\u001b[8mhidden\u001b[0m b\u001b[31mred c\u009b2Jd ' +
  '\u001b]8;;https://evil.test/\u0007link\u001b]8;;\u0007 e\u001b]52;c;ZXZpbA==\u0007f';
/** What is left of it to read. */
const READABLE = 'ahidden bred cd link ef';
const FOREIGN = ['\u001b[8m', '\u001b[0m', '\u001b[31mred', '\u009b', '\u001b]8;', '\u001b]52;', 'ZXZpbA'];

const ESC = '\u001b';

let env: Record<string, string>;
let store: string;
let checkInId: string;

beforeAll(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  const pulse = async (args: string[]) => {
    const result = await runInProcess(['--store', store, ...args], { env });
    if (result.exitCode !== 0) throw new Error(`pulse ${args.join(' ')}: ${result.stderr}`);
    return result;
  };
  await pulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']);
  const checkIn = await pulse([
    'checkin',
    '--previous',
    'x',
    '--intentions',
    'x',
    '--blockers',
    'none',
    '--json',
  ]);
  checkInId = JSON.parse(checkIn.stdout).id;
  await pulse(['checkin', 'comment', checkInId, '--body', 'x']);
  // Every interface refuses control characters (the text rule, core/text.ts), but a store written before
  // it, or by another program, may hold them: written into the store directly.
  const db = openSqlite(store);
  db.prepare('UPDATE check_ins SET previous = ?, intentions = ? WHERE id = ?').run(
    HOSTILE,
    HOSTILE,
    checkInId,
  );
  db.prepare('UPDATE comments SET body = ?').run(HOSTILE);
  db.close();
});

/** The command's output through a real terminal, as written. */
async function onTerminal(args: string[]): Promise<string> {
  const terminal = spawnInTerminal([BIN, '--store', store, ...args], { ...env, TERM: 'xterm-256color' });
  expect(await terminal.exited).toBe(0);
  return terminal.raw();
}

describe('other people’s text on a terminal', () => {
  it.each([
    ['a check-in', () => ['checkin', 'view', checkInId], READABLE],
    // The table cuts the cell to its width.
    ['the check-in list', () => ['checkin', 'list'], `${READABLE.slice(0, 14)}…`],
    ['comments', () => ['checkin', 'comments', checkInId], READABLE],
  ])('%s: escape sequences removed, pulse’s colours kept', async (_what, args, readable) => {
    const raw = await onTerminal(args());
    expect(raw).toContain(readable);
    for (const sequence of FOREIGN) expect(raw).not.toContain(sequence);
    // pulse's own emphasis (bold headers or names) is still written.
    expect(raw).toContain(`${ESC}[1m`);
  });
});
