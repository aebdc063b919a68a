/** Reading what a command is given as input: the whole of stdin, or a file named on the line ("-": stdin). */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CommandContext } from './command-context.js';
import { UsageError } from './errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Bytes as text, refusing any that are not UTF-8 (Node's own decoding would turn them into U+FFFD
 * silently): a usage error naming where they came from. A leading byte-order mark is dropped.
 */
function decoded(bytes: Uint8Array, label: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new UsageError(`${label}: not UTF-8 text (save it as UTF-8)`);
  }
}

async function stdinBytes(cc: CommandContext): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of cc.ctx.streams.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function readStdin(cc: CommandContext, label = 'stdin'): Promise<string> {
  return decoded(await stdinBytes(cc), label);
}

/**
 * A file's text, relative to the working directory, or stdin for "-". An unreadable file is a usage
 * error naming the flag or argument it came from (`label`).
 */
export async function readInputFile(cc: CommandContext, file: string, label: string): Promise<string> {
  if (file === '-') return readStdin(cc, `${label}: stdin`);
  return decoded(await readInputBytes(cc, file, label), `${label}: ${file}`);
}

/** A file's bytes as read, or stdin's for "-", for a command that diagnoses the encoding itself. */
export async function readInputBytes(cc: CommandContext, file: string, label: string): Promise<Uint8Array> {
  if (file === '-') return stdinBytes(cc);
  try {
    return await readFile(resolve(cc.ctx.cwd, file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `${label}: cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : (code ?? String(error))}`,
    );
  }
}

/** A flag whose value is free text (its placeholder says so): given "-", the text is read from stdin. */
export const FREE_TEXT_FLAG = /<(text|markdown|html|question|title)>$/;

/** A flag of the command line as commander describes it. */
interface FlagOption {
  readonly flags: string;
  readonly long?: string | undefined;
  attributeName(): string;
}

/**
 * Replaces the "-" given to free-text flags (`--body -`) by stdin's text, trailing line breaks dropped
 * (as `$(...)` drops them), the way `--file -` reads stdin. stdin is read once: two flags cannot share it.
 */
export async function readFreeTextFromStdin(
  cc: CommandContext,
  flags: readonly FlagOption[],
  options: Record<string, unknown>,
): Promise<void> {
  const dashed = flags.filter(
    (flag) => FREE_TEXT_FLAG.test(flag.flags) && options[flag.attributeName()] === '-',
  );
  const first = dashed[0];
  if (first === undefined) return;
  const sharing = [...dashed.map((flag) => flag.long), ...(options.file === '-' ? ['--file'] : [])];
  if (sharing.length > 1) throw new UsageError(`only one of ${sharing.join(', ')} can read stdin ("-")`);
  options[first.attributeName()] = (await readStdin(cc, `${first.long}: stdin`)).replace(/[\r\n]+$/, '');
}
