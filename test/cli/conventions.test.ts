/** CLI conventions people expect (issue 30): version and bare help, errors, typos, colour, stdin, ids. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, execPulse, isolatedEnv, type Result } from '../helpers/cli.js';
import { spawnInTerminal } from '../helpers/pty.js';
import { tempDir } from '../helpers/temp.js';

const ESC = '\u001b';
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

let env: Record<string, string>;
let store: string;
const pulse = (args: string[], options: { env?: Record<string, string>; input?: string } = {}) =>
  execPulse(['--store', store, ...args], { env: { ...env, ...options.env }, input: options.input ?? '' });
const ok = async (args: string[], options: { env?: Record<string, string>; input?: string } = {}) => {
  const result = await pulse(args, options);
  expect(result.exitCode, result.stderr).toBe(0);
  return result;
};
const usage = (message: string): Partial<Result> => ({
  exitCode: 2,
  stdout: '',
  stderr: `pulse: ${message}\nRun with --help for usage.`,
});

beforeAll(async () => {
  env = isolatedEnv();
  store = join(tempDir(), 'pulse.db');
  await ok(['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core']);
});

describe('version and help', () => {
  it('prints the version for `version`, -v, -V and --version', async () => {
    for (const args of [['version'], ['-v'], ['-V'], ['--version']]) {
      const result = await execPulse(args, { env });
      expect([args, result.exitCode, result.stdout, result.stderr]).toEqual([args, 0, pkg.version, '']);
    }
  });

  it('prints the help on stdout with exit 0 for `pulse` alone, as for --help', async () => {
    const bare = await execPulse([], { env });
    const help = await execPulse(['--help'], { env });
    expect([bare.exitCode, bare.stderr]).toEqual([0, '']);
    expect(bare.stdout).toBe(help.stdout);
    expect(bare.stdout).toMatch(/^Usage: pulse \[options\] \[command\]/);
  });
});

describe('errors', () => {
  it('words parse errors as the commands word theirs: pulse: MESSAGE, then the usage hint', async () => {
    expect(await pulse(['checkin', 'list', '--bogus'])).toMatchObject(usage("unknown option '--bogus'"));
    expect(await pulse(['checkin', 'list', '--jsn'])).toMatchObject(
      usage("unknown option '--jsn'. Did you mean --json?"),
    );
    expect(await pulse(['completion', 'tcsh'])).toMatchObject(
      usage(
        "command-argument value 'tcsh' is invalid for argument 'shell'. Allowed choices are bash, zsh, fish.",
      ),
    );
  });

  it('suggests the nearest subcommand for a typo, exit 2', async () => {
    expect(await pulse(['checkin', 'lst'])).toMatchObject(
      usage("unknown command 'lst' for 'checkin'. Did you mean list?"),
    );
    expect(await pulse(['goal', 'veiw', 'x'])).toMatchObject(
      usage("unknown command 'veiw' for 'goal'. Did you mean view?"),
    );
    expect(await pulse(['goal', 'update', 'crate'])).toMatchObject(
      usage("unknown command 'crate' for 'goal update'. Did you mean create?"),
    );
    expect(await pulse(['chekin'])).toMatchObject(usage("unknown command 'chekin'. Did you mean checkin?"));
    expect(await pulse(['goal', 'zzzzzzzz'])).toMatchObject(usage("unknown command 'zzzzzzzz' for 'goal'"));
    // The subcommands of a verb that has them still refuse extra words.
    expect(await pulse(['checkin', 'list', 'extra'])).toMatchObject(
      usage("too many arguments for 'list'. Expected 0 arguments but got 1."),
    );
  });
});

describe('colour', () => {
  it('is forced by FORCE_COLOR or CLICOLOR_FORCE when piped; NO_COLOR and --no-color still win', async () => {
    const bold = new RegExp(`${ESC}\\[[\\d;]*1mAna Diaz${ESC}\\[[\\d;]*22m`);
    expect((await ok(['me'])).stdout).not.toContain('\u001b[');
    expect((await ok(['me'], { env: { FORCE_COLOR: '1' } })).stdout).toMatch(bold);
    expect((await ok(['me'], { env: { CLICOLOR_FORCE: '1' } })).stdout).toMatch(bold);
    expect((await ok(['me'], { env: { FORCE_COLOR: '0' } })).stdout).not.toContain('\u001b[');
    expect((await ok(['me'], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } })).stdout).not.toContain('\u001b[');
    expect((await ok(['me', '--no-color'], { env: { FORCE_COLOR: '1' } })).stdout).not.toContain('\u001b[');
  });
});

describe('creates and views', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('print the new id alone on stdout, and the whole object with --json', async () => {
    const goal = (await ok(['goal', 'create', '--title', 'Ship it', '--json', 'id'])).stdout;
    const goalId = JSON.parse(goal).id as string;
    const update = await ok(['goal', 'update', 'create', goalId, '--progress', '10']);
    expect(update.stdout.trimEnd()).toMatch(UUID);
    const updateId = update.stdout.trim();
    expect(update.stderr).toBe('Posted an update to "Ship it": 10%, On track.');
    const comment = await ok(['goal', 'update', 'comment', updateId, '--body', 'nice']);
    expect(comment.stdout.trimEnd()).toMatch(UUID);
    const comments = JSON.parse((await ok(['goal', 'update', 'comments', updateId, '--json'])).stdout);
    expect(comments.map((c: { id: string }) => c.id)).toEqual([comment.stdout.trim()]);
    const react = await ok(['goal', 'update', 'react', updateId, 'tada']);
    expect(react.stdout.trimEnd()).toMatch(UUID);
    const again = await ok(['goal', 'update', 'react', updateId, 'tada', '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ id: react.stdout.trim(), name: 'tada' });
    const viaJson = JSON.parse(
      (await ok(['goal', 'update', 'create', goalId, '--progress', '20', '--json'])).stdout,
    );
    expect(viaJson).toMatchObject({ progress: 20 });
    expect(viaJson.id).toMatch(UUID);
  });

  it('end a view with the id and the command that shows it, not an API address', async () => {
    const id = (await ok(['goal', 'create', '--title', 'Viewed', '--json', 'id'])).stdout;
    const goalId = JSON.parse(id).id as string;
    const view = await ok(['goal', 'view', goalId]);
    expect(view.stdout.trimEnd().split('\n').at(-1)).toBe(`${goalId}  pulse goal view ${goalId}`);
    expect(view.stdout).not.toContain('http');
    const me = await ok(['me']);
    expect(me.stdout.trimEnd().split('\n').at(-1)).toMatch(/^(\S+) {2}pulse people view \1$/);
  });
});

describe('free text from stdin', () => {
  it('reads a free-text flag given "-" from stdin, as --file - does', async () => {
    const goalId = JSON.parse((await ok(['goal', 'create', '--title', 'Piped', '--json', 'id'])).stdout).id;
    const update = await ok(
      ['goal', 'update', 'create', goalId, '--body', '-', '--title', 'T', '--json', 'body'],
      {
        input: 'Line one\n\n- a **list**\n',
      },
    );
    expect(JSON.parse(update.stdout)).toEqual({ body: 'Line one\n\n- a **list**' });
    const titled = await ok(['goal', 'create', '--title', '-', '--json', 'title'], { input: 'From stdin\n' });
    expect(JSON.parse(titled.stdout)).toEqual({ title: 'From stdin' });
  });

  it('refuses two flags reading stdin at once, nothing created', async () => {
    const before = (await ok(['goal', 'list'])).stdout;
    expect(
      await pulse(['goal', 'create', '--title', '-', '--description', '-'], { input: 'x' }),
    ).toMatchObject(usage('only one of --title, --description can read stdin ("-")'));
    expect((await ok(['goal', 'list'])).stdout).toBe(before);
  });
});

describe('short ids', () => {
  const ids = ['00140000-0000-4000-8000-000000000001', '00140000-0000-4000-8000-000000000002'];
  const single = '00150000-0000-4000-8000-000000000003';
  const updateIds = ['0a140000-0000-4000-8000-000000000001', '0a140000-0000-4000-8000-000000000002'];
  const singleUpdate = '0a150000-0000-4000-8000-000000000003';
  const answerIds = ['0e140000-0000-4000-8000-000000000001', '0e140000-0000-4000-8000-000000000002'];
  const singleAnswer = '0e150000-0000-4000-8000-000000000003';

  beforeAll(async () => {
    // Goals, goal updates and Echo answers with ids of a known shape, brought in by an import (it keeps
    // ids). The template goal's update and the question give the exported shapes.
    const template = JSON.parse((await ok(['goal', 'create', '--title', 'Template', '--json'])).stdout).id;
    await ok(['goal', 'update', 'create', template, '--progress', '5']);
    await ok([
      'echo',
      'create',
      '--title',
      'Blockers',
      '--prompt',
      'What blocked us?',
      '--frequency',
      'daily',
      '--time',
      '09:00',
    ]);
    const file = join(tempDir(), 'export.json');
    await ok(['export', '--output', file]);
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    const [goal] = exported.goals;
    const [update] = exported.goal_updates;
    const [question] = exported.echo_questions;
    exported.goals = [...ids, single].map((id, index) => ({ ...goal, id, title: `Goal ${index}` }));
    exported.goal_updates = [...updateIds, singleUpdate].map((id) => ({
      ...update,
      id,
      goal: { ...update.goal, id: single },
    }));
    exported.echo_answers = [...answerIds, singleAnswer].map((id, index) => ({
      type: 'echo-answer',
      id,
      question: { id: question.id, title: question.title },
      title: `Blockers - Nov ${index + 2}, 2026`,
      body: `Answer ${index}`,
      published_at: `2026-11-0${index + 2}T09:00:00Z`,
      url: `${question.url}/answers`,
    }));
    writeFileSync(file, JSON.stringify(exported));
    await ok(['import', file]);
  });

  it('takes a short id of a goal update or an Echo answer in every command that names one', async () => {
    expect(JSON.parse((await ok(['goal', 'update', 'view', '0a15', '--json', 'id'])).stdout)).toEqual({
      id: singleUpdate,
    });
    await ok(['goal', 'update', 'edit', '0a150', '--progress', '60']);
    await ok(['goal', 'update', 'comment', '0a15', '--body', 'on a short id']);
    expect((await ok(['goal', 'update', 'comments', '0a15'])).stdout).toContain('on a short id');
    await ok(['goal', 'update', 'react', '0a15', 'tada']);
    expect(JSON.parse((await ok(['goal', 'update', 'reactions', '0a15', '--json', 'name'])).stdout)).toEqual([
      { name: 'tada' },
    ]);
    expect(
      JSON.parse((await ok(['goal', 'update', 'view', singleUpdate, '--json', 'progress'])).stdout),
    ).toEqual({
      progress: 60,
    });
    expect(JSON.parse((await ok(['echo', 'answer', 'view', '0e15', '--json', 'id,body'])).stdout)).toEqual({
      id: singleAnswer,
      body: 'Answer 2',
    });
    expect(await pulse(['goal', 'update', 'delete', '0a14', '--yes'])).toMatchObject({
      exitCode: 2,
      stderr: `pulse: the short id 0a14 is ambiguous: 2 goal updates match (${updateIds.join(', ')}); give more characters`,
    });
    expect(await pulse(['echo', 'answer', 'view', '0e14'])).toMatchObject({
      exitCode: 2,
      stderr: `pulse: the short id 0e14 is ambiguous: 2 Echo answers match (${answerIds.join(', ')}); give more characters`,
    });
    expect(await pulse(['echo', 'answer', 'view', '0e16'])).toMatchObject({
      exitCode: 3,
      stderr: 'pulse: no Echo answer has an id starting with 0e16',
    });
    await ok(['goal', 'update', 'delete', '0a15', '--yes']);
    expect(await pulse(['goal', 'update', 'view', singleUpdate])).toMatchObject({ exitCode: 3 });
  });

  it('takes a unique prefix of 4 or more characters wherever an id is taken', async () => {
    expect((await ok(['goal', 'view', '0015'])).stdout.trimEnd().split('\n').at(-1)).toBe(
      `${single}  pulse goal view ${single}`,
    );
    const update = await ok(['goal', 'update', 'create', '0015', '--progress', '5']);
    const updateId = update.stdout.trim();
    const short = updateId.slice(0, 6);
    expect(JSON.parse((await ok(['goal', 'update', 'view', short, '--json', 'id'])).stdout)).toEqual({
      id: updateId,
    });
    await ok(['goal', 'update', 'comment', short, '--body', 'by a short id']);
    expect((await ok(['goal', 'update', 'comments', short])).stdout).toContain('by a short id');
    await ok(['goal', 'edit', '00150', '--title', 'Renamed']);
    expect(JSON.parse((await ok(['goal', 'view', single, '--json', 'title'])).stdout)).toEqual({
      title: 'Renamed',
    });
  });

  it('lists the ids an ambiguous prefix matches (exit 2), and a prefix matching none is not found (exit 3)', async () => {
    expect(await pulse(['goal', 'view', '0014'])).toMatchObject({
      exitCode: 2,
      stdout: '',
      stderr: `pulse: the short id 0014 is ambiguous: 2 goals match (${ids.join(', ')}); give more characters`,
    });
    expect(await pulse(['goal', 'update', 'view', 'ffff'])).toMatchObject({
      exitCode: 3,
      stderr: 'pulse: no goal update has an id starting with ffff',
    });
  });
});

describe('on a terminal', () => {
  const onTerminal = async (args: string[], cols: number) => {
    const terminal = spawnInTerminal(
      [BIN, '--store', store, ...args],
      { ...env, TERM: 'xterm-256color' },
      {
        cols,
        rows: 200,
      },
    );
    expect(await terminal.exited).toBe(0);
    return terminal.output().replace(/\r\n/g, '\n');
  };

  it('wraps Markdown by display width: CJK and emoji take two columns', async () => {
    const japanese =
      '今日は新しいインポーターの設計を見直して、テストを追加し、レビューの指摘に対応しました。🎉'.repeat(2);
    const goalId = JSON.parse(
      (await ok(['goal', 'create', '--title', 'Wide', '--description', japanese, '--json', 'id'])).stdout,
    ).id;
    const shown = await onTerminal(['goal', 'view', goalId], 40);
    // The last line (the id and the command that shows it) is not Markdown.
    const lines = shown.trimEnd().split('\n').slice(0, -1);
    expect(lines.map((line) => stringWidth(line)).filter((width) => width > 40)).toEqual([]);
    // Nothing lost: the lines of the description put together give it back.
    const start = lines.findIndex((line) => line.startsWith('今日'));
    expect(lines.slice(start, start + 6).join('')).toContain(japanese);
  });

  it('shows every date-time column relative to now on a terminal, exact when piped', async () => {
    await ok(['admin', 'oauth-client', 'add', '--name', 'Tool', '--redirect-uri', 'http://127.0.0.1/cb']);
    const table = await onTerminal(['admin', 'oauth-client', 'list'], 160);
    expect(table).toMatch(/Tool .* (just now|\d+ (second|minute)s? ago)/);
    const piped = (await ok(['admin', 'oauth-client', 'list'])).stdout;
    expect(piped).toMatch(/\tTool\t.*\t\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/m);
  });

  it('wraps help texts and topics to the terminal width', async () => {
    for (const args of [
      ['help', 'environment'],
      ['help', 'formatting'],
      ['absence', '--help'],
    ]) {
      const lines = (await onTerminal(args, 72)).split('\n');
      expect([args, lines.filter((line) => stringWidth(line) > 72)]).toEqual([args, []]);
    }
    const wide = (await onTerminal(['help', 'environment'], 200)).split('\n');
    expect(wide.some((line) => line.includes('PULSE_STORE') && line.includes('for operator commands'))).toBe(
      true,
    );
  });
});
