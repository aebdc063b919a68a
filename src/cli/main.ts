/**
 * The program's entry: runs one command line and returns its exit code. Never exits the process, so
 * tests call it in-process; bin/pulse.js sets the exit code.
 */
import { execFileSync, spawn } from 'node:child_process';
import { userInfo } from 'node:os';
import { CommanderError } from 'commander';
import { systemClock } from '../core/clock.js';
import type { Context, LocalIdentity } from './context.js';
import { exitCodeFor, messageFor, UsageError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import { buildProgram } from './program.js';

export { buildProgram } from './program.js';

function gitConfig(key: string): string | undefined {
  try {
    const value = execFileSync('git', ['config', '--get', key], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return value.trim() || undefined;
  } catch {
    return undefined;
  }
}

function processIdentity(): LocalIdentity {
  const login = userInfo().username || 'me';
  return {
    name: gitConfig('user.name') ?? login,
    email: gitConfig('user.email') ?? `${login}@localhost`,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  };
}

function editFile(path: string, editor: string): Promise<void> {
  // Through the shell, so EDITOR may carry arguments ("code --wait"); the path is passed as $1, unquoted nowhere.
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', `${editor} "$1"`, 'editor', path], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new UsageError(`editor "${editor}" exited with ${code}`)),
    );
  });
}

export function processContext(): Context {
  return {
    streams: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
    env: process.env,
    clock: systemClock,
    cwd: process.cwd(),
    localIdentity: processIdentity,
    editFile,
  };
}

/** Runs a command line in a context and returns the exit code. */
export async function run(argv: string[], ctx: Context): Promise<number> {
  const program = buildProgram(ctx).exitOverride();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are printed by commander and are not failures; its parse errors are usage errors.
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    const code = exitCodeFor(error);
    const hint = code === ExitCode.usage && error instanceof UsageError ? '\nRun with --help for usage.' : '';
    ctx.streams.stderr.write(`pulse: ${messageFor(error)}${hint}\n`);
    if (ctx.env.PULSE_DEBUG && error instanceof Error && error.stack)
      ctx.streams.stderr.write(`${error.stack}\n`);
    return code;
  }
}

export function main(argv: string[]): Promise<number> {
  // A closed pipe (pulse ... | head) is not an error worth a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  return run(argv, processContext());
}
