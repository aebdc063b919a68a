/** `pulse checkin` and its list and view, in-process with a fixed clock and a temporary store. */
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { initAnaAndBen, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { storeChecksum } from '../helpers/store-checksum.js';
import { tempDir } from '../helpers/temp.js';

const MONDAY = fixedClock('2026-11-23T10:00:00Z');
const SATURDAY = fixedClock('2026-11-21T10:00:00Z');

let env: Record<string, string>;
let store: string;
const pulse = (args: string[], options: Parameters<typeof runInProcess>[1] = {}) =>
  runInProcess(['--store', store, ...args], { env, clock: MONDAY, ...options });

beforeEach(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await initAnaAndBen(pulse);
});

const ANSWER_FLAGS = ['--previous', 'wrote the parser', '--intentions', 'write tests', '--blockers', 'none'];

describe('pulse checkin (non-interactive)', () => {
  it("saves today's check-in from flags and prints it; --json prints the documented object", async () => {
    const result = await pulse(['checkin', ...ANSWER_FLAGS, '--mood', 'Focused', '--done', '--json']);
    expect(result.exitCode).toBe(0);
    const saved = JSON.parse(result.stdout);
    expect(saved).toMatchObject({
      date: '2026-11-23',
      previous: 'wrote the parser',
      intentions: 'write tests',
      blockers: 'none',
      mood: 'focused',
      previous_completed: true,
      blocked: false,
      completed_at: '2026-11-23T10:00:00Z',
    });
    const plain = await pulse(['checkin', '--blockers', 'waiting on CI']);
    expect(plain.exitCode).toBe(0);
    expect(plain.stdout).toContain('Ana Diaz — Monday 2026-11-23 · 🧐 focused · blocked');
    expect(plain.stdout).toContain('Blockers\nwaiting on CI');
    expect(plain.stderr).toContain('Saved your check-in for Monday 2026-11-23.');
  });

  it('names every missing flag when the check-in is new and there is no terminal, and changes nothing', async () => {
    const before = storeChecksum(store);
    const result = await pulse(['checkin', '--previous', 'x']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('missing --intentions, --blockers');
    // Not even the day's pending check-in, which reading the day by date would make (a soak run found it).
    const otherDay = await pulse(['checkin', '--date', '2026-01-06']);
    expect([otherDay.exitCode, otherDay.stderr]).toEqual([
      2,
      'pulse: missing --previous, --intentions, --blockers (or give them in --file); prompts need a terminal and no --no-input\nRun with --help for usage.\n',
    ]);
    expect(storeChecksum(store)).toBe(before);
  });

  it('never prompts with --no-input or PULSE_NO_INPUT, even on a terminal', async () => {
    const flag = await pulse(['checkin', '--no-input'], { stdinIsTTY: true });
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toContain('missing --previous, --intentions, --blockers');
    const variable = await pulse(['checkin'], { stdinIsTTY: true, env: { ...env, PULSE_NO_INPUT: '1' } });
    expect(variable.exitCode).toBe(2);
  });

  it('rejects an unknown mood, a bad date and contradictory flags with exit 2', async () => {
    const mood = await pulse(['checkin', ...ANSWER_FLAGS, '--mood', 'ecstatic']);
    expect(mood.exitCode).toBe(2);
    expect(mood.stderr).toContain('--mood: unknown mood "ecstatic" (one of calm, happy, excited');
    const date = await pulse(['checkin', ...ANSWER_FLAGS, '--date', '2026-02-30']);
    expect(date.exitCode).toBe(2);
    expect(date.stderr).toContain('--date: not a date: 2026-02-30');
    const both = await pulse(['checkin', ...ANSWER_FLAGS, '--done', '--not-done']);
    expect(both.exitCode).toBe(2);
    const team = await pulse(['checkin', ...ANSWER_FLAGS, '--team', 'Design']);
    expect(team.exitCode).toBe(2);
    expect(team.stderr).toContain('--team: "Design" is not one of your teams (Core)');
    expect((await pulse(['checkin', 'list', '--json'])).stdout).toBe('[]\n');
  });

  it('explains a day with nothing scheduled and how to pick a date (exit 3)', async () => {
    const result = await pulse(['checkin', ...ANSWER_FLAGS], { clock: SATURDAY });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain(
      'Nothing is scheduled for Saturday 2026-11-21: saturday is not a report day of your teams',
    );
    expect(result.stderr).toContain('--date');
    const friday = await pulse(['checkin', ...ANSWER_FLAGS, '--date', 'friday', '--json'], {
      clock: SATURDAY,
    });
    expect(JSON.parse(friday.stdout).date).toBe('2026-11-20');
  });

  it('reads answers from a Markdown file, flags winning over the file', async () => {
    const file = join(tempDir(), 'checkin.md');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      file,
      '## Previous\nShipped **v1**\n\n- and docs\n\n## Intentions\nPlan v2\n## Blockers\nnone\n## Mood\nhappy\n## Completed\nno\n',
    );
    const result = await pulse(['checkin', '--file', file, '--mood', 'calm', '--json']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      previous: 'Shipped **v1**\n\n- and docs',
      intentions: 'Plan v2',
      blockers: 'none',
      mood: 'calm',
      previous_completed: false,
    });
  });

  it('reads JSON answers from stdin with --file -', async () => {
    const input = JSON.stringify({ previous: 'a', intentions: 'b', blockers: 'stuck on c', mood: 'tired' });
    const result = await pulse(['checkin', '--file', '-', '--json'], { stdin: input });
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ blockers: 'stuck on c', blocked: true, mood: 'tired' });
  });

  it('points at the line of a bad answers file', async () => {
    const unknown = await pulse(['checkin', '--file', '-'], { stdin: '## Previous\nx\n## Weather\nsunny\n' });
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('stdin:3: unknown section "Weather"');
    const json = await pulse(['checkin', '--file', '-'], { stdin: '{"previous": 1}' });
    expect(json.exitCode).toBe(2);
    expect(json.stderr).toContain('stdin: previous must be a string');
    const missing = await pulse(['checkin', '--file', join(tempDir(), 'nope.md')]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('--file: cannot read');
  });
});

describe('pulse checkin list and view', () => {
  beforeEach(async () => {
    await pulse(['checkin', ...ANSWER_FLAGS, '--date', '2026-11-19', '--mood', 'tired']);
    await pulse(['checkin', ...ANSWER_FLAGS, '--date', '2026-11-20', '--blockers', 'waiting\ton\nreview']);
    await pulse(['--as', 'ben@example.com', 'checkin', ...ANSWER_FLAGS, '--intentions', 'pair with Ana']);
  });

  it('prints tab-separated rows when piped: id, date, person, mood, blocked, intentions', async () => {
    const result = await pulse(['checkin', 'list']);
    expect(result.exitCode).toBe(0);
    const rows = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t').slice(1));
    expect(rows).toEqual([
      ['2026-11-23', 'Ben Okafor', '', 'false', 'pair with Ana'],
      ['2026-11-20', 'Ana Diaz', '', 'true', 'write tests'],
      ['2026-11-19', 'Ana Diaz', 'tired', 'false', 'write tests'],
    ]);
    expect(result.stdout).not.toContain('\u001b[');
  });

  it('prints a table without ids on a terminal, with colour unless NO_COLOR or --no-color', async () => {
    const table = await pulse(['checkin', 'list'], { stdoutIsTTY: true });
    const lines = stripVTControlCharacters(table.stdout).split('\n');
    expect(lines[0]).toMatch(/DATE\s+PERSON\s+MOOD\s+BLOCKED\s+INTENTIONS/);
    expect(table.stdout).toContain('😴 tired');
    expect(table.stdout).toContain('\u001b[31mblocked');
    expect(table.stdout).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    for (const options of [{ env: { ...env, NO_COLOR: '1' } }, {}]) {
      const args = 'env' in options ? ['checkin', 'list'] : ['checkin', 'list', '--no-color'];
      const plain = await pulse(args, { stdoutIsTTY: true, ...options });
      expect(plain.stdout).not.toContain('\u001b[');
      expect(plain.stdout).toContain('blocked');
    }
  });

  it('filters by relative dates, blocked, person and team', async () => {
    const ids = async (args: string[]) =>
      JSON.parse((await pulse(['checkin', 'list', '--json', ...args])).stdout).map(
        (c: { date: string; person: { name: string } }) => `${c.person.name} ${c.date}`,
      );
    expect(await ids(['--since', 'friday', '--until', 'friday'])).toEqual(['Ana Diaz 2026-11-20']);
    expect(await ids(['--since', 'today'])).toEqual(['Ben Okafor 2026-11-23']);
    expect(await ids(['--until', 'thursday'])).toEqual(['Ana Diaz 2026-11-19']);
    expect(await ids(['--blocked'])).toEqual(['Ana Diaz 2026-11-20']);
    expect(await ids(['--person', '@ben'])).toEqual(['Ben Okafor 2026-11-23']);
    expect(await ids(['--person', 'ben@example.com', '--person', 'Ana Diaz', '--limit', '2'])).toHaveLength(
      2,
    );
    expect(await ids(['--team', 'Core', '--all'])).toHaveLength(3);
  });

  it('walks pages for --limit and --all', async () => {
    for (const date of ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06']) {
      await pulse(['checkin', ...ANSWER_FLAGS, '--date', date]);
    }
    const limited = JSON.parse((await pulse(['checkin', 'list', '--json', '--limit', '7'])).stdout);
    expect(limited).toHaveLength(7);
    expect(JSON.parse((await pulse(['checkin', 'list', '--json', '--all'])).stdout)).toHaveLength(8);
  });

  it('reports bad list options with exit 2 and unknown people or teams with exit 3', async () => {
    expect((await pulse(['checkin', 'list', '--limit', '0'])).exitCode).toBe(2);
    expect((await pulse(['checkin', 'list', '--limit', '5', '--all'])).exitCode).toBe(2);
    const order = await pulse(['checkin', 'list', '--since', 'today', '--until', 'yesterday']);
    expect(order.exitCode).toBe(2);
    expect(order.stderr).toContain('--since 2026-11-23 is after --until 2026-11-22');
    const person = await pulse(['checkin', 'list', '--person', 'nobody@example.com']);
    expect(person.exitCode).toBe(3);
    expect(person.stderr).toContain("--person: no person 'nobody@example.com'");
    expect((await pulse(['checkin', 'list', '--team', 'Nope'])).exitCode).toBe(3);
  });

  it('shows one check-in by id or by date, and exit 3 for an unknown one', async () => {
    const list = JSON.parse((await pulse(['checkin', 'list', '--json'])).stdout);
    const view = await pulse(['checkin', 'view', list[1].id]);
    expect(view.stdout).toContain('Ana Diaz — Friday 2026-11-20 · blocked');
    const byDate = JSON.parse((await pulse(['checkin', 'view', 'thursday', '--json'])).stdout);
    expect(byDate.mood).toBe('tired');
    const unknown = await pulse(['checkin', 'view', '3f1c2f4e-8a51-4d0e-9a63-2f5c1b7e9d41']);
    expect(unknown.exitCode).toBe(3);
    expect((await pulse(['checkin', 'view', 'someday'])).exitCode).toBe(2);
  });
});
