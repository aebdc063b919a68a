/** Operator commands, people and teams, help and exit codes, in-process. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { initAnaAndBen, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const pulse = (args: string[], options: Parameters<typeof runInProcess>[1] = {}) =>
  runInProcess(['--store', store, ...args], { env, ...options });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\n$/;

beforeEach(() => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
});

describe('pulse init and pulse admin', () => {
  it('init prints the administrator id alone on stdout, and refuses a second time (exit 1)', async () => {
    const init = await pulse([
      'init',
      '--name',
      'Ana Diaz',
      '--email',
      'ana@example.com',
      '--time-zone',
      'Europe/Berlin',
    ]);
    expect(init.exitCode).toBe(0);
    expect(init.stdout).toMatch(UUID);
    const me = JSON.parse((await pulse(['me', '--json'])).stdout);
    expect(me).toMatchObject({
      id: init.stdout.trim(),
      administrator: true,
      time_zone: 'Europe/Berlin',
      username: 'ana',
    });
    expect(me.teams.map((t: { name: string }) => t.name)).toEqual(['Team']);
    const again = await pulse(['init', '--name', 'Other', '--email', 'o@example.com']);
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain('already initialised');
  });

  it('init requires --name and --email, and validates them (exit 2)', async () => {
    const missing = await pulse(['init', '--name', 'Ana']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain("required option '--email <email>' not specified");
    const bad = await pulse([
      'init',
      '--name',
      'Ana',
      '--email',
      'not-an-email',
      '--time-zone',
      'Mars/Olympus',
    ]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('email is not a valid address: not-an-email');
    expect(bad.stderr).toContain('time zone is not an IANA zone name: Mars/Olympus');
    expect((await pulse(['init', '--name', 'Ana', '--email', 'ana@example.com'])).exitCode).toBe(0);
  });

  it('adds people and teams, printing ids; memberships join and leave idempotently', async () => {
    await pulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']);
    const team = await pulse([
      'admin',
      'team',
      'add',
      '--name',
      'Design',
      '--private',
      '--report-days',
      'Monday, wednesday',
    ]);
    expect(team.stdout).toMatch(UUID);
    const person = await pulse([
      'admin',
      'person',
      'add',
      '--name',
      'Bot',
      '--email',
      'bot@example.com',
      '--username',
      'bot',
      '--team',
      'Core',
      '--team',
      'Design',
      '--agent',
      '--admin',
    ]);
    expect(person.stdout).toMatch(UUID);
    const bot = JSON.parse((await pulse(['people', 'view', '@bot', '--json'])).stdout);
    expect(bot).toMatchObject({
      kind: 'agent',
      administrator: true,
      teams: [{ name: 'Core' }, { name: 'Design' }],
    });
    const design = JSON.parse((await pulse(['team', 'view', 'design', '--json'])).stdout);
    expect(design).toMatchObject({
      private: true,
      report_days: ['monday', 'wednesday'],
      people: [{ name: 'Bot' }],
    });

    const leave = await pulse(['admin', 'team', 'leave', '--team', 'Design', '--person', 'bot@example.com']);
    expect([leave.exitCode, leave.stderr]).toEqual([0, 'Removed bot@example.com from Design.\n']);
    const again = await pulse(['admin', 'team', 'leave', '--team', 'Design', '--person', 'bot@example.com']);
    expect([again.exitCode, again.stderr]).toEqual([0, 'bot@example.com was not in Design.\n']);
    const join1 = await pulse(['admin', 'team', 'join', '--team', 'Design', '--person', 'bot@example.com']);
    expect(join1.stderr).toBe('Added bot@example.com to Design.\n');
    const unknown = await pulse(['admin', 'team', 'join', '--team', 'Nope', '--person', 'bot@example.com']);
    expect(unknown.exitCode).toBe(3);
  });

  it('rejects duplicates and bad values with exit 2, changing nothing', async () => {
    await pulse(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']);
    const duplicate = await pulse(['admin', 'person', 'add', '--name', 'A', '--email', 'ANA@example.com']);
    expect(duplicate.exitCode).toBe(2);
    expect(duplicate.stderr).toContain('email is already taken');
    const days = await pulse(['admin', 'team', 'add', '--name', 'X', '--report-days', 'monday,funday']);
    expect(days.exitCode).toBe(2);
    expect(days.stderr).toContain('report days must be day names (monday..sunday): funday');
    const sameName = await pulse(['admin', 'team', 'add', '--name', 'core']);
    expect(sameName.stderr).toContain('a team named core already exists');
    const handle = await pulse([
      'admin',
      'person',
      'add',
      '--name',
      'B',
      '--email',
      'b@example.com',
      '--username',
      'ana',
    ]);
    expect(handle.stderr).toContain('username is already taken: ana');
    const teams = JSON.parse((await pulse(['team', 'list', '--json'])).stdout);
    expect(teams.map((t: { name: string }) => t.name)).toEqual(['Core']);
    expect(JSON.parse((await pulse(['people', 'list', '--json'])).stdout)).toHaveLength(1);
  });
});

describe('people and teams', () => {
  beforeEach(async () => {
    await initAnaAndBen(pulse);
    await pulse(['admin', 'person', 'add', '--name', 'Ben Okafor', '--email', 'ben2@example.com']);
  });

  it('lists people as tab-separated rows when piped', async () => {
    const rows = (await pulse(['people', 'list'])).stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t').slice(1));
    // Same names order by id, which is random: compare the two Bens as a set.
    expect([rows[0], ...rows.slice(1).sort()]).toEqual([
      ['Ana Diaz', 'ana', 'ana@example.com', 'Core', 'true'],
      ['Ben Okafor', 'ben', 'ben@example.com', 'Core', 'false'],
      ['Ben Okafor', 'ben2', 'ben2@example.com', '', 'false'],
    ]);
  });

  it('finds people by email, @username or unambiguous name; ambiguity is exit 2', async () => {
    expect(JSON.parse((await pulse(['people', 'view', 'ben2@example.com', '--json'])).stdout).username).toBe(
      'ben2',
    );
    expect((await pulse(['people', 'view', 'ana diaz'])).stdout).toContain('Ana Diaz @ana <ana@example.com>');
    const ambiguous = await pulse(['people', 'view', 'Ben Okafor']);
    expect(ambiguous.exitCode).toBe(2);
    expect(ambiguous.stderr).toContain(
      "'Ben Okafor' names several people: Ben Okafor (ben@example.com), Ben Okafor (ben2@example.com)",
    );
    expect((await pulse(['people', 'view', 'Zed'])).exitCode).toBe(3);
  });

  it('acts as another person with --as or PULSE_AS; an unknown one is exit 4', async () => {
    expect(JSON.parse((await pulse(['--as', 'ben@example.com', 'me', '--json'])).stdout).username).toBe(
      'ben',
    );
    const fromEnv = await pulse(['me', '--json'], { env: { ...env, PULSE_AS: 'ben2@example.com' } });
    expect(JSON.parse(fromEnv.stdout).username).toBe('ben2');
    const unknown = await pulse(['me', '--as', 'nobody@example.com']);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toContain('--as: no person with email nobody@example.com');
  });

  it('lists teams with their report days', async () => {
    const result = await pulse(['team', 'list']);
    expect(result.stdout.split('\t').slice(1).join('\t')).toBe(
      'Core\tfalse\tmonday,tuesday,wednesday,thursday,friday\t2\n',
    );
  });
});

describe('first use, help and exit codes', () => {
  it('creates the store on first use and says so on stderr', async () => {
    const result = await pulse(['me', '--json'], {
      identity: { name: 'Kim Lee', email: 'kim@example.com', timeZone: 'Asia/Tokyo' },
    });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(
      `Created a local store at ${store} with Kim Lee <kim@example.com> as administrator`,
    );
    expect(JSON.parse(result.stdout)).toMatchObject({
      name: 'Kim Lee',
      time_zone: 'Asia/Tokyo',
      administrator: true,
    });
    expect((await pulse(['me'])).stderr).toBe('');
  });

  it('prints the exit code table', async () => {
    const result = await pulse(['help', 'exit-codes']);
    expect(result.exitCode).toBe(0);
    for (const code of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '130']) {
      expect(result.stdout).toMatch(new RegExp(`^\\s+${code}  `, 'm'));
    }
  });

  it('names every PULSE_ variable the program reads in `pulse help environment`, and explains output in `help formatting`', async () => {
    const environment = await pulse(['help', 'environment']);
    expect(environment.exitCode).toBe(0);
    // Every variable read anywhere in the CLI, the store and the remote client (found in the source, so
    // a new one without its line here fails).
    const read = new Set<string>();
    for (const dir of ['src/cli', 'src/store', 'src/remote']) {
      for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.ts')) continue;
        const text = readFileSync(join(dir, file), 'utf8');
        for (const [name] of text.matchAll(/\bPULSE_[A-Z_]*[A-Z]\b/g)) read.add(name);
      }
    }
    expect(read.size).toBeGreaterThan(10);
    for (const name of read) expect(environment.stdout, name).toMatch(new RegExp(`\\b${name}\\b`));
    const formatting = await pulse(['help', 'formatting']);
    expect(formatting.exitCode).toBe(0);
    expect(formatting.stdout).toMatch(/--json/);
    expect(formatting.stdout).toMatch(/tab-separated/);
    expect((await pulse(['help'])).stdout).toMatch(/topic:\s+environment,\s+exit-codes,\s+formatting/);
  });

  it('shows help for commands and treats unknown commands and options as usage errors', async () => {
    const help = await pulse(['help', 'checkin', 'list']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('Usage: pulse checkin list [options]');
    expect((await pulse(['checkin', '--help'])).stdout).toContain('--previous <text>');
    const unknown = await pulse(['chekin']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toBe(
      "pulse: unknown command 'chekin'. Did you mean checkin?\nRun with --help for usage.\n",
    );
    expect((await pulse(['checkin', 'list', '--frobnicate'])).exitCode).toBe(2);
    expect((await pulse(['help', 'nothing-here'])).exitCode).toBe(2);
  });

  it('accepts global options before or after the command', async () => {
    const other = join(tempDir(), 'other.db');
    await runInProcess(['init', '--name', 'Zoe', '--email', 'zoe@example.com', '--store', other], { env });
    const after = await runInProcess(['me', '--json', '--store', other], { env });
    expect(JSON.parse(after.stdout).name).toBe('Zoe');
    const before = await runInProcess(['--store', other, 'people', 'list', '--json'], { env });
    expect(JSON.parse(before.stdout).map((p: { name: string }) => p.name)).toEqual(['Zoe']);
  });
});
