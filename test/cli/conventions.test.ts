/** CLI conventions people expect (issue 30): version and bare help, errors, typos, colour, stdin, ids. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { execPulse, isolatedEnv, type Result } from '../helpers/cli.js';
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
