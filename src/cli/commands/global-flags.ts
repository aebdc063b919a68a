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
] as const;

/** The root's own flag. */
export const VERSION_FLAG = { flags: '-V, --version', description: 'print the version' } as const;
