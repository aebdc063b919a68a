/** Drives a program through a real pseudo-terminal (node-pty), as a person at a keyboard would. */
import { stripVTControlCharacters } from 'node:util';
import pty from 'node-pty';
import { afterEach } from 'vitest';

export interface Terminal {
  /** Waits until the screen output (without escape codes) contains text, then returns it. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<string>;
  /** Types keys. */
  type(keys: string): void;
  /** Resolves with the exit code when the program ends. */
  exited: Promise<number>;
  output(): string;
}

const running: pty.IPty[] = [];
afterEach(() => {
  for (const child of running.splice(0)) {
    try {
      child.kill();
    } catch {}
  }
});

export const KEYS = { enter: '\r', down: '\u001b[B', ctrlC: '\u0003', space: ' ' };

export function spawnInTerminal(args: string[], env: Record<string, string>): Terminal {
  const child = pty.spawn(process.execPath, args, { name: 'xterm-256color', cols: 120, rows: 40, env });
  running.push(child);
  let raw = '';
  const listeners = new Set<() => void>();
  child.onData((data) => {
    raw += data;
    for (const listener of listeners) listener();
  });
  const exited = new Promise<number>((resolve) => child.onExit(({ exitCode }) => resolve(exitCode)));
  const output = () => stripVTControlCharacters(raw);
  let consumed = 0;
  return {
    output,
    exited,
    type: (keys) => child.write(keys),
    waitFor(text, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const screen = output();
          const rest = screen.slice(consumed);
          const found = typeof text === 'string' ? rest.indexOf(text) : rest.search(text);
          if (found < 0) return false;
          consumed += found + 1;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(screen);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${String(text)}; the screen shows:\n${output()}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
}
