/**
 * The v1 team commands on a local store, in-process: the team API key, report questions, members,
 * reports, tags and pushed activities.
 */
import { join } from 'node:path';
import { Chalk } from 'chalk';
import { beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import type { V1Member, V1Report, V1Status } from '../../src/core/v1/types.js';
import { initAnaAndBen, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

let env: Record<string, string>;
let store: string;
const pulse = (args: string[], options: Parameters<typeof runInProcess>[1] = {}) =>
  runInProcess(['--store', store, ...args], { env, ...options });

/** Runs a command that must succeed, returning its stdout. */
async function ok(args: string[], options: Parameters<typeof runInProcess>[1] = {}): Promise<string> {
  const result = await pulse(args, options);
  expect(result.exitCode, `pulse ${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const DAY = '2026-11-23'; // the fixed clock's Monday

/** Ana (no blockers, 10:00) and Ben (blocked, done as planned, 10:05) check in on DAY, both with #release. */
async function twoCheckIns(): Promise<void> {
  await ok([
    'checkin',
    '--date',
    DAY,
    '--previous',
    'Reviewed the *plan* #release',
    '--intentions',
    'Write docs',
    '--blockers',
    'none',
    '--not-done',
  ]);
  await ok(
    [
      'checkin',
      '--as',
      'ben@example.com',
      '--date',
      DAY,
      '--previous',
      'Fixed **login**',
      '--intentions',
      'Ship #release',
      '--blockers',
      'Waiting on #infra',
      '--done',
    ],
    { clock: fixedClock(`${DAY}T10:05:00Z`) },
  );
}

async function reportJson(date = DAY): Promise<{ report: V1Report; statuses: V1Status[] }> {
  return JSON.parse(await ok(['team', 'report', date, '--json']));
}

beforeEach(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await initAnaAndBen(pulse);
});

describe('pulse admin team api-key', () => {
  it('prints TEAM_ID API_KEY alone on stdout, refuses a second key without --rotate, rotates with it', async () => {
    const coreId = JSON.parse(await ok(['team', 'view', 'Core', '--json'])).id;
    const first = await pulse(['admin', 'team', 'api-key', '--team', 'Core']);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`^${UUID} \\S{16,}\\n$`));
    const [teamId, key] = first.stdout.trim().split(' ');
    expect(teamId).toBe(coreId);
    expect(first.stderr).toContain('shown once');
    expect(first.stderr).not.toContain(key);

    const again = await pulse(['admin', 'team', 'api-key', '--team', 'Core']);
    expect(again.exitCode).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain('--rotate');

    const rotated = await pulse(['admin', 'team', 'api-key', '--team', coreId, '--rotate']);
    expect(rotated.exitCode, rotated.stderr).toBe(0);
    const [rotatedId, rotatedKey] = rotated.stdout.trim().split(' ');
    expect(rotatedId).toBe(coreId);
    expect(rotatedKey).toMatch(/^\S{16,}$/);
    expect(rotatedKey).not.toBe(key);
  });

  it('names an unknown team (exit 3)', async () => {
    const result = await pulse(['admin', 'team', 'api-key', '--team', 'Nope']);
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe('');
  });
});

describe('pulse admin team questions', () => {
  it('replaces the given texts, keeps the others, and --reset restores the defaults', async () => {
    await twoCheckIns();
    const defaults = (await reportJson()).report.questions;
    await ok(['admin', 'team', 'questions', '--team', 'Core', '--next', 'What ships today?']);
    await ok(['admin', 'team', 'questions', '--team', 'Core', '--blockers', 'What is in the way?']);
    expect((await reportJson()).report.questions).toEqual({
      ...defaults,
      next: 'What ships today?',
      blockers: 'What is in the way?',
    });
    await ok(['admin', 'team', 'questions', '--team', 'Core', '--reset']);
    expect((await reportJson()).report.questions).toEqual(defaults);
  });

  it('needs a text or --reset, and --reset alone (exit 2)', async () => {
    const nothing = await pulse(['admin', 'team', 'questions', '--team', 'Core']);
    expect(nothing.exitCode).toBe(2);
    expect(nothing.stderr).toContain('--reset');
    const both = await pulse(['admin', 'team', 'questions', '--team', 'Core', '--reset', '--next', 'x']);
    expect(both.exitCode).toBe(2);
    const empty = await pulse(['admin', 'team', 'questions', '--team', 'Core', '--next', ' ']);
    expect(empty.exitCode).toBe(2);
  });
});

describe('pulse team members', () => {
  beforeEach(async () => {
    await ok(['admin', 'person', 'add', '--name', 'Cy Adams', '--email', 'cy@example.com']);
    await ok(['admin', 'team', 'join', '--team', 'Core', '--person', 'cy@example.com', '--manager']);
    await ok(['admin', 'person', 'add', '--name', 'Olive Watts', '--email', 'olive@example.com']);
    const observer = await pulse([
      'admin',
      'team',
      'join',
      '--team',
      'Core',
      '--person',
      'olive@example.com',
      '--observer',
    ]);
    expect(observer.stderr).toBe('Added olive@example.com to Core as an observer.\n');
  });

  it('lists active members by last name, observers left out, as JSON and plain rows', async () => {
    const members: V1Member[] = JSON.parse(await ok(['team', 'members', '--json']));
    expect(members.map((m) => [m.user.full_name, m.role, m.manager])).toEqual([
      ['Cy Adams', 'active', true],
      ['Ana Diaz', 'active', false],
      ['Ben Okafor', 'active', false],
    ]);
    const [cy, ana, ben] = members as [V1Member, V1Member, V1Member];
    expect(await ok(['team', 'members'])).toBe(
      [
        `${cy.id}\tCy Adams\t${cy.slug}\tcy@example.com\tactive\ttrue`,
        `${ana.id}\tAna Diaz\t${ana.slug}\tana@example.com\tactive\tfalse`,
        `${ben.id}\tBen Okafor\t${ben.slug}\tben@example.com\tactive\tfalse`,
        '',
      ].join('\n'),
    );
    const table = await ok(['team', 'members', '--no-color'], { stdoutIsTTY: true });
    const lines = table.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+SLUG\s+EMAIL\s+ROLE\s+MANAGER\s*$/);
    expect(lines.slice(1).map((line) => line.split(/\s{2,}/)[0])).toEqual([
      'Cy Adams',
      'Ana Diaz',
      'Ben Okafor',
    ]);
    expect(lines[1]).toMatch(/active\s+manager\s*$/);
    expect(table).not.toContain(cy.id);
  });

  it('--query narrows by name or email; --team names the team', async () => {
    const names = async (args: string[]) =>
      (JSON.parse(await ok(['team', 'members', '--json', ...args])) as V1Member[]).map(
        (m) => m.user.full_name,
      );
    expect(await names(['--query', 'OKA'])).toEqual(['Ben Okafor']);
    expect(await names(['--query', 'cy@'])).toEqual(['Cy Adams']);
    expect(await names(['--query', 'olive'])).toEqual([]);
    expect(await names(['--team', 'Core', '--query', 'example.com'])).toHaveLength(3);
    const unknown = await pulse(['team', 'members', '--team', 'Nope']);
    expect(unknown.exitCode).toBe(3);
  });
});

describe('pulse team report', () => {
  it("shows the metrics and every member's answers, blocked first, as plain text and JSON", async () => {
    await twoCheckIns();
    const { report, statuses } = await reportJson();
    expect(report.date).toBe(DAY);
    expect(report.metrics).toMatchObject({
      participation_count: 2,
      present_statuses_count: 2,
      blocked_count: 1,
      absent_statuses_count: 0,
      previous_completed_count: 1,
    });
    expect(statuses.map((s) => s.id).sort()).toEqual([...report.completed_status_ids].sort());
    const labels = report.question_labels;
    const expected = [
      'Report for Monday 2026-11-23',
      '2 of 2 present checked in · 1 blocked · 0 absent · 1 did what they planned',
      '',
      'Ben Okafor · BLOCKED',
      `${labels.previous} (done as planned)`,
      '  Fixed **login**',
      labels.next,
      '  Ship #release',
      labels.blockers,
      '  Waiting on #infra',
      '',
      'Ana Diaz',
      labels.previous,
      '  Reviewed the *plan* #release',
      labels.next,
      '  Write docs',
      labels.blockers,
      '  none',
      '',
    ].join('\n');
    expect(await ok(['team', 'report', DAY])).toBe(expected);
    // The default is the latest report; date words work.
    expect(await ok(['team', 'report'])).toBe(expected);
    expect(await ok(['team', 'report', 'today'])).toBe(expected);
  });

  it('renders Markdown on a terminal, blockers in red and bold when colour is on', async () => {
    await twoCheckIns();
    const plain = await ok(['team', 'report', DAY, '--no-color'], { stdoutIsTTY: true });
    expect(plain).toContain('\n  Fixed login\n');
    expect(plain).toContain('\n  Reviewed the plan #release\n');
    expect(plain).toContain('Ben Okafor · BLOCKED\n');
    const coloured = await ok(['team', 'report', DAY], { stdoutIsTTY: true });
    const style = new Chalk({ level: 1 });
    expect(coloured).toContain(`  ${style.red.bold('Waiting on #infra')}\n`);
    expect(coloured).toContain(style.red.bold('BLOCKED'));
    expect(coloured).not.toContain(style.red.bold('none'));
  });

  it('refuses a date that is not one (exit 2) and a day without a report (exit 3)', async () => {
    await twoCheckIns();
    expect((await pulse(['team', 'report', 'someday'])).exitCode).toBe(2);
    expect((await pulse(['team', 'report', '2026-11-22'])).exitCode).toBe(3); // a Sunday
  });
});

describe('pulse team tags and tag', () => {
  it('lists the tags, and the check-ins carrying one, newest first', async () => {
    await twoCheckIns();
    expect(await ok(['team', 'tags'])).toBe('infra\nrelease\n');
    expect(JSON.parse(await ok(['team', 'tags', '--json']))).toEqual(['infra', 'release']);

    const tagged: V1Status[] = JSON.parse(await ok(['team', 'tag', '#release', '--json']));
    expect(tagged.map((s) => s.user.full_name)).toEqual(['Ben Okafor', 'Ana Diaz']);
    const [ben, ana] = tagged as [V1Status, V1Status];
    expect(await ok(['team', 'tag', 'Release'])).toBe(
      [
        `${ben.id}\t${ben.title}\t${ben.completed_at}\ttrue`,
        `${ana.id}\t${ana.title}\t${ana.completed_at}\tfalse`,
        '',
      ].join('\n'),
    );
    expect(await ok(['team', 'tag', 'release', '--limit', '1'])).toBe(
      `${ben.id}\t${ben.title}\t${ben.completed_at}\ttrue\n`,
    );
    expect(
      JSON.parse(await ok(['team', 'tag', 'infra', '--json', '--all'])).map((s: V1Status) => s.id),
    ).toEqual([ben.id]);
    expect(await ok(['team', 'tag', 'nothing-here'])).toBe('');
    expect((await pulse(['team', 'tag', '#1234'])).exitCode).toBe(2);
  });
});

describe('pulse activity push', () => {
  it("prints the new status activity's id and the activity shows in activity list", async () => {
    const pushed = await pulse([
      'activity',
      'push',
      '--email',
      'ben@example.com',
      '--source',
      'github',
      '--description',
      'Merged <b>pull request 42</b>',
      '--url',
      'https://github.com/example/repo/pull/42',
    ]);
    expect(pushed.exitCode, pushed.stderr).toBe(0);
    expect(pushed.stdout).toMatch(new RegExp(`^${UUID}\\n$`));
    const id = pushed.stdout.trim();
    const activities = JSON.parse(await ok(['activity', 'list', '--json']));
    const found = activities.find((a: { description: string }) => a.description.includes('pull request 42'));
    expect(found).toMatchObject({
      group: 'github',
      url: 'https://github.com/example/repo/pull/42',
      person: { name: 'Ben Okafor' },
    });
    expect(['custom', 'github']).toContain(found.kind);

    const asJson = JSON.parse(
      await ok([
        'activity',
        'push',
        '--email',
        'ben@example.com',
        '--source',
        'ci',
        '--description',
        'Build green',
        '--json',
      ]),
    );
    expect(asJson).toMatchObject({ kind: 'ci', description: 'Build green', url: '' });
    expect(asJson.id).not.toBe(id);
  });

  it('refuses an email that is not a member (exit 2) and records nothing', async () => {
    const before = JSON.parse(await ok(['activity', 'list', '--json']));
    const result = await pulse([
      'activity',
      'push',
      '--email',
      'nobody@example.com',
      '--source',
      'github',
      '--description',
      'x',
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('nobody@example.com');
    expect(JSON.parse(await ok(['activity', 'list', '--json']))).toEqual(before);
  });
});
