/**
 * The text rule through the real binary on a local store: a flag's value, an answers file or an
 * operator's input holding NUL, a control character or bytes that are not UTF-8 is a usage error (exit
 * 2) naming the field or file, and nothing is written; multi-line text keeps tab and CR LF.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { execPulse, isolatedEnv } from '../helpers/cli.js';
import { storeChecksum } from '../helpers/store-checksum.js';
import { tempDir } from '../helpers/temp.js';

describe('text no store accepts, given to the CLI', () => {
  const dir = tempDir();
  const store = join(dir, 'pulse.db');
  const env = isolatedEnv();
  const pulse = (args: string[]) => execPulse(['--store', store, ...args], { env });
  const answers = (name: string, previous: Buffer) => {
    const file = join(dir, name);
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from('## Previous\n'),
        previous,
        Buffer.from('\n## Intentions\nReview\n## Blockers\nNone\n'),
      ]),
    );
    return file;
  };

  beforeAll(async () => {
    const init = await pulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']);
    expect(init.exitCode, init.stderr).toBe(0);
  });

  it.each([
    [
      ['goal', 'create', '--title', 'Ship\u001b[8mit'],
      'pulse: title must not contain control characters (only tab and line breaks)',
    ],
    [['goal', 'create', '--title', 'Ship\nit'], 'pulse: title must be one line (no line breaks)'],
    [
      ['goal', 'create', '--title', 'Ship', '--description', 'a\u0085b'],
      'pulse: description must not contain control characters (only tab and line breaks)',
    ],
    [
      ['admin', 'person', 'add', '--name', 'Fay\u0007', '--email', 'fay@example.com'],
      'pulse: name must not contain control characters (only tab and line breaks)',
    ],
    [
      ['admin', 'team', 'add', '--name', 'Design\rTeam'],
      'pulse: name must not contain control characters (only tab and line breaks)',
    ],
  ])('%j is exit 2 naming the field, and writes nothing', async (args, message) => {
    const before = storeChecksum(store);
    const result = await pulse(args);
    expect([result.exitCode, result.stderr]).toEqual([2, message]);
    expect(storeChecksum(store)).toBe(before);
  });

  it('refuses NUL in an answers file (exit 2, naming the answer) and bytes that are not UTF-8 (naming the file)', async () => {
    const nul = await pulse(['checkin', '--file', answers('nul.md', Buffer.from('Shipped \u0000 it'))]);
    expect([nul.exitCode, nul.stderr]).toEqual([2, 'pulse: previous must not contain NUL (\\u0000)']);
    const file = answers('latin1.md', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0xed, 0xa0, 0x80]));
    const notUtf8 = await pulse(['checkin', '--file', file]);
    expect([notUtf8.exitCode, notUtf8.stderr]).toEqual([
      2,
      `pulse: --file: ${file}: not UTF-8 text (save it as UTF-8)\nRun with --help for usage.`,
    ]);
    // No answer was stored (reading today's check-in may create its row, so no checksum here).
    const answered = await pulse(['checkin', 'list', '--json', 'previous']);
    expect([answered.exitCode, answered.stdout]).toEqual([0, '[]']);
  });

  it('keeps a tab in a title and CR LF in a description', async () => {
    const result = await pulse([
      'goal',
      'create',
      '--title',
      'Ship\tit',
      '--description',
      'one\r\ntwo',
      '--json',
      'title,description',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ title: 'Ship\tit', description: 'one\r\ntwo' });
  });
});
