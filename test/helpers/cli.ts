/**
 * Running pulse in tests: in-process through `run` with in-memory streams (fast, with a fixed clock),
 * or as the real built binary through execa (bin/pulse.js, as users run it).
 */
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { execa } from 'execa';
import type { Context, InputStream, OutputStream } from '../../src/cli/context.js';
import { run } from '../../src/cli/main.js';
import { type Clock, fixedClock } from '../../src/core/clock.js';
import { tempDir } from './temp.js';

export const BIN = resolve(import.meta.dirname, '../../bin/pulse.js');

/** A home of its own for each test: XDG data and config directories inside a temp dir. */
export function isolatedEnv(extra: Record<string, string> = {}): Record<string, string> {
  const home = tempDir('pulse-home-');
  return {
    HOME: home,
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_CACHE_HOME: join(home, 'cache'),
    TZ: 'UTC',
    // The run's choice of SQLite driver (docs/development.md, "Other Node versions") reaches the binary.
    ...(process.env.PULSE_SQLITE_DRIVER && { PULSE_SQLITE_DRIVER: process.env.PULSE_SQLITE_DRIVER }),
    ...extra,
  };
}

export interface InProcessOptions {
  env?: Record<string, string | undefined>;
  /** The command's working folder (default the test process's): where relative file names land. */
  cwd?: string;
  stdin?: string;
  stdinIsTTY?: boolean;
  stdoutIsTTY?: boolean;
  clock?: Clock;
  identity?: { name: string; email: string; timeZone: string };
  shutdown?: AbortSignal;
  /** Replaces the waits a command asks for (default: none, the command goes on at the next turn). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The terminal's height (stdout on a terminal); unset, nothing is paged. */
  rows?: number;
  /** Replaces the pager (default: the text goes to stdout, as `cat` would print it). */
  page?: Context['page'];
}

export interface Result {
  exitCode: number;
  stdout: string;
  stderr: string;
}

function memoryOutput(isTTY: boolean): OutputStream & { text(): string } {
  const stream = new PassThrough() as unknown as OutputStream & { text(): string };
  const chunks: Buffer[] = [];
  (stream as unknown as PassThrough).on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.isTTY = isTTY;
  stream.columns = 120;
  stream.text = () => Buffer.concat(chunks).toString('utf8');
  return stream;
}

/** A command's outside world in memory: streams whose text a test reads, a fixed clock by default. */
export function memoryContext(options: InProcessOptions = {}): {
  ctx: Context;
  stdout: () => string;
  stderr: () => string;
} {
  const stdin = new PassThrough() as unknown as InputStream;
  stdin.isTTY = options.stdinIsTTY ?? false;
  (stdin as unknown as PassThrough).end(options.stdin ?? '');
  const stdout = memoryOutput(options.stdoutIsTTY ?? false);
  if (options.rows !== undefined) stdout.rows = options.rows;
  const stderr = memoryOutput(false);
  const ctx: Context = {
    streams: { stdin, stdout, stderr },
    env: options.env ?? isolatedEnv(),
    clock: options.clock ?? fixedClock('2026-11-23T10:00:00Z'),
    cwd: options.cwd ?? process.cwd(),
    localIdentity: async () =>
      options.identity ?? { name: 'Ana Diaz', email: 'ana@example.com', timeZone: 'UTC' },
    systemTimeZone: () => options.identity?.timeZone ?? 'UTC',
    shutdownSignal: () => options.shutdown ?? new AbortController().signal,
    deadline: (ms) => AbortSignal.timeout(ms),
    editFile: async () => {
      throw new Error('no editor in this test');
    },
    sleep: options.sleep ?? (() => new Promise((resolveTurn) => setImmediate(resolveTurn))),
    page:
      options.page ??
      (async (_command, text) => {
        stdout.write(text);
      }),
  };
  return { ctx, stdout: () => stdout.text(), stderr: () => stderr.text() };
}

/** Runs `pulse ARGS` in this process with in-memory streams and (by default) a fixed clock. */
export async function runInProcess(args: string[], options: InProcessOptions = {}): Promise<Result> {
  const { ctx, stdout, stderr } = memoryContext(options);
  const exitCode = await run(args, ctx);
  await new Promise((resolveTick) => setImmediate(resolveTick));
  return { exitCode, stdout: stdout(), stderr: stderr() };
}

/** Runs the built binary, as a person or a script would, with an isolated home. */
export async function execPulse(
  args: string[],
  options: { env?: Record<string, string>; input?: string; timeoutMs?: number } = {},
): Promise<Result> {
  const result = await execa(process.execPath, [BIN, ...args], {
    env: options.env ?? isolatedEnv(),
    extendEnv: false,
    input: options.input ?? '',
    reject: false,
    // A deadline for a hung run only: one run can take seconds on a loaded two-core machine.
    timeout: options.timeoutMs ?? 60_000,
  });
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}

/** `pulse admin person add` of one person to one team: how most tests make a second member. */
export const addPersonArgs = (name: string, email: string, team: string): string[] => [
  'admin',
  'person',
  'add',
  '--name',
  name,
  '--email',
  email,
  '--team',
  team,
];

/** The account most CLI tests start from: Ana (administrator) and Ben, both in team Core. */
export async function initAnaAndBen(run: (args: string[]) => Promise<Result>): Promise<void> {
  for (const args of [
    ['init', '--name', 'Ana Diaz', '--email', 'ana@example.com', '--team', 'Core'],
    addPersonArgs('Ben Okafor', 'ben@example.com', 'Core'),
  ]) {
    const result = await run(args);
    if (result.exitCode !== 0) throw new Error(`pulse ${args.join(' ')} failed: ${result.stderr}`);
  }
}
