/**
 * The program's entry: runs one command line and returns its exit code. Never exits the process, so
 * tests call it in-process; bin/pulse.js sets the exit code.
 */
import { CommanderError } from 'commander';
import type { Context } from './context.js';
import { printable } from './control-characters.js';
import { exitCodeFor, messageFor, UsageError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import { hasDatabasePassword, PASSWORD_IN_ARGV_WARNING } from './password-in-argv.js';
import { processContext } from './process-context.js';
import { buildProgram } from './program.js';
import { USAGE_HINT } from './program-errors.js';

export { EXIT_CODE_TABLE } from './exit-codes.js';
export { COMMAND_NOTES, ENVIRONMENT_TABLE } from './help-text.js';
export { buildProgram, definitionOf } from './program.js';

/** Runs a command line in a context and returns the exit code. */
export async function run(argv: string[], ctx: Context): Promise<number> {
  if (hasDatabasePassword(argv)) ctx.streams.stderr.write(PASSWORD_IN_ARGV_WARNING);
  try {
    // Inside: it loads the named command's definition, which can fail like any module load.
    const program = await buildProgram(ctx, argv);
    if (argv.length === 0) {
      // `pulse` alone asks what there is: the help, on stdout, and no failure.
      program.outputHelp();
      return ExitCode.ok;
    }
    // -v is the version as in most tools (commander takes one short flag: -V is the documented one).
    await program.parseAsync(argv.length === 1 && argv[0] === '-v' ? ['--version'] : argv, { from: 'user' });
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are printed by commander and are not failures; its parse errors are usage errors.
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    const code = exitCodeFor(error);
    // A silent failure: the command has said everything already (auth status) and only sets the code.
    if (error instanceof Error && error.message === '') return code;
    const usage = error instanceof UsageError;
    const hint = code === ExitCode.usage && usage ? `\n${USAGE_HINT}` : '';
    // A usage error is one line: a line break in it came from the value typed, and is shown as \n.
    const message = usage ? messageFor(error).replace(/\r\n|\r|\n/g, '\\n') : messageFor(error);
    ctx.streams.stderr.write(`pulse: ${printable(message)}${hint}\n`);
    if (ctx.env.PULSE_DEBUG && error instanceof Error && error.stack)
      ctx.streams.stderr.write(`${error.stack}\n`);
    return code;
  }
}

export async function main(argv: string[]): Promise<number> {
  // A closed pipe (pulse ... | head) is not an error worth a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  return run(argv, processContext());
}
