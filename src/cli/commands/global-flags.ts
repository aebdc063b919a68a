import type { Command } from 'commander';
import type { GlobalOptions } from '../settings.js';

/** Options every command accepts, wherever they appear on the line (shown in the root's help only). */
export const GLOBAL_FLAGS = [
  {
    flags: '--store <path>',
    description:
      'use this SQLite store file, or a PostgreSQL database postgres://USER@HOST:PORT/DB (implies local mode; env PULSE_STORE)',
  },
  { flags: '--profile <name>', description: 'configuration profile (env PULSE_PROFILE; default "default")' },
  {
    flags: '--as <email>',
    description: 'act as this person of the local store (env PULSE_AS)',
    suggest: 'people',
  },
  { flags: '--no-color', description: 'no colour (also NO_COLOR, or when stdout is not a terminal)' },
  {
    flags: '--no-input',
    description: 'never prompt; a missing value is a usage error (env PULSE_NO_INPUT=1)',
  },
  { flags: '--no-pager', description: 'never page long output (env PULSE_PAGER, PAGER; default less -FRX)' },
  {
    flags: '--verbose',
    description:
      "also report normal operation on stderr, such as waits paced by a server's rate limit (env PULSE_VERBOSE=1)",
  },
] as const;

/** The root's own flag. */
export const VERSION_FLAG = { flags: '-V, --version', description: 'print the version' } as const;

/** The keys of the global flags in commander's opts(). */
export const GLOBAL_KEYS = ['store', 'profile', 'as', 'color', 'input', 'pager', 'verbose'];

/** Global options as given closest to the command, ignoring defaults a nearer command merely inherited. */
export function globalOptionsOf(command: Command): GlobalOptions {
  const result: Record<string, unknown> = {};
  for (const key of GLOBAL_KEYS) {
    for (let current: Command | null = command; current; current = current.parent) {
      const source = current.getOptionValueSource(key);
      if (source !== undefined && source !== 'default') {
        result[key] = current.getOptionValue(key);
        break;
      }
    }
  }
  return result as GlobalOptions;
}
