/** Reading what a command is given as input: the whole of stdin, or a file named on the line ("-": stdin). */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CommandContext } from './command-context.js';
import { UsageError } from './errors.js';

export async function readStdin(cc: CommandContext): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of cc.ctx.streams.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A file's text, relative to the working directory, or stdin for "-". An unreadable file is a usage
 * error naming the flag or argument it came from (`label`).
 */
export async function readInputFile(cc: CommandContext, file: string, label: string): Promise<string> {
  if (file === '-') return readStdin(cc);
  try {
    return await readFile(resolve(cc.ctx.cwd, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `${label}: cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : (code ?? String(error))}`,
    );
  }
}
