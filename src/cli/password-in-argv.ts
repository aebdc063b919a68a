/**
 * A database address typed with its password (`--to postgres://pulse:secret@db/pulse`) puts the password
 * in the process list and the shell history. pulse still accepts it (refusing would only break scripts
 * that already do), but says where the password belongs: PGPASSWORD, read by the PostgreSQL driver, or
 * the whole address in an environment variable.
 */
const ADDRESS_WITH_PASSWORD = /postgres(?:ql)?:\/\/[^/@\s:]*:[^/@\s]+@/i;

export const PASSWORD_IN_ARGV_WARNING =
  'pulse: warning: a database password on the command line shows in ps and the shell history; ' +
  'give the address without it and the password in PGPASSWORD (or the whole address in PULSE_DATABASE_URL or PULSE_STORE)\n';

export function hasDatabasePassword(argv: readonly string[]): boolean {
  return argv.some((arg) => ADDRESS_WITH_PASSWORD.test(arg));
}
