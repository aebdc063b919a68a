/** Parsing the flags of `pulse status` and `pulse admin status`: states, durations and ids. */
import { COMPONENT_STATES, type PageState } from '../../../core/status/types.js';
import { CliError, messageFor, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';

/** A positive integer id from a flag or an argument, else a usage error naming it. */
export function parseId(value: string, name: string): number {
  const id = /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1)
    throw new UsageError(`${name} must be an id (a positive integer): ${value}`);
  return id;
}

/** "maintenance" is short for under_maintenance wherever states are listed. */
function stateOf(word: string): PageState | undefined {
  if (word === 'maintenance') return 'under_maintenance';
  return (COMPONENT_STATES as readonly string[]).includes(word) ? (word as PageState) : undefined;
}

/** A comma-separated list of states (`--for`), each one of the page's states. */
export function parseStates(value: string, flag: string): PageState[] {
  const words = value.split(',').map((word) => word.trim().toLowerCase());
  const states = words.map(stateOf);
  const bad = words.filter((_, i) => states[i] === undefined);
  if (bad.length > 0) {
    throw new UsageError(
      `${flag} takes a comma-separated list of ${COMPONENT_STATES.join(', ')} (or maintenance): ${value}`,
    );
  }
  return [...new Set(states as PageState[])];
}

/** `--fail-on degraded,maintenance`: the states that make --check fail (default both). */
export function parseFailOn(value: string | undefined): PageState[] {
  if (value === undefined) return ['degraded', 'under_maintenance'];
  const words = value.split(',').map((word) => word.trim().toLowerCase());
  const states = words.map((word) =>
    word === 'degraded'
      ? 'degraded'
      : word === 'maintenance' || word === 'under_maintenance'
        ? 'under_maintenance'
        : undefined,
  );
  if (states.some((state) => state === undefined)) {
    throw new UsageError(`--fail-on takes degraded, maintenance or degraded,maintenance: ${value}`);
  }
  return [...new Set(states as PageState[])];
}

/** The shortest --timeout: one request's round trip on a slow link. */
export const MIN_TIMEOUT_MS = 1000;

/** The error of a command whose --timeout passed: the request's own failure, said as the deadline. */
export function outOfTime(error: unknown, timeout: string): CliError {
  return new CliError(`no answer within ${timeout} (--timeout): ${messageFor(error)}`, ExitCode.network);
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A duration such as 500ms, 15s, 10m or 1h (a number and a unit), of at least minMs. */
export function parseDuration(value: string, flag: string, minMs: number): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(value.trim());
  const ms = match ? Math.round(Number(match[1]) * (UNIT_MS[match[2] as string] as number)) : Number.NaN;
  if (!Number.isFinite(ms)) {
    throw new UsageError(`${flag} must be a number with ms, s, m or h (e.g. 500ms, 15s, 10m, 1h): ${value}`);
  }
  if (ms < minMs) throw new UsageError(`${flag} must be at least ${formatDuration(minMs)}: ${value}`);
  return ms;
}

/** A duration in the largest unit that divides it: 600000 -> 10m. */
export function formatDuration(ms: number): string {
  for (const unit of ['h', 'm', 's'] as const) {
    const size = UNIT_MS[unit] as number;
    if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${ms}ms`;
}
