/** Errors of the CLI layer and the one mapping from any error to an exit code and a message. */
import { ServiceError } from '../core/errors.js';
import { ExitCode, exitCodeOfSignal } from './exit-codes.js';

/** Exits with a code and a message; the base of the CLI's own errors. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = ExitCode.error,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A bad flag, argument or input: exit 2, with a pointer to the command's help. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.usage);
  }
}

/** An edit's input, refused as a usage error naming the flags that would change something when it is empty. */
export function requireChanges<Input extends object>(
  input: Input,
  flags: readonly [string, ...string[]],
): Input {
  if (Object.keys(input).length > 0) return input;
  const named = flags.length === 1 ? flags[0] : `${flags.slice(0, -1).join(', ')} or ${flags.at(-1)}`;
  throw new UsageError(`nothing to change: give ${named}`);
}

/** The person stopped a prompt (Ctrl-C). */
export class CancelledError extends CliError {
  constructor() {
    super('cancelled', ExitCode.interrupted);
  }
}

/**
 * A signal (SIGINT, SIGTERM, SIGHUP) stopped the command, by the shutdown signal's reason. Silent: the
 * person or supervisor that sent it knows, and the exit code says which.
 */
export class StoppedError extends CliError {
  constructor(signal: AbortSignal) {
    super('', exitCodeOfSignal(signal.reason));
  }
}

const STATUS_EXIT: Record<number, number> = {
  400: ExitCode.usage,
  401: ExitCode.auth,
  403: ExitCode.permission,
  404: ExitCode.notFound,
  409: ExitCode.error,
  422: ExitCode.usage,
  429: ExitCode.rateLimited,
};

export function exitCodeFor(error: unknown): number {
  if (error instanceof CliError) return error.exitCode;
  if (error instanceof ServiceError) {
    if (error.status === 501) return ExitCode.error;
    if (error.status >= 500) return ExitCode.network;
    return STATUS_EXIT[error.status] ?? ExitCode.error;
  }
  if (error instanceof Error && error.name === 'ExitPromptError') return ExitCode.interrupted;
  return ExitCode.error;
}

/** One line (or a few, for several validation errors) that names what is wrong. */
export function messageFor(error: unknown): string {
  if (error instanceof ServiceError && error.errors.length > 1) return error.errors.join('\n');
  if (error instanceof Error && error.name === 'ExitPromptError') return 'cancelled';
  if (error instanceof Error) return error.message;
  return String(error);
}
