/** Drives a program through a real pseudo-terminal (node-pty), as a person at a keyboard would. */
import { stripVTControlCharacters } from 'node:util';
import pty from 'node-pty';
import { afterEach } from 'vitest';

export interface TerminalExit {
  exitCode: number;
  /** The signal that ended the program, if one did (0 or undefined otherwise). */
  signal: number | undefined;
}

export interface Terminal {
  /**
   * Waits until the output (without escape codes) shows text after the previous match, then returns the
   * whole output. Fails with what the screen shows after timeoutMs, or soon after the program ended.
   */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<string>;
  /** Types keys. */
  type(keys: string): void;
  /** Sends the program a signal (SIGHUP: as if its terminal closed). */
  kill(signal: string): void;
  /** Waits for a question (or any text), then types the answer keys. */
  answer(question: string | RegExp, keys: string, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code when the program ends. */
  exited: Promise<number>;
  /** Resolves with the exit code and the signal when the program ends. */
  exit: Promise<TerminalExit>;
  /** Everything the program has written so far, without escape codes. */
  output(): string;
  /** Everything the program has written so far, as written (escape codes included). */
  raw(): string;
}

export const KEYS = { enter: '\r', down: '\u001b[B', up: '\u001b[A', ctrlC: '\u0003', space: ' ' };

/** A deadline for output that never comes: a program on a loaded two-core machine can take seconds. */
const DEFAULT_TIMEOUT_MS = 30_000;
/** After the program ends, how long its last output may still be on its way through the terminal. */
const DRAIN_MS = 300;
const SCREEN_TAIL = 4_000;

interface Running {
  child: pty.IPty;
  exit: Promise<TerminalExit>;
  ended: boolean;
}

const running: Running[] = [];

afterEach(async () => {
  // Programs a failed test left waiting at a prompt: hang up, and wait (briefly) for them to go.
  await Promise.all(
    running.splice(0).map(async (entry) => {
      if (entry.ended) return;
      try {
        entry.child.kill();
      } catch {}
      await Promise.race([entry.exit, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      if (!entry.ended) {
        try {
          entry.child.kill('SIGKILL');
        } catch {}
      }
    }),
  );
});

const describeText = (text: string | RegExp) =>
  typeof text === 'string' ? JSON.stringify(text) : String(text);

/** Runs `program` (node by default, so args start with a script) in a new pseudo-terminal. */
export function spawnInTerminal(
  args: string[],
  env: Record<string, string>,
  size: { cols: number; rows: number } = { cols: 120, rows: 40 },
  program = process.execPath,
): Terminal {
  const child = pty.spawn(program, args, { name: 'xterm-256color', ...size, env });
  let raw = '';
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  child.onData((data) => {
    raw += data;
    notify();
  });
  const entry: Running = {
    child,
    ended: false,
    exit: new Promise<TerminalExit>((resolve) =>
      child.onExit(({ exitCode, signal }) => {
        entry.ended = true;
        resolve({ exitCode, signal });
        notify();
      }),
    ),
  };
  running.push(entry);

  const output = () => stripVTControlCharacters(raw);
  const screen = () => {
    const all = output();
    return all.length > SCREEN_TAIL ? `…${all.slice(-SCREEN_TAIL)}` : all;
  };
  // Where the next search starts: just after the start of the previous match, so that waiting for the
  // same question twice waits for it to be asked twice.
  let consumed = 0;

  const waitFor = (text: string | RegExp, timeoutMs = DEFAULT_TIMEOUT_MS) =>
    new Promise<string>((resolve, reject) => {
      let drain: NodeJS.Timeout | undefined;
      const finish = (error?: Error) => {
        listeners.delete(check);
        clearTimeout(timer);
        clearTimeout(drain);
        if (error) reject(error);
      };
      const check = () => {
        const all = output();
        const rest = all.slice(consumed);
        const found = typeof text === 'string' ? rest.indexOf(text) : rest.search(text);
        if (found >= 0) {
          consumed += found + 1;
          finish();
          resolve(all);
          return;
        }
        if (entry.ended && drain === undefined) {
          drain = setTimeout(
            () =>
              finish(
                new Error(
                  `the program ended before showing ${describeText(text)}; the screen shows:\n${screen()}`,
                ),
              ),
            DRAIN_MS,
          );
        }
      };
      const timer = setTimeout(
        () =>
          finish(
            new Error(
              `timed out after ${timeoutMs} ms waiting for ${describeText(text)}; the screen shows:\n${screen()}`,
            ),
          ),
        timeoutMs,
      );
      listeners.add(check);
      check();
    });

  const type = (keys: string) => child.write(keys);

  return {
    output,
    raw: () => raw,
    exit: entry.exit,
    exited: entry.exit.then(({ exitCode }) => exitCode),
    type,
    kill: (signal) => child.kill(signal),
    waitFor,
    async answer(question, keys, timeoutMs) {
      await waitFor(question, timeoutMs);
      type(keys);
    },
  };
}
