/**
 * `pulse completion bash|zsh|fish`: the bash script sourced by a real bash and its completion function
 * called as bash would call it (COMP_WORDS, COMP_CWORD), team names coming from the real binary through
 * the hidden `pulse __complete`; fish completing in a real fish (`complete -C`) and zsh in a real
 * interactive zsh on a pseudo-terminal; both scripts also checked by `-n` (CI installs both shells).
 */
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Command } from 'commander';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram, jsonFieldsOf } from '../../src/cli/program.js';
import { MOOD_NAMES } from '../../src/core/moods.js';
import { BIN, execPulse, initAnaAndBen, isolatedEnv, runInProcess } from '../helpers/cli.js';
import { spawnInTerminal } from '../helpers/pty.js';
import { missingParts } from '../helpers/system-parts.js';
import { tempDir } from '../helpers/temp.js';

const dir = tempDir('pulse-completion-');
const store = join(dir, 'pulse.db');
const env = isolatedEnv();
const script = join(dir, 'pulse.bash');
/** A `pulse` on PATH running the built binary, as the script calls the command it completes. */
const binDir = join(dir, 'bin');

/** The --json field names the program itself holds for a command (program.ts, from json-fields.ts). */
async function jsonFieldsOfCommand(path: string[]): Promise<string[]> {
  let command = await buildProgram({ env: {} } as never);
  for (const name of path) command = command.commands.find((sub) => sub.name() === name) as Command;
  return [...(jsonFieldsOf(command) ?? [])];
}

async function ok(args: string[]): Promise<string> {
  const result = await runInProcess(args, { env });
  expect(result.exitCode, `pulse ${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

beforeAll(async () => {
  await initAnaAndBen((args) => runInProcess(['--store', store, ...args], { env }));
  await ok(['--store', store, 'admin', 'team', 'add', '--name', 'Platform Team']);
  writeFileSync(script, await ok(['completion', 'bash']));
  mkdirSync(binDir);
  writeFileSync(join(binDir, 'pulse'), `#!/bin/sh\nexec node ${JSON.stringify(BIN)} "$@"\n`);
  chmodSync(join(binDir, 'pulse'), 0o755);
});

/** What the bash completion offers for a command line whose last word is being completed. */
async function complete(...words: string[]): Promise<string[]> {
  const result = await execa(
    'bash',
    [
      '-c',
      `source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _pulse; printf '%s\\n' "\${COMPREPLY[@]}"`,
      script,
      ...words,
    ],
    { env: { ...env, PATH: `${binDir}:${process.env.PATH}`, PULSE_STORE: store }, extendEnv: false },
  );
  expect(result.stderr).toBe('');
  return String(result.stdout).split('\n').filter(Boolean);
}

describe('pulse completion bash', () => {
  it('is valid bash', async () => {
    const result = await execa('bash', ['-n', script], { reject: false });
    expect(result.exitCode, result.stderr).toBe(0);
  });

  it('completes commands, subcommands and flags', async () => {
    expect(await complete('pulse', 'che')).toEqual(['checkin']);
    expect(await complete('pulse', 'checkin', 'li')).toEqual(['list']);
    expect(await complete('pulse', 'checkin', '--mo')).toEqual(['--mood']);
    expect(await complete('pulse', 'goal', 'update', 'create', '--conf')).toEqual(['--confidence']);
    // A flag's value is not a command: `list` after --previous does not enter `checkin list`.
    expect(await complete('pulse', 'checkin', '--previous', 'list', '--lim')).toEqual([]);
  });

  it('completes the values of choice flags', async () => {
    expect(await complete('pulse', 'checkin', '--mood', '')).toEqual(MOOD_NAMES);
    expect(await complete('pulse', 'checkin', '--mood', 'st')).toEqual(['stressed']);
    expect(await complete('pulse', 'admin', 'token', 'create', '--scope', '')).toEqual(['read', 'write']);
    expect(await complete('pulse', 'status', 'notices', '--type', '')).toEqual(['planned', 'unplanned']);
  });

  it("completes --flag=VALUE, whole in one word and after bash's own split at the =", async () => {
    expect(await complete('pulse', 'checkin', '--mood=st')).toEqual(['--mood=stressed']);
    expect(await complete('pulse', 'admin', 'token', 'create', '--scope=w')).toEqual(['--scope=write']);
    expect(await complete('pulse', 'team', 'members', '--team=Pl')).toEqual(['--team=Platform\\ Team']);
    // Real bash splits `--mood=st` into --mood, = and st (COMP_WORDBREAKS); the value alone is replaced.
    expect(await complete('pulse', 'checkin', '--mood', '=', 'st')).toEqual(['stressed']);
    expect(await complete('pulse', 'status', 'notices', '--type', '=')).toEqual(['planned', 'unplanned']);
    expect(await complete('pulse', 'checkin', 'list', '--person', '=', 'b')).toEqual(['ben@example.com']);
    // A value given that way is skipped as a value: `list` after --previous= does not enter `checkin list`.
    expect(await complete('pulse', 'checkin', '--previous', '=', 'list', '--lim')).toEqual([]);
  });

  it('completes --json field names from the command tree, after = or a comma', async () => {
    const goalFields = await jsonFieldsOfCommand(['goal', 'list']);
    expect(await complete('pulse', 'goal', 'list', '--json=ti')).toEqual(['--json=title']);
    expect(await complete('pulse', 'goal', 'list', '--json=id,ti')).toEqual(['--json=id,title']);
    expect(await complete('pulse', 'goal', 'list', '--json', '=', 'ti')).toEqual(['title']);
    expect(await complete('pulse', 'goal', 'list', '--json', '=', 'id,ti')).toEqual(['id,title']);
    // After --json and a space: fields where the word is always fields (no arguments), none otherwise.
    expect(await complete('pulse', 'goal', 'list', '--json', '')).toEqual(goalFields);
    expect(await complete('pulse', 'goal', 'list', '--json', 'id,ti')).toEqual(['id,title']);
    expect(await complete('pulse', 'goal', 'view', '--json', 'ti')).toEqual([]);
    expect(await complete('pulse', 'goal', 'view', '--json=ti')).toEqual(['--json=title']);
    // A flag after --json is a flag, and the word after --json FIELDS is not read as an argument.
    expect(await complete('pulse', 'goal', 'list', '--json', '--li')).toEqual(['--limit']);
    expect(await complete('pulse', 'goal', 'list', '--json', '--limit', '5', '--js')).toEqual(['--json']);
  });

  it('completes team names and emails from the store, through pulse __complete', async () => {
    expect(await complete('pulse', 'team', 'members', '--team', '')).toEqual(['Core', 'Platform\\ Team']);
    expect(await complete('pulse', 'checkin', 'list', '--person', 'b')).toEqual(['ben@example.com']);
    expect(await complete('pulse', 'team', 'view', 'Pl')).toEqual(['Platform\\ Team']);
  });
});

describe('pulse __complete', () => {
  it('prints one candidate a line and is hidden from --help', async () => {
    expect(await ok(['--store', store, '__complete', 'teams'])).toBe('Core\nPlatform Team\n');
    expect(await ok(['--store', store, '__complete', 'people'])).toBe('ana@example.com\nben@example.com\n');
    expect(await ok(['--help'])).not.toContain('__complete');
  });

  it('says nothing and exits 0 when it cannot answer, creating no store', async () => {
    const missing = join(dir, 'none.db');
    for (const args of [
      ['--store', missing, '__complete', 'teams'],
      ['--store', store, '__complete', 'goals'],
      ['__complete', 'people'],
    ]) {
      expect(await runInProcess(args, { env: isolatedEnv({ PULSE_STORE: missing }) })).toEqual({
        exitCode: 0,
        stdout: '',
        stderr: '',
      });
    }
    expect(existsSync(missing)).toBe(false);
    // Remote and offline: nothing on either stream.
    const offline = await runInProcess(['__complete', 'teams'], {
      env: isolatedEnv({ PULSE_BASE_URL: 'http://127.0.0.1:9', PULSE_TOKEN: 'x' }),
    });
    expect(offline).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('asks a failing deployment once, without the retries of other commands', async () => {
    let requests = 0;
    const failing = createServer((_request, response) => {
      requests++;
      response.writeHead(503).end();
    });
    await new Promise<void>((ready) => failing.listen(0, '127.0.0.1', ready));
    try {
      const { port } = failing.address() as AddressInfo;
      const options = {
        env: isolatedEnv({ PULSE_BASE_URL: `http://127.0.0.1:${port}`, PULSE_TOKEN: 'service_pat_x' }),
        sleep: async () => {},
      };
      expect(await runInProcess(['__complete', 'teams'], options)).toEqual({
        exitCode: 0,
        stdout: '',
        stderr: '',
      });
      expect(requests).toBe(1);
      // The same list as a command retries a 503.
      requests = 0;
      expect((await runInProcess(['team', 'list'], options)).exitCode).not.toBe(0);
      expect(requests).toBeGreaterThan(1);
    } finally {
      await new Promise((closed) => failing.close(closed));
    }
  });
});

// Each shell's tests skip, saying why, where it does not run (system-parts.ts); CI requires both.
const noFish = await missingParts('fish');
const noZsh = await missingParts('zsh');

describe.skipIf(noFish)('pulse completion fish', () => {
  /** What fish offers for a command line (`complete -C`), with the script sourced in a bare fish. */
  async function fishComplete(line: string): Promise<string[]> {
    const file = join(dir, 'pulse.fish');
    writeFileSync(file, await ok(['completion', 'fish']));
    const result = await execa(
      'fish',
      ['--no-config', '-c', `source $argv[1]; complete -C $argv[2]`, file, line],
      {
        env: { ...env, PATH: `${binDir}:${process.env.PATH}`, PULSE_STORE: store },
        extendEnv: false,
      },
    );
    expect(result.stderr).toBe('');
    // Each candidate may carry a tab and its description.
    return String(result.stdout)
      .split('\n')
      .filter(Boolean)
      .map((candidate) => candidate.split('\t')[0] as string);
  }

  it('completes commands, flags, moods, teams and people in a real fish', async () => {
    expect(await fishComplete('pulse che')).toEqual(['checkin']);
    expect(await fishComplete('pulse checkin --mo')).toEqual(['--mood']);
    expect(await fishComplete('pulse checkin --mood st')).toEqual(['stressed']);
    expect(await fishComplete('pulse team members --team ')).toEqual(['Core', 'Platform Team']);
    expect(await fishComplete('pulse checkin list --person b')).toEqual(['ben@example.com']);
  });

  it('completes --flag=VALUE and --json field names in a real fish', async () => {
    expect(await fishComplete('pulse checkin --mood=st')).toEqual(['--mood=stressed']);
    expect(await fishComplete('pulse checkin list --person=b')).toEqual(['--person=ben@example.com']);
    expect(await fishComplete('pulse goal list --json=id,ti')).toEqual(['--json=id,title']);
    expect(await fishComplete('pulse goal list --json ti')).toEqual(['title']);
    // fish sorts the candidates.
    expect(await fishComplete('pulse goal list --json ')).toEqual(
      (await jsonFieldsOfCommand(['goal', 'list'])).sort(),
    );
    expect(await fishComplete('pulse goal list --json --li')).toEqual(['--limit']);
  });
});

describe.skipIf(noZsh)('pulse completion zsh', () => {
  it('completes moods, teams, people, --flag=VALUE and --json fields in a real interactive zsh (a pseudo-terminal)', async () => {
    const file = join(dir, 'pulse.zsh');
    writeFileSync(file, await ok(['completion', 'zsh']));
    const zsh = spawnInTerminal(
      ['-f', '-i'],
      { ...env, PATH: `${binDir}:${process.env.PATH}`, PULSE_STORE: store, PS1: 'ready%% ', TERM: 'xterm' },
      { cols: 200, rows: 40 },
      'zsh',
    );
    await zsh.waitFor('ready%');
    zsh.type(`autoload -U compinit && compinit -u && source ${file} && print loaded\r`);
    await zsh.waitFor('loaded');
    // TAB with one candidate completes the word in place; with several, zsh lists them under the line.
    zsh.type('pulse checkin --mood st\t');
    await zsh.waitFor('--mood stressed');
    zsh.type('\u0015pulse team members --team \t');
    await zsh.waitFor(/Core\s+Platform\\ Team/);
    zsh.type('\u0015pulse checkin list --person b\t');
    await zsh.waitFor('--person ben@example.com');
    zsh.type('\u0015pulse checkin --mood=st\t');
    await zsh.waitFor('--mood=stressed');
    zsh.type('\u0015pulse goal list --json=id,ti\t');
    await zsh.waitFor('--json=id,title');
    zsh.type('\u0015pulse team members --team=Pl\t');
    await zsh.waitFor('--team=Platform\\ Team');
    zsh.type('\u0015exit\r');
    expect(await zsh.exited).toBe(0);
  });
});

describe('pulse completion', () => {
  it('exits 2 naming the shells for an unknown one (the real binary)', async () => {
    const result = await execPulse(['completion', 'tcsh']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('bash, zsh, fish');
    expect(result.stdout).toBe('');
  });

  for (const shell of ['zsh', 'fish'] as const) {
    it(`writes a ${shell} script with the commands, checked by ${shell} -n when installed`, async () => {
      const text = await ok(['completion', shell]);
      for (const expected of [
        'checkin',
        "'checkin list'",
        '--mood',
        'calm',
        '@teams',
        '@people',
        '__complete',
      ])
        expect(text).toContain(expected);
      const file = join(dir, `pulse.${shell}`);
      writeFileSync(file, text);
      // Where the shell does not run (its reason printed above), the content checks only.
      if (shell === 'zsh' ? noZsh : noFish) return;
      const result = await execa(shell, ['-n', file], { reject: false });
      expect(result.exitCode, result.stderr).toBe(0);
    });
  }
});
