/** The exit codes of every pulse command; `pulse help exit-codes` and the README show this table. */
export const ExitCode = {
  ok: 0,
  error: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  permission: 5,
  network: 6,
  rateLimited: 7,
  degraded: 8,
  maintenance: 9,
  hungUp: 129,
  interrupted: 130,
  terminated: 143,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

export const EXIT_CODE_TABLE: [number, string][] = [
  [ExitCode.ok, 'success'],
  [ExitCode.error, 'error (anything not listed below)'],
  [ExitCode.usage, 'usage error: a bad flag, argument, input file or value (a 400 or 422 from the service)'],
  [ExitCode.notFound, 'not found (or not visible to you), including a date with no check-in scheduled'],
  [ExitCode.auth, 'authentication needed or rejected (an unknown --as person, a missing or invalid token)'],
  [ExitCode.permission, 'permission denied'],
  [ExitCode.network, 'network failure or server error after retries'],
  [ExitCode.rateLimited, 'rate limited after retries'],
  [ExitCode.degraded, '`pulse status --check` and `wait`: the service (or --component) is degraded'],
  [ExitCode.maintenance, '`pulse status --check` and `wait`: under maintenance'],
  [ExitCode.hungUp, 'stopped by SIGHUP (the terminal closed)'],
  [ExitCode.interrupted, 'interrupted (Ctrl-C, SIGINT)'],
  [ExitCode.terminated, 'stopped by SIGTERM'],
];

/** The exit code of a command stopped by a signal: 128 and the signal's number, as shells report it. */
export function exitCodeOfSignal(signal: unknown): number {
  if (signal === 'SIGTERM') return ExitCode.terminated;
  if (signal === 'SIGHUP') return ExitCode.hungUp;
  return ExitCode.interrupted;
}

export function formatExitCodes(): string {
  const lines = EXIT_CODE_TABLE.map(([code, meaning]) => `  ${String(code).padStart(3)}  ${meaning}`);
  return `Exit codes of every pulse command:\n\n${lines.join('\n')}\n`;
}
