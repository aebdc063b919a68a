/**
 * The confirmation before a command removes what cannot be brought back: asked on a terminal (no is the
 * default, and cancels with exit 130), or given beforehand with --yes, which a run without a terminal
 * (or with --no-input) must pass.
 */
import type { CommandContext } from './command-context.js';
import { CancelledError, UsageError } from './errors.js';

/**
 * Returns when the action may go on. `action` names it for the refusal without a terminal ("deleting a
 * goal"); `question` is asked on the terminal, made only then (it may read what it names).
 */
export async function confirmRemoval(
  cc: CommandContext,
  options: { yes?: boolean },
  action: string,
  question: () => string | Promise<string>,
): Promise<void> {
  if (options.yes) return;
  if (!cc.settings.interactive)
    throw new UsageError(`${action} needs --yes when there is no terminal to confirm on`);
  const message = await question();
  const { confirm } = await import('@inquirer/prompts');
  const sure = await confirm(
    { message, default: false },
    { input: cc.ctx.streams.stdin, output: cc.ctx.streams.stderr },
  );
  if (!sure) throw new CancelledError();
}
