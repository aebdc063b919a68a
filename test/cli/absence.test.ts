/**
 * `pulse absence` on a local store, in-process with a fixed clock (Monday 2026-11-23): member absences
 * and team holidays, the per-date report, dry runs, CSV and .ics imports, and the progress bar.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutputStream } from '../../src/cli/context.js';
import { progressBar } from '../../src/cli/progress.js';
import { addDays } from '../../src/core/time.js';
import { openSqliteRepository } from '../../src/store/open.js';
import { initAnaAndBen, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
let dir: string;
const pulse = (args: string[], options: Parameters<typeof runInProcess>[1] = {}) =>
  runInProcess(['--store', store, ...args], { env, ...options });

beforeEach(async () => {
  env = isolatedEnv();
  dir = tempDir();
  store = join(dir, 'pulse.db');
  await initAnaAndBen(pulse);
});

/**
 * Every absence in the store from 2026-11-01 on for about two and a half years, read from the database
 * itself: "ana 2026-12-24" (a member's) and "team 2026-12-25" (a holiday of Core), sorted.
 */
async function stored(): Promise<string[]> {
  const repo = await openSqliteRepository(store);
  try {
    const names = new Map<string, string>();
    for (const name of ['ana', 'ben']) {
      const person = await repo.findPersonByEmail(`${name}@example.com`);
      names.set(person?.id as string, name);
    }
    const core = (await repo.findTeamByName('Core'))?.id as string;
    const dates = Array.from({ length: 900 }, (_, days) => addDays('2026-11-01', days));
    const members = [...(await repo.memberAbsences([...names.keys()], dates))].map((key) => {
      const [id, date] = key.split('|');
      return `${names.get(id as string)} ${date}`;
    });
    const teams = [...(await repo.teamAbsences([core], dates))].map((key) => `team ${key.split('|')[1]}`);
    return [...members, ...teams].sort();
  } finally {
    await repo.close();
  }
}

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('pulse absence add|remove', () => {
  it('adds one date (created), reports already set on a re-run, and removes it', async () => {
    expect(await stored()).toEqual([]);
    const first = await pulse(['absence', 'add', 'ana-diaz', '--date', '2026-12-24']);
    expect(first).toEqual({
      exitCode: 0,
      stdout: '2026-12-24  ana-diaz  created\n',
      stderr: '1 date: 1 created\n',
    });
    expect(await stored()).toEqual(['ana 2026-12-24']);

    const again = await pulse(['absence', 'add', 'ana-diaz', '--date', '2026-12-24']);
    expect(again).toEqual({
      exitCode: 0,
      stdout: '2026-12-24  ana-diaz  already set\n',
      stderr: '1 date: 1 already set\n',
    });

    const removed = await pulse(['absence', 'remove', 'ana@example.com', '--date', '2026-12-24']);
    expect(removed).toEqual({
      exitCode: 0,
      stdout: '2026-12-24  ana-diaz  removed\n',
      stderr: '1 date: 1 removed\n',
    });
    expect(await stored()).toEqual([]);
    // Removing what is not there ends in the desired state, and says it was not set.
    const twice = await pulse(['absence', 'remove', 'ana-diaz', '--date', '2026-12-24']);
    expect(twice).toEqual({
      exitCode: 0,
      stdout: '2026-12-24  ana-diaz  not set\n',
      stderr: '1 date: 1 not set\n',
    });
  });

  it('defaults to me, the acting person, with date words read in their today', async () => {
    const result = await pulse(['--as', 'ben@example.com', 'absence', 'add', '--date', 'tomorrow']);
    expect(result).toEqual({
      exitCode: 0,
      stdout: '2026-11-24  ben-okafor  created\n',
      stderr: '1 date: 1 created\n',
    });
    expect(await stored()).toEqual(['ben 2026-11-24']);
    const me = await pulse(['absence', 'remove', 'me', '--date', '2026-11-24', '--as', 'ben@example.com']);
    expect(me.stdout).toBe('2026-11-24  ben-okafor  removed\n');
  });

  it('applies an explicit past date: the person asked for it', async () => {
    const result = await pulse(['absence', 'add', '--date', '2026-11-02']);
    expect([result.exitCode, result.stdout]).toEqual([0, '2026-11-02  ana-diaz  created\n']);
  });

  it('keeps monday to friday of a range with --weekdays, on the team named by --team', async () => {
    const result = await pulse([
      'absence',
      'add',
      'ben@example.com',
      '--from',
      '2026-12-24',
      '--to',
      '2027-01-04',
      '--weekdays',
      '--team',
      'Core',
    ]);
    expect(result).toEqual({
      exitCode: 0,
      stdout: [
        '2026-12-24  ben-okafor  created',
        '2026-12-25  ben-okafor  created',
        '2026-12-28  ben-okafor  created',
        '2026-12-29  ben-okafor  created',
        '2026-12-30  ben-okafor  created',
        '2026-12-31  ben-okafor  created',
        '2027-01-01  ben-okafor  created',
        '2027-01-04  ben-okafor  created',
        '',
      ].join('\n'),
      stderr: '8 dates: 8 created\n',
    });
  });

  it('--dry-run shows what would change and changes nothing', async () => {
    const range = ['--from', '2026-12-01', '--to', '2026-12-12'];
    const dry = await pulse(['absence', 'add', 'ben-okafor', ...range, '--dry-run']);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout.split('\n').slice(0, 2)).toEqual([
      '2026-12-01  ben-okafor  would add',
      '2026-12-02  ben-okafor  would add',
    ]);
    expect(dry.stderr).toBe('12 dates: 12 would add (dry run: nothing changed)\n');
    expect(await stored()).toEqual([]);

    const real = await pulse(['absence', 'add', 'ben-okafor', ...range]);
    expect(real.stdout.split('\n').slice(0, 2)).toEqual([
      '2026-12-01  ben-okafor  created',
      '2026-12-02  ben-okafor  created',
    ]);
    // Twelve dates, but stderr is no terminal: the summary alone, no progress bar.
    expect(real.stderr).toBe('12 dates: 12 created\n');

    const dryRemove = await pulse(['absence', 'remove', 'ben-okafor', '--date', '2026-12-01', '--dry-run']);
    expect(dryRemove.stdout).toBe('2026-12-01  ben-okafor  would remove\n');
    expect(await stored()).toHaveLength(12);

    // After the real run, a dry run tells the truth: set dates are already set, unset ones not set.
    const dryAgain = await pulse([
      'absence',
      'add',
      'ben-okafor',
      '--from',
      '2026-12-11',
      '--to',
      '2026-12-13',
      '--dry-run',
    ]);
    expect([dryAgain.stdout, dryAgain.stderr]).toEqual([
      '2026-12-11  ben-okafor  already set\n2026-12-12  ben-okafor  already set\n2026-12-13  ben-okafor  would add\n',
      '3 dates: 2 already set, 1 would add (dry run: nothing changed)\n',
    ]);
    const dryRemoveUnset = await pulse([
      'absence',
      'remove',
      'ben-okafor',
      '--date',
      '2026-12-13',
      '--dry-run',
    ]);
    expect(dryRemoveUnset.stdout).toBe('2026-12-13  ben-okafor  not set\n');
  });

  it('prints a JSON report with --json', async () => {
    await pulse(['absence', 'add', '--date', '2026-12-24']);
    const result = await pulse(['absence', 'add', '--from', '2026-12-24', '--to', '2026-12-25', '--json']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      results: [
        { member: 'ana-diaz', date: '2026-12-24', outcome: 'already_set' },
        { member: 'ana-diaz', date: '2026-12-25', outcome: 'created' },
      ],
      summary: {
        total: 2,
        created: 1,
        already_set: 1,
        removed: 0,
        would_add: 0,
        would_remove: 0,
        not_set: 0,
        interrupted: false,
        not_done: [],
        skipped: 0,
        duplicate: 0,
        failed: 0,
      },
    });
    expect(result.stderr).toBe('2 dates: 1 created, 1 already set\n');
    const team = await pulse(['absence', 'team', 'add', '--date', '2026-12-31', '--json']);
    expect(JSON.parse(team.stdout).results).toEqual([
      { member: null, date: '2026-12-31', outcome: 'created' },
    ]);
  });

  it('fails with exit 3 for an unknown member and changes nothing', async () => {
    const range = ['--from', '2026-12-01', '--to', '2026-12-02'];
    const slug = await pulse(['absence', 'add', 'zed', ...range]);
    expect(slug).toEqual({
      exitCode: 3,
      stdout: '',
      stderr: "pulse: no member 'zed' in this team. Name one by id, slug, email, @username, name or me.\n",
    });
    const email = await pulse(['absence', 'add', 'zed@example.com', ...range]);
    expect(email).toEqual({
      exitCode: 3,
      stdout: '',
      stderr: 'pulse: no member with email zed@example.com in this team\n',
    });
    // A member's email must match exactly, not merely contain the text.
    const partial = await pulse(['absence', 'add', 'ana@example', ...range]);
    expect(partial.exitCode).toBe(3);
    expect(await stored()).toEqual([]);
  });

  it.each([
    [
      ['--date', '2026-12-01', '--from', '2026-12-01', '--to', '2026-12-02'],
      '--date and --from/--to cannot be used together',
    ],
    [['--from', '2026-12-01'], '--from needs --to (the last date of the range)'],
    [['--to', '2026-12-01'], '--to needs --from (the first date of the range)'],
    [[], 'name the dates: --date DATE, or --from DATE --to DATE'],
    [['--from', '2026-12-02', '--to', '2026-12-01'], '--from 2026-12-02 is after --to 2026-12-01'],
    [
      ['--from', '2026-01-01', '--to', '2027-01-02'],
      '--to: a range covers at most 366 days; 2026-01-01 to 2027-01-02 is 367',
    ],
    [['--date', '2026-12-01', '--weekdays'], '--weekdays works with a range (--from and --to)'],
    [['--date', 'someday'], '--date: not a date: someday'],
  ])('is a usage error (exit 2) to give %j', async (flags, message) => {
    for (const command of [
      ['absence', 'add', 'zed'],
      ['absence', 'team', 'remove'],
    ]) {
      const result = await pulse([...command, ...flags]);
      expect(result.exitCode).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`pulse: ${message}`);
    }
  });
});

describe('pulse absence team add|remove', () => {
  it('marks the whole team absent and removes the holiday again', async () => {
    const added = await pulse(['absence', 'team', 'add', '--from', '2026-12-24', '--to', '2026-12-25']);
    expect(added).toEqual({
      exitCode: 0,
      stdout: '2026-12-24  team  created\n2026-12-25  team  created\n',
      stderr: '2 dates: 2 created\n',
    });
    expect(await stored()).toEqual(['team 2026-12-24', 'team 2026-12-25']);
    // Nobody reports on a holiday.
    const checkin = await pulse([
      'checkin',
      '--date',
      '2026-12-25',
      '--previous',
      'x',
      '--intentions',
      'y',
      '--blockers',
      'none',
      '--as',
      'ben@example.com',
    ]);
    expect([checkin.exitCode, checkin.stderr]).toEqual([
      3,
      'pulse: Nothing is scheduled for Friday 2026-12-25: you or your teams are marked absent that day.\n' +
        'Pick another day with --date YYYY-MM-DD (or yesterday, or a weekday name).\n',
    ]);
    const removed = await pulse(['absence', 'team', 'remove', '--date', '2026-12-25']);
    expect(removed.stdout).toBe('2026-12-25  team  removed\n');
    expect(await stored()).toEqual(['team 2026-12-24']);
    // A holiday that never existed is not "removed": it was not set.
    const never = await pulse(['absence', 'team', 'remove', '--date', '2026-12-26']);
    expect(never).toEqual({
      exitCode: 0,
      stdout: '2026-12-26  team  not set\n',
      stderr: '1 date: 1 not set\n',
    });
  });
});

describe('pulse absence import', () => {
  const CSV = [
    'member,date,to',
    '# the winter break',
    'ana-diaz,2026-12-24',
    '',
    'ben@example.com,2026-12-24,2026-12-27',
    'ana-diaz,2026-12-24',
    'ben-okafor,2026-11-20',
    'ana-diaz,2026-13-01',
    'zed,2026-12-30',
    'ana-diaz,2026-12-31',
    '',
  ].join('\n');

  it('imports CSV rows: a header, a duplicate, a past date skipped, bad rows failed (exit 1), good rows land', async () => {
    const path = file('absences.csv', CSV);
    const result = await pulse(['absence', 'import', path]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe(
      [
        '2026-12-24  ana-diaz         created',
        '2026-12-24  ben@example.com  created',
        '2026-12-25  ben@example.com  created',
        '2026-12-26  ben@example.com  created',
        '2026-12-27  ben@example.com  created',
        '2026-12-24  ana-diaz         duplicate',
        '2026-11-20  ben-okafor       skipped (in the past)',
        '2026-13-01  ana-diaz         failed: line 8: not a date: 2026-13-01 (use YYYY-MM-DD)',
        "2026-12-30  zed              failed: line 9: no member 'zed' in this team. Name one by id, slug, email, @username, name or me.",
        '2026-12-31  ana-diaz         created',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toBe('10 dates: 6 created, 1 skipped, 1 duplicate, 2 failed\n');
    expect(await stored()).toEqual([
      'ana 2026-12-24',
      'ana 2026-12-31',
      'ben 2026-12-24',
      'ben 2026-12-25',
      'ben 2026-12-26',
      'ben 2026-12-27',
    ]);

    // Safe to repeat: what landed is already set.
    const again = await pulse(['absence', 'import', '-', '--json'], { stdin: CSV });
    expect(again.exitCode).toBe(1);
    const report = JSON.parse(again.stdout);
    expect(report.summary).toMatchObject({ total: 10, created: 0, already_set: 6, failed: 2 });
    expect(report.results[7]).toEqual({
      member: 'ana-diaz',
      date: '2026-13-01',
      outcome: 'failed',
      error: 'line 8: not a date: 2026-13-01 (use YYYY-MM-DD)',
      line: 8,
    });
    expect(report.results[6]).toEqual({
      member: 'ben-okafor',
      date: '2026-11-20',
      outcome: 'skipped',
      reason: 'in the past',
      line: 7,
    });
  });

  it('reports a row of the wrong shape and exits 0 for a clean file', async () => {
    const bad = await pulse(['absence', 'import', '-'], { stdin: 'ana-diaz,2026-12-01,2026-12-02,x\n' });
    expect([bad.exitCode, bad.stdout]).toEqual([
      1,
      '2026-12-01  ana-diaz  failed: line 1: expected member,date or member,from,to (found 4 fields)\n',
    ]);
    const clean = await pulse(['absence', 'import', '-', '--dry-run'], { stdin: 'me,2026-12-01\n' });
    expect(clean).toEqual({
      exitCode: 0,
      stdout: '2026-12-01  me  would add\n',
      stderr: '1 date: 1 would add (dry run: nothing changed)\n',
    });
  });

  it('names the line of a file that is not CSV at all (exit 2)', async () => {
    const result = await pulse(['absence', 'import', '-'], {
      stdin: 'ana-diaz,2026-12-01\n"ben,2026-12-02\n',
    });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^pulse: stdin: line 2: not CSV: Quote Not Closed/);
  });

  // Line numbers are those of each BEGIN:VEVENT.
  const ICS = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//pulse tests//EN',
    'BEGIN:VEVENT', // 4: all-day, DTEND exclusive
    'UID:xmas@example.com',
    'SUMMARY:Christmas',
    'DTSTART;VALUE=DATE:20261224',
    'DTEND;VALUE=DATE:20261226',
    'END:VEVENT',
    'BEGIN:VEVENT', // 10: timed, touching two dates
    'UID:party@example.com',
    'DTSTART:20261231T220000Z',
    'DTEND:20270101T020000Z',
    'END:VEVENT',
    'BEGIN:VEVENT', // 15: yearly since 2020, expanded from today for two years
    'UID:newyear@example.com',
    'DTSTART;VALUE=DATE:20200101',
    'RRULE:FREQ=YEARLY',
    'END:VEVENT',
    'BEGIN:VEVENT', // 20: weekly, one occurrence excluded and one moved
    'UID:retro@example.com',
    'DTSTART;VALUE=DATE:20261207',
    'RRULE:FREQ=WEEKLY;COUNT=3',
    'EXDATE;VALUE=DATE:20261214',
    'END:VEVENT',
    'BEGIN:VEVENT', // 26: the moved occurrence
    'UID:retro@example.com',
    'RECURRENCE-ID;VALUE=DATE:20261221',
    'DTSTART;VALUE=DATE:20261222',
    'END:VEVENT',
    'BEGIN:VEVENT', // 31: in the past
    'UID:offsite@example.com',
    'DTSTART;VALUE=DATE:20261102',
    'END:VEVENT',
    'BEGIN:VEVENT', // 35: cancelled
    'UID:cancelled@example.com',
    'STATUS:CANCELLED',
    'DTSTART;VALUE=DATE:20261228',
    'END:VEVENT',
    'BEGIN:VEVENT', // 40: a date that is none
    'UID:typo@example.com',
    'DTSTART;VALUE=DATE:20261345',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

  it('imports an .ics calendar as team holidays with --holidays', async () => {
    const path = file('holidays.ics', ICS);
    const result = await pulse(['absence', 'import', path, '--holidays']);
    expect(result.stdout).toBe(
      [
        '2026-12-24  team  created',
        '2026-12-25  team  created',
        '2026-12-31  team  created',
        '2027-01-01  team  created',
        '2027-01-01  team  duplicate',
        '2028-01-01  team  created',
        '2026-12-07  team  created',
        '2026-12-22  team  created',
        '2026-11-02  team  skipped (in the past)',
        '-  team  failed: line 40: DTSTART is not a date or date-time: 20261345',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toBe('10 dates: 7 created, 1 skipped, 1 duplicate, 1 failed\n');
    expect(result.exitCode).toBe(1);
    expect(await stored()).toEqual(
      ['2026-12-07', '2026-12-22', '2026-12-24', '2026-12-25', '2026-12-31', '2027-01-01', '2028-01-01'].map(
        (date) => `team ${date}`,
      ),
    );
  });

  it("imports an .ics calendar as one member's time off with --member", async () => {
    const ics = ICS.replace(/BEGIN:VEVENT\r\nUID:typo[\s\S]*?END:VEVENT\r\n/, '');
    const result = await pulse(['absence', 'import', '-', '--format', 'ics', '--member', 'ben-okafor'], {
      stdin: ics,
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('2026-12-24  ben-okafor  created');
    expect(await stored()).toEqual(
      ['2026-12-07', '2026-12-22', '2026-12-24', '2026-12-25', '2026-12-31', '2027-01-01', '2028-01-01'].map(
        (date) => `ben ${date}`,
      ),
    );
    const unknown = await pulse(['absence', 'import', '-', '--format', 'ics', '--member', 'zed'], {
      stdin: ics,
    });
    expect([unknown.exitCode, unknown.stdout]).toEqual([3, '']);
  });

  it.each([
    [['x.ics', '--holidays', '--member', 'me'], '--holidays and --member cannot be used together'],
    [['x.csv', '--holidays'], '--holidays is for .ics calendars: a CSV names the member on each row'],
    [['-', '--member', 'me'], '--member is for .ics calendars: a CSV names the member on each row'],
    [['x.csv', '--format', 'xlsx'], '--format: csv or ics, not xlsx'],
    [['missing.csv'], 'FILE: cannot read missing.csv: no such file'],
  ])('is a usage error (exit 2) to import %j', async (args, message) => {
    const result = await pulse(['absence', 'import', ...args]);
    expect([result.exitCode, result.stdout]).toEqual([2, '']);
    expect(result.stderr).toBe(`pulse: ${message}\nRun with --help for usage.\n`);
  });

  it('names the line of a file that is not iCalendar (exit 2)', async () => {
    const ics = 'BEGIN:VCALENDAR\nBEGIN:VEVENT\nnot a property\nEND:VEVENT\nEND:VCALENDAR\n';
    const result = await pulse(['absence', 'import', '-', '--format', 'ics', '--holidays'], { stdin: ics });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      'pulse: stdin: line 3: not iCalendar: invalid line (no token ";" or ":") "not a property"\nRun with --help for usage.\n',
    );
    const csv = await pulse(['absence', 'import', file('x.ics', '\nana-diaz,2026-12-01\n'), '--holidays']);
    expect([csv.exitCode, csv.stderr]).toEqual([
      2,
      `pulse: ${join(dir, 'x.ics')}: line 2: not iCalendar: expected BEGIN:VCALENDAR\nRun with --help for usage.\n`,
    ]);
  });
});

describe('the progress bar', () => {
  function terminal(isTTY: boolean): OutputStream & { text: string } {
    const stream = { isTTY, columns: 60, text: '' } as OutputStream & { text: string };
    stream.write = ((chunk: string) => {
      stream.text += chunk;
      return true;
    }) as OutputStream['write'];
    return stream;
  }

  it('draws on a terminal, clears itself around lines and at the end', () => {
    const stream = terminal(true);
    const bar = progressBar(stream, 20, { label: 'absences' });
    bar.tick();
    bar.around(() => stream.write('a line\n'));
    bar.done();
    const CLEAR = '\r\u001b[2K';
    const frame = (done: number) =>
      `${CLEAR}absences [${'#'.repeat(Math.round((40 * done) / 20))}${'-'.repeat(40 - Math.round((40 * done) / 20))}] ${done}/20`;
    expect(stream.text).toBe(`${frame(0)}${frame(1)}${CLEAR}a line\n${frame(1)}${CLEAR}`);
  });

  it('writes nothing on a pipe, nor for a short run', () => {
    for (const [stream, total] of [
      [terminal(false), 100],
      [terminal(true), 10],
    ] as const) {
      const bar = progressBar(stream, total, { label: 'absences' });
      bar.tick();
      bar.around(() => stream.write('a line\n'));
      bar.done();
      expect(stream.text).toBe('a line\n');
    }
  });
});
