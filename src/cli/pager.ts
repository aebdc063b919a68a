/**
 * Long output on a terminal goes through a pager, as git and gh do: PULSE_PAGER, else PAGER, else
 * `less -FRX` (with LESS=FRX when LESS is unset). The command's stdout is held until it ends and paged
 * only when it is taller than the terminal, so a short answer prints as it would without one. Never when
 * stdout is not a terminal, with --no-pager, or when the pager is empty or `cat`.
 */
import { PassThrough } from 'node:stream';
import type { Context, OutputStream, Streams } from './context.js';

/** The pager command the environment chooses, or undefined for none. */
export function pagerCommand(env: Context['env']): string | undefined {
  const chosen = (env.PULSE_PAGER ?? env.PAGER ?? 'less -FRX').trim();
  return chosen === '' || chosen === 'cat' ? undefined : chosen;
}

/** The environment the pager runs in: LESS=FRX unless the person set LESS (quit if one screen, colours). */
export function pagerEnv(env: Context['env']): Record<string, string | undefined> {
  return env.LESS === undefined ? { ...env, LESS: 'FRX' } : { ...env };
}

/** A terminal's stdout that keeps what is written, keeping its TTY flag and width for the Output. */
function heldStdout(terminal: OutputStream): OutputStream & { text(): string } {
  const stream = new PassThrough() as unknown as OutputStream & { text(): string };
  const chunks: Buffer[] = [];
  (stream as unknown as PassThrough).on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.isTTY = true;
  if (terminal.columns !== undefined) stream.columns = terminal.columns;
  stream.text = () => Buffer.concat(chunks).toString('utf8');
  return stream;
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/**
 * Runs fn with the streams its output should go to: the context's own when there is nothing to page, or
 * stdout held and, at the end (even when fn fails), written out or piped through the pager when taller
 * than the terminal. Errors and notes stay on stderr, unheld.
 */
export async function withPager(
  ctx: Context,
  enabled: boolean,
  fn: (streams: Streams) => Promise<void>,
): Promise<void> {
  const { stdout } = ctx.streams;
  const command = pagerCommand(ctx.env);
  // A terminal that does not tell its height cannot be overflowed.
  if (!enabled || stdout.isTTY !== true || !stdout.rows || command === undefined) return fn(ctx.streams);
  const held = heldStdout(stdout);
  try {
    await fn({ stdin: ctx.streams.stdin, stdout: held, stderr: ctx.streams.stderr });
  } finally {
    // The PassThrough hands written chunks on at the next turn.
    await new Promise((resolve) => setImmediate(resolve));
    const text = held.text();
    if (lineCount(text) >= stdout.rows) await ctx.page(command, text, pagerEnv(ctx.env));
    else if (text !== '') stdout.write(text);
  }
}
