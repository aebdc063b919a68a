/**
 * Every pulse command given bad flags, bad arguments and bad input files: one line on stderr naming the
 * flag, the argument or the file's line, exit 2 (or 3 for something not found), the store unchanged.
 * Commands come from the program's tree (cli-input-cases.ts), so a new command or option without its
 * cases fails "knows every command and option". A few cases run the real binary end to end.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { execPulse } from '../helpers/cli.js';
import { storeChecksum } from '../helpers/store-checksum.js';
import {
  addCases,
  argumentsOf,
  attempt,
  badValues,
  env,
  expectRefused,
  failures,
  leaves,
  line,
  namesOf,
  pristine,
  pristineSum,
  REQUIRED,
  useSeededStore,
  work,
} from './cli-input-cases.js';

useSeededStore('cli-bad-input');

describe('every command', () => {
  it('refuses an unknown flag, a value option without its value, a missing required option or argument, and extra arguments', async () => {
    failures.length = 0;
    for (const leaf of leaves()) {
      const key = leaf.path.join(' ');
      const args = line(leaf);
      await expectRefused([...args, '--bogus-flag'], ['--bogus-flag']);
      for (const option of leaf.valueOptions) {
        if (option.optional) continue;
        await expectRefused([...args, option.long as string], [option.long as string]);
      }
      const required = REQUIRED[key] ?? [];
      for (let index = 0; index < required.length; index += 2) {
        const without = [
          ...leaf.path,
          ...(argumentsOf[key] ?? []),
          ...required.filter((_, at) => at !== index && at !== index + 1),
        ];
        await expectRefused(without, [required[index] as string]);
      }
      const positional = leaf.command.registeredArguments;
      if (positional.some((argument) => argument.required)) {
        await expectRefused([...leaf.path, ...required], [`'${positional[0]?.name()}'`]);
      }
      if (
        !positional.some((argument) => argument.variadic) &&
        (argumentsOf[key] ?? []).length === positional.length
      ) {
        await expectRefused([...args, 'extra-word'], ['too many arguments', 'extra-word']);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses bad arguments: malformed and unknown ids, impossible dates, unknown names', async () => {
    failures.length = 0;
    for (const leaf of leaves()) {
      const key = leaf.path.join(' ');
      const given = argumentsOf[key] ?? [];
      // A file's name is tried by the file tests below (backup's by test/cli/backup.test.ts: any word is a
      // name it may write); a tag is any word (an unknown one lists nothing).
      if (key === 'absence import' || key === 'backup') continue;
      const codes = key === 'team tag' ? [0, 2, 3] : [2, 3];
      for (const [index, argument] of leaf.command.registeredArguments.entries()) {
        if (index >= given.length || argument.variadic) continue;
        for (const value of BAD_ARGUMENTS) {
          const args = [...leaf.path, ...given.slice(0, index), value, ...given.slice(index + 1)];
          // "no such token" and the like: a refused id is not always quoted, but always said not found.
          const names = [...namesOf(`--${argument.name()}`, value), 'no such', 'not found'];
          const context = [...(REQUIRED[key] ?? []), ...(ARGUMENT_CONTEXT[key] ?? [])];
          await expectRefused([...args, ...context], names, codes);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('knows every command and option: a new one needs its bad values here', () => {
    const missing: string[] = [];
    for (const leaf of leaves()) {
      const key = leaf.path.join(' ');
      const required = leaf.command.registeredArguments.filter((argument) => argument.required);
      if (required.length > (argumentsOf[key] ?? []).length) missing.push(`${key}: arguments`);
      for (const option of leaf.command.options.filter((option) => option.mandatory)) {
        if (!(REQUIRED[key] ?? []).includes(option.long as string)) missing.push(`${key} ${option.long}`);
      }
      for (const option of leaf.valueOptions) {
        if (badValues(key, option.long as string, leaf.command) === undefined)
          missing.push(`${key} ${option.long}: bad values`);
      }
    }
    expect(missing).toEqual([]);
    expect(leaves().length).toBeGreaterThanOrEqual(85);
  });
});

/** What a command needs besides its arguments to get as far as reading them. */
const ARGUMENT_CONTEXT: Record<string, string[]> = {
  'checkin comment': ['--body', 'b'],
  'goal update comment': ['--body', 'b'],
  'goal update edit': ['--title', 'T'],
  'goal edit': ['--title', 'T'],
  'echo edit': ['--title', 'T'],
  'admin person edit': ['--name', 'Zed'],
};
const BAD_ARGUMENTS = [
  'not-a-uuid',
  '00000000-0000-4000-8000-000000000000',
  '2026-02-30',
  '../../etc/passwd',
  '\u0000\u001b[2J',
  'x'.repeat(10_000),
];

describe('bad input files', () => {
  const file = (name: string, content: string | Buffer) => {
    const path = join(work, name);
    writeFileSync(path, content);
    return path;
  };
  const binary = () => Buffer.from(Array.from({ length: 2048 }, (_, index) => (index * 37) % 256));

  it('absence import: a bad line is named by its number, and only the good lines are applied (exit 1)', async () => {
    // By design (docs/decisions.md) an import applies every good row and reports each bad one by its
    // line: exit 1, and a re-run after fixing the file finishes the job. Rows are checked before any
    // is written, so a bad row is never half applied; --dry-run changes nothing.
    const csv: [string, number][] = [
      ['member,date\nben@example.com,2026-12-01\nben@example.com,2026-02-30\n', 3],
      ['member,date\nben@example.com,2026-12-01\nben@example.com\n', 3],
      ['member,from,to\nben@example.com,2026-12-01,2026-12-03\nben@example.com,2026-12-05,2026-12-04\n', 3],
      ['member,date\nben@example.com,2026-12-01\nben@example.com,someday\n', 3],
      [
        'member,date\nben@example.com,2026-12-01\n\n# a comment\nben@example.com,2026-12-02,2026-12-01,x\n',
        5,
      ],
    ];
    const ics = (body: string) =>
      `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n${body}END:VCALENDAR\r\n`;
    const event = (start: string) =>
      `BEGIN:VEVENT\r\nUID:x-${start}\r\nDTSTART;VALUE=DATE:${start}\r\nSUMMARY:Off\r\nEND:VEVENT\r\n`;
    const files = [
      ...csv.map(([content, line], index) => ({ path: file(`bad-${index}.csv`, content), line, extra: [] })),
      { path: file('bad.ics', ics(event('20261201') + event('20260230'))), line: 9, extra: ['--holidays'] },
    ];
    for (const { path, line, extra } of files) {
      const result = await attempt(['absence', 'import', path, ...extra]);
      expect(result.exitCode, result.stdout).toBe(1);
      expect(result.stdout).toMatch(new RegExp(`failed: line ${line}: `));
      expect(result.stdout).toMatch(/\bcreated\b/);
      expect(result.stderr).toMatch(/^\d+ dates: \d+ created, 1 failed\n$/);
      expect(result.changed).toBe(true);
      const dry = await attempt(['absence', 'import', path, '--dry-run', ...extra]);
      expect([dry.exitCode, dry.changed]).toEqual([1, false]);
      expect(dry.stdout).toMatch(new RegExp(`failed: line ${line}: `));
      addCases(2);
    }
  });

  it('absence import: a file that is not CSV or iCalendar at all is refused whole, exit 2, nothing changed', async () => {
    failures.length = 0;
    await expectRefused(
      ['absence', 'import', file('quote.csv', 'ben@example.com,2026-12-01\n"ben@example.com,2026-12-02\n')],
      ['line 2'],
    );
    await expectRefused(
      ['absence', 'import', file('card.ics', 'BEGIN:VCARD\r\nEND:VCARD\r\n'), '--holidays'],
      ['line 1'],
    );
    await expectRefused(
      ['absence', 'import', file('open.ics', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\n'), '--holidays'],
      ['line'],
    );
    // An empty CSV is an export with nobody off: nothing to do, exit 0, nothing changed.
    const empty = await attempt(['absence', 'import', file('empty.csv', '')]);
    expect([empty.exitCode, empty.changed, empty.stderr]).toEqual([0, false, '0 dates\n']);
    for (const [name, content] of [
      ['empty.ics', ''],
      ['binary.csv', binary()],
      ['binary.ics', binary()],
    ] as const) {
      const path = file(name, content);
      const extra = name.endsWith('.ics') ? ['--holidays'] : [];
      await expectRefused(['absence', 'import', path, ...extra], [path, name, 'line'], [2]);
    }
    await expectRefused(['absence', 'import', join(work, 'missing.csv')], ['missing.csv']);
    await expectRefused(['absence', 'import', work], [work]);
    expect(failures).toEqual([]);
  });

  it('checkin --file: missing, empty, binary, bad JSON and a bad Markdown line, named', async () => {
    failures.length = 0;
    const cases: [string | Buffer, string[]][] = [
      ['{"previous": "x", "mood": "ecstatic"}', ['mood']],
      ['{"previous": 7}', ['previous']],
      ['{"previous": "x",', ['not valid JSON']],
      ['[1, 2]', ['JSON object']],
      ['## Previous\nx\n## Mood\necstatic\n', [':3']],
      ['## Previous\nx\n## Completed\nmaybe\n', [':3']],
      ['stray text\n## Previous\nx\n', [':1']],
      [binary(), ['.md']],
      ['', ['nothing to change']],
    ];
    for (const [index, [content, names]] of cases.entries()) {
      await expectRefused(['checkin', '--file', file(`answers-${index}.md`, content)], names);
    }
    await expectRefused(['checkin', '--file', join(work, 'missing.md')], ['--file', 'missing.md']);
    expect(failures).toEqual([]);
  });
});

describe('the real binary', () => {
  it('exits 2 with one line for a bad flag, value and file, and 3 for an unknown id', async () => {
    const store = join(work, 'binary.db');
    copyFileSync(pristine, store);
    const run = (args: string[]) => execPulse([...args, '--store', store], { env });
    const results = await Promise.all([
      run(['checkin', 'list', '--bogus-flag']),
      run(['digest', '--since', '2026-02-30T02:00:00Z']),
      run(['checkin', 'list', '--limit', '0']),
      run(['absence', 'import', join(work, 'missing.csv')]),
      run(['goal', 'view', '00000000-0000-4000-8000-000000000000']),
    ]);
    expect(results.map((result) => [result.exitCode, result.stderr.split('\n')[0]])).toEqual([
      [2, "pulse: unknown option '--bogus-flag'"],
      [2, 'pulse: --since: not a date-time with a zone: 2026-02-30T02:00:00Z (e.g. 2026-11-23T09:00:00Z)'],
      [2, 'pulse: --limit must be a whole number of at least 1: 0'],
      [2, `pulse: FILE: cannot read ${join(work, 'missing.csv')}: no such file`],
      [3, expect.stringMatching(/^pulse: /)],
    ]);
    expect(storeChecksum(store)).toBe(pristineSum);
  }, 120_000);
});
