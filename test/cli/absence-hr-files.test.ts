/**
 * `pulse absence import` with the files HR systems really export, through the built binary: encodings
 * (a UTF-8 byte-order mark, UTF-16, Latin-1), header rows naming their columns among others, members
 * reported as the file names them, and a shared leave calendar read by its attendees; on a local store
 * and against `pulse serve`. The binary runs on the real clock: dates are weeks after today.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../../src/core/time.js';
import { openSqliteRepository } from '../../src/store/open.js';
import { execPulse, isolatedEnv } from '../helpers/cli.js';
import { startServe } from '../helpers/serve-process.js';
import { tempDir } from '../helpers/temp.js';

const today = new Date().toISOString().slice(0, 10);
/** Dates well after today (in any zone), so none is skipped as past. */
const day = (n: number) => addDays(today, 20 + n);
const compact = (date: string) => date.replaceAll('-', '');

let env: Record<string, string>;
let dir: string;
let store: string;
const pulse = (args: string[], input?: string) =>
  execPulse(['--store', store, ...args], { env, ...(input === undefined ? {} : { input }) });

const PEOPLE = [
  ['Céline Roy', 'céline@example.com'],
  ['Ben Okafor', 'ben@example.com'],
] as const;

beforeEach(async () => {
  env = isolatedEnv();
  dir = tempDir();
  store = join(dir, 'pulse.db');
  const setup = [
    ['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core'],
    ...PEOPLE.map(([name, email]) => [
      'admin',
      'person',
      'add',
      '--name',
      name,
      '--email',
      email,
      '--team',
      'Core',
    ]),
  ];
  for (const args of setup) {
    const result = await pulse(args);
    if (result.exitCode !== 0) throw new Error(`pulse ${args.join(' ')} failed: ${result.stderr}`);
  }
});

const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

/** Every member absence in a store, as "ben@example.com 2026-12-24", sorted. */
async function stored(path = store): Promise<string[]> {
  const repo = await openSqliteRepository(path);
  try {
    const emails = new Map<string, string>();
    for (const email of ['ana@example.com', ...PEOPLE.map(([, address]) => address)]) {
      const person = await repo.findPersonByEmail(email);
      if (person) emails.set(person.id, email);
    }
    const dates = Array.from({ length: 60 }, (_, n) => day(n));
    return [...(await repo.memberAbsences([...emails.keys()], dates))]
      .map((key) => {
        const [id, date] = key.split('|');
        return `${emails.get(id as string)} ${date}`;
      })
      .sort();
  } finally {
    await repo.close();
  }
}

/** An HR export: a header with columns the import does not read, a quoted field holding a comma. */
const EXPORT = [
  ' Email ,Type,START,end,Note',
  `céline@example.com,vacation,${day(0)},${day(1)},"skiing, in the Alps"`,
  `BEN@example.com,sick,${day(0)},,`,
  '',
].join('\r\n');

const utf16 = (text: string, order: 'le' | 'be') => {
  const le = Buffer.from(`\uFEFF${text}`, 'utf16le');
  return order === 'le' ? le : le.swap16();
};

describe('encodings', () => {
  it('reads UTF-8 with a byte-order mark: the header is still recognised', async () => {
    const path = file('export.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(EXPORT)]));
    const result = await pulse(['absence', 'import', path]);
    expect(result).toEqual({
      exitCode: 0,
      stdout: [
        `${day(0)}  céline@example.com  created`,
        `${day(1)}  céline@example.com  created`,
        `${day(0)}  BEN@example.com     created`,
      ].join('\n'),
      stderr: 'ignored columns: Type, Note\n3 dates: 3 created',
    });
    expect(await stored()).toEqual([
      `ben@example.com ${day(0)}`,
      `céline@example.com ${day(0)}`,
      `céline@example.com ${day(1)}`,
    ]);
  });

  it.each([
    ['UTF-16 LE', 'le'],
    ['UTF-16 BE', 'be'],
  ] as const)('refuses %s (exit 2), changing nothing', async (_name, order) => {
    const path = file('export.csv', utf16(EXPORT, order));
    const result = await pulse(['absence', 'import', path]);
    expect(result).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: `pulse: ${path}: the file is UTF-16: save it as UTF-8\nRun with --help for usage.`,
    });
    expect(await stored()).toEqual([]);
  });

  it('refuses UTF-16 without its byte-order mark too', async () => {
    const path = file('export.csv', Buffer.from(EXPORT, 'utf16le'));
    const result = await pulse(['absence', 'import', path]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`pulse: ${path}: the file is UTF-16: save it as UTF-8`);
  });

  it('names the lines that are not UTF-8 (a Latin-1 export) and how to convert it (exit 2)', async () => {
    const latin1 = `${EXPORT}c\u00e9line@example.com,vacation,${day(5)},,\r\n`;
    const path = file('export.csv', Buffer.from(latin1, 'latin1'));
    const result = await pulse(['absence', 'import', path]);
    const converted = join(dir, 'export.utf8.csv');
    expect(result).toEqual({
      exitCode: 2,
      stdout: '',
      stderr:
        `pulse: ${path}: not UTF-8 on lines 2, 4: convert it to UTF-8 ` +
        `(from Latin-1: iconv -f latin1 -t utf-8 ${path} > ${converted})\nRun with --help for usage.`,
    });
    expect(await stored()).toEqual([]);
  });

  it('diagnoses an .ics calendar the same way', async () => {
    const path = file('leave.ics', Buffer.from(sharedCalendar(), 'latin1'));
    const result = await pulse(['absence', 'import', path]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`pulse: ${path}: not UTF-8 on line 10: convert it to UTF-8`);
    const bom = file(
      'bom.ics',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sharedCalendar())]),
    );
    const withMark = await pulse(['absence', 'import', bom, '--dry-run']);
    expect([withMark.exitCode, withMark.stdout.split('\n')[0]]).toEqual([
      1,
      `${day(0)}  céline@example.com  would add`,
    ]);
  });
});

describe('CSV header rows', () => {
  it('reads the named columns in any order, lists the ignored ones once, and reports members as written', async () => {
    const csv = [
      'note,to,member,type,date',
      `"a, b",${day(3)},ben-okafor,leave,${day(2)}`,
      `,,ana@example.com,sick,${day(4)}`,
      `,,zed@example.com,sick,${day(4)}`,
      // Trailing commas are nothing; a field past the header's columns is a misplaced one.
      `,,ana@example.com,sick,${day(5)},,`,
      `,,ana@example.com,sick,${day(6)},${day(7)}`,
      '',
    ].join('\n');
    const result = await pulse(['absence', 'import', '-', '--json'], csv);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe('ignored columns: note, type\n6 dates: 4 created, 2 failed');
    const report = JSON.parse(result.stdout) as { results: unknown[] };
    expect(report.results).toEqual([
      { member: 'ben-okafor', date: day(2), outcome: 'created', line: 2 },
      { member: 'ben-okafor', date: day(3), outcome: 'created', line: 2 },
      { member: 'ana@example.com', date: day(4), outcome: 'created', line: 3 },
      {
        member: 'zed@example.com',
        date: day(4),
        outcome: 'failed',
        error: 'line 4: no member with email zed@example.com in this team',
        line: 4,
      },
      { member: 'ana@example.com', date: day(5), outcome: 'created', line: 5 },
      {
        member: 'ana@example.com',
        date: day(6),
        outcome: 'failed',
        error: 'line 6: the header names 5 columns (found 6 fields)',
        line: 6,
      },
    ]);
    expect(await stored()).toEqual([
      `ana@example.com ${day(4)}`,
      `ana@example.com ${day(5)}`,
      `ben@example.com ${day(2)}`,
      `ben@example.com ${day(3)}`,
    ]);
  });

  it('keeps positional rows without a recognisable header, and refuses their extra fields', async () => {
    const csv = ['who,when', `ben@example.com,${day(0)}`, `ben@example.com,${day(1)},${day(1)},x`, ''].join(
      '\n',
    );
    const result = await pulse(['absence', 'import', '-'], csv);
    expect(result).toEqual({
      exitCode: 1,
      stdout: [
        `${day(0)}  ben@example.com  created`,
        `${day(1)}  ben@example.com  failed: line 3: expected member,date or member,from,to (found 4 fields)`,
      ].join('\n'),
      stderr: '2 dates: 1 created, 1 failed',
    });
  });
});

/**
 * A shared leave calendar: Céline and Ben on one event (organised by HR, who is no member), Ana's own
 * event (organizer only), and one for someone who is no member.
 */
function sharedCalendar(): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//HR//Leave//EN',
    'BEGIN:VEVENT',
    'UID:team-offsite',
    `DTSTART;VALUE=DATE:${compact(day(0))}`,
    `DTEND;VALUE=DATE:${compact(day(2))}`,
    'SUMMARY:Leave',
    'ORGANIZER;CN=HR:mailto:hr@example.com',
    'ATTENDEE;CN=Céline Roy;PARTSTAT=ACCEPTED:mailto:céline@example.com',
    'ATTENDEE;CN=Ben:MAILTO:Ben@Example.com',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:ana',
    `DTSTART;VALUE=DATE:${compact(day(7))}`,
    'ORGANIZER:mailto:ana@example.com',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:zed',
    `DTSTART;VALUE=DATE:${compact(day(8))}`,
    'ATTENDEE:mailto:zed@example.com',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const SHARED_REPORT = [
  `${day(0)}  céline@example.com  created`,
  `${day(1)}  céline@example.com  created`,
  `${day(0)}  Ben@Example.com     created`,
  `${day(1)}  Ben@Example.com     created`,
  `${day(7)}  ana@example.com     created`,
  `${day(8)}  zed@example.com     failed: line 18: no member with email zed@example.com in this team`,
].join('\n');

const SHARED_STORED = [
  `ana@example.com ${day(7)}`,
  `ben@example.com ${day(0)}`,
  `ben@example.com ${day(1)}`,
  `céline@example.com ${day(0)}`,
  `céline@example.com ${day(1)}`,
];

describe('a shared .ics leave calendar (no --member, no --holidays)', () => {
  it("imports each event as its attendees' (else its organizer's) time off; an unknown one fails its dates", async () => {
    const path = file('leave.ics', sharedCalendar());
    const result = await pulse(['absence', 'import', path]);
    expect(result).toEqual({ exitCode: 1, stdout: SHARED_REPORT, stderr: '6 dates: 5 created, 1 failed' });
    expect(await stored()).toEqual(SHARED_STORED);
    const again = await pulse(['absence', 'import', path]);
    expect(again.stdout).toBe(SHARED_REPORT.replaceAll('  created', '  already set'));
  });

  it('refuses a calendar with an event that names nobody (exit 2), changing nothing', async () => {
    const calendar = sharedCalendar().replace('ORGANIZER:mailto:ana@example.com\r\n', '');
    const path = file('mine.ics', calendar);
    const result = await pulse(['absence', 'import', path]);
    expect(result).toEqual({
      exitCode: 2,
      stdout: '',
      stderr:
        `pulse: ${path}: an event names no ATTENDEE or ORGANIZER (line 13): name whose time off it is ` +
        'with --member MEMBER, or import team holidays with --holidays\nRun with --help for usage.',
    });
    expect(await stored()).toEqual([]);
    // The same calendar is one member's with --member, named in the report as the flag names them.
    const mine = await pulse(['absence', 'import', path, '--member', 'ANA@example.com', '--dry-run']);
    expect(mine.stdout.split('\n')[0]).toBe(`${day(0)}  ANA@example.com  would add`);
  });
});

describe('against pulse serve', () => {
  it('imports the shared calendar and the HR export through the v1 interface', async () => {
    const serverEnv = isolatedEnv();
    const server = await startServe(['--store', store], serverEnv);
    const key = await pulse(['admin', 'team', 'api-key', '--team', 'Core']);
    const [teamId, apiKey] = key.stdout.trim().split(' ') as [string, string];
    const client = isolatedEnv({ PULSE_BASE_URL: server.url, PULSE_TEAM_ID: teamId, PULSE_API_KEY: apiKey });
    const remote = (args: string[], input?: string) =>
      execPulse(args, { env: client, ...(input === undefined ? {} : { input }) });

    const calendar = await remote(['absence', 'import', file('leave.ics', sharedCalendar())]);
    // Pacing to the server's limits may add a line on stderr: the summary is the last.
    expect([calendar.exitCode, calendar.stdout]).toEqual([1, SHARED_REPORT]);
    expect(calendar.stderr.split('\n').at(-1)).toBe('6 dates: 5 created, 1 failed');

    const latin1 = await remote(['absence', 'import', file('latin1.csv', Buffer.from(EXPORT, 'latin1'))]);
    expect([latin1.exitCode, latin1.stdout]).toEqual([2, '']);
    expect(latin1.stderr).toContain('not UTF-8 on line 2: convert it to UTF-8');

    const hrExport = await remote(['absence', 'import', '-', '--json'], EXPORT);
    expect(hrExport.exitCode, hrExport.stderr).toBe(0);
    const notes = hrExport.stderr.split('\n');
    expect([notes[0], notes.at(-1)]).toEqual(['ignored columns: Type, Note', '3 dates: 3 already set']);
    expect(
      (JSON.parse(hrExport.stdout) as { results: { member: string }[] }).results.map((r) => r.member),
    ).toEqual(['céline@example.com', 'céline@example.com', 'BEN@example.com']);
    await server.stop();
    expect(await stored()).toEqual(SHARED_STORED);
  });
});
