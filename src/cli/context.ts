/**
 * What a command may use from the outside world. Commands receive this and nothing else, so tests run
 * them in-process with in-memory streams, a fixed clock and a temporary store.
 */
import type { Clock } from '../core/clock.js';

export interface InputStream extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?: (mode: boolean) => unknown;
}

export interface OutputStream extends NodeJS.WritableStream {
  isTTY?: boolean;
  columns?: number;
  /** A terminal's height in lines. */
  rows?: number;
}

export interface Streams {
  stdin: InputStream;
  stdout: OutputStream;
  stderr: OutputStream;
}

/** Who the person at this machine probably is, for creating a store on first use. */
export interface LocalIdentity {
  name: string;
  email: string;
  timeZone: string;
}

export interface Context {
  streams: Streams;
  env: Record<string, string | undefined>;
  clock: Clock;
  cwd: string;
  /** Guesses the local person from `git config` or the login name. */
  localIdentity(): Promise<LocalIdentity>;
  /** The system's IANA time zone, the default for new people. */
  systemTimeZone(): string;
  /** Aborts when the process is asked to stop (SIGINT, SIGTERM, or SIGHUP: its terminal closed); long-running commands and prompts watch it. */
  shutdownSignal(): AbortSignal;
  /** Opens a file in the person's editor and waits for it to close. */
  editFile(path: string, editor: string): Promise<void>;
  /**
   * Waits ms milliseconds, or less when signal aborts. Commands that wait wait through this (never real
   * timers), and count time by the waits they asked for, so tests with a fixed clock still time out.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * A signal that aborts ms milliseconds from now, for a whole command's deadline (`status --timeout`)
   * over work that runs on real time (network requests); waits the command asks for still go through
   * sleep.
   */
  deadline(ms: number): AbortSignal;
  /**
   * Shows text through a pager command (run by the shell, its output on the terminal) and waits for the
   * person to leave it. A pager that quits before reading everything is not an error.
   */
  page(command: string, text: string, env: Record<string, string | undefined>): Promise<void>;
}
