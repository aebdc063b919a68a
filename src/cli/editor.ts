/** Long answers in the person's editor: PULSE_EDITOR > profile editor > VISUAL > EDITOR > vi. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandContext } from './command-context.js';

export async function editText(cc: CommandContext, initial: string, label: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pulse-'));
  const file = join(dir, `${label}.md`);
  try {
    await writeFile(file, initial, { mode: 0o600 });
    await cc.ctx.editFile(file, cc.settings.editor ?? 'vi');
    return (await readFile(file, 'utf8')).trimEnd();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
