/** The real outside world for a command: this process's streams, environment, clock, git and editor. */
import { systemClock } from '../core/clock.js';
import type { Context, LocalIdentity } from './context.js';
import { UsageError } from './errors.js';

async function gitConfig(key: string): Promise<string | undefined> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) => {
    execFile('git', ['config', '--get', key], { encoding: 'utf8' }, (error, stdout) =>
      resolve(error ? undefined : stdout.trim() || undefined),
    );
  });
}

export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

async function localIdentity(): Promise<LocalIdentity> {
  const { userInfo } = await import('node:os');
  const login = userInfo().username || 'me';
  const [name, email] = await Promise.all([gitConfig('user.name'), gitConfig('user.email')]);
  return { name: name ?? login, email: email ?? `${login}@localhost`, timeZone: systemTimeZone() };
}

async function editFile(path: string, editor: string): Promise<void> {
  const { spawn } = await import('node:child_process');
  // Through the shell, so EDITOR may carry arguments ("code --wait"); the path travels as $1.
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', `${editor} "$1"`, 'editor', path], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new UsageError(`editor "${editor}" exited with ${code}`)),
    );
  });
}

async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  const { setTimeout: wait } = await import('node:timers/promises');
  // An aborted wait ends early and quietly: the caller looks at the signal.
  await wait(ms, undefined, signal ? { signal } : {}).catch(() => undefined);
}

async function page(command: string, text: string, env: Record<string, string | undefined>): Promise<void> {
  const { spawn } = await import('node:child_process');
  // Ctrl-C in the pager is the pager's (less stays open), not a reason for pulse to die under it.
  const ignore = () => undefined;
  process.on('SIGINT', ignore);
  await new Promise<void>((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], { stdio: ['pipe', 'inherit', 'inherit'], env });
    // q in less closes its stdin before it has read everything: EPIPE, which is no failure.
    child.stdin.on('error', () => undefined);
    child.on('error', () => {
      process.stdout.write(text);
      resolve();
    });
    child.on('close', (code) => {
      // The shell found no such pager: the output must not be lost.
      if (code === 127) process.stdout.write(text);
      resolve();
    });
    child.stdin.end(text);
  }).finally(() => process.off('SIGINT', ignore));
}

let shutdown: AbortController | undefined;

function shutdownSignal(): AbortSignal {
  if (!shutdown) {
    const controller = new AbortController();
    shutdown = controller;
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
    // Listening for good (not once): a library's exit hook (the prompts') kills the process itself when
    // it sees no other listener left, before the command could keep what it must.
    const stop = (signal: NodeJS.Signals) => {
      if (!controller.signal.aborted) return controller.abort(signal);
      // A second Ctrl-C: stop now, as without a listener. A repeated SIGTERM or SIGHUP does not cut a
      // shutdown under way short (supervisors repeat them; their last word is SIGKILL).
      if (signal !== 'SIGINT') return;
      for (const each of signals) process.removeAllListeners(each);
      process.kill(process.pid, signal);
    };
    for (const signal of signals) process.on(signal, stop);
  }
  return shutdown.signal;
}

export function processContext(): Context {
  return {
    streams: {
      // Made on first use: creating stdin costs a command that never reads it (most) ~1 ms.
      get stdin() {
        return process.stdin;
      },
      stdout: process.stdout,
      stderr: process.stderr,
    },
    env: process.env,
    clock: systemClock,
    cwd: process.cwd(),
    localIdentity,
    systemTimeZone,
    shutdownSignal,
    deadline: (ms) => AbortSignal.timeout(ms),
    editFile,
    sleep,
    page,
  };
}
