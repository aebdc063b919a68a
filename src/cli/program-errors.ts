/**
 * How commander's parse errors read: as the commands' own (`pulse: MESSAGE`, one line, then the usage
 * hint), and a word that names no subcommand is an unknown command with the nearest one suggested.
 */
import type { Command } from 'commander';
import type { Context } from './context.js';
import { printable } from './control-characters.js';
import { didYouMean } from './suggest.js';

/** The line after a usage error, from the parser or from a command (main.ts). */
export const USAGE_HINT = 'Run with --help for usage.';

/** commander's own "error: X\n(Did you mean Y?)" as pulse words it: "pulse: X. Did you mean Y?". */
export function parseErrorText(text: string): string {
  const message = text
    .replace(/^(error: |pulse: )?/, 'pulse: ')
    .replace(/\r?\n\(Did you mean (.*)\?\)/, '. Did you mean $1?')
    .replace(/\r?\n$/, '');
  // An error is one line: a line break in the quoted value shows as \n, so a typed value cannot add lines.
  return `${message.replace(/\r?\n/g, '\\n')}\n`;
}

/** The program's streams and the shape of its parse errors. */
export function configureOutput(program: Command, ctx: Context): Command {
  return program
    .configureOutput({
      writeOut: (text) => ctx.streams.stdout.write(text),
      // commander quotes what it was given ("value '...' is invalid"): control characters escaped.
      writeErr: (text) => ctx.streams.stderr.write(printable(text)),
      outputError: (text, write) => write(parseErrorText(text)),
    })
    .showHelpAfterError(USAGE_HINT);
}

function unknownCommand(command: Command, word: string): never {
  const names = command.commands.filter((sub) => !sub.name().startsWith('_')).map((sub) => sub.name());
  const path: string[] = [];
  for (let current: Command | null = command; current?.parent; current = current.parent)
    path.unshift(current.name());
  const of = path.length > 0 ? ` for '${path.join(' ')}'` : '';
  command.error(`pulse: unknown command '${word}'${of}.${didYouMean(word, names)}`.replace(/\.$/, ''), {
    exitCode: 2,
    code: 'commander.unknownCommand',
  });
}

/**
 * A word that names no subcommand of a command that has them is an unknown command, with the nearest
 * suggested: for a noun (`pulse goal lst`), and for a verb with subcommands that takes no such argument
 * (`pulse checkin lst`, where commander would say "too many arguments").
 */
export function refuseUnknownCommands(command: Command, hasAction: boolean): void {
  if (!hasAction) {
    command.on('command:*', (operands: string[]) => unknownCommand(command, operands[0] ?? ''));
    return;
  }
  const variadic = command.registeredArguments.at(-1)?.variadic === true;
  if (variadic) return;
  command.allowExcessArguments(true);
  command.hook('preAction', (_hooked, action) => {
    const expected = command.registeredArguments.length;
    if (action === command && command.args.length > expected)
      unknownCommand(command, command.args[expected] ?? '');
  });
}
