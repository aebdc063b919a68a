/**
 * `pulse status wait`: polls the page (or a --component) until its state is one of --for, for a deploy
 * that waits out maintenance. Time is counted by the waits asked of the context and by its clock, never
 * by real timers; the --timeout also bounds each poll's requests and retries (the context's deadline).
 * A page that does not answer (unreachable, a 5xx, a timeout) is "not yet", from the first poll on: a
 * deploy that restarts the status server is exactly when people wait. A 429 is waited out. An answer
 * that says the URL is wrong (404, 401) ends the wait at once.
 */
import { RateLimitedError, UnavailableError } from '../../../core/errors.js';
import type { PageState } from '../../../core/status/types.js';
import type { CommandContext } from '../../command-context.js';
import { CliError, exitCodeFor, messageFor } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';
import { checkCode } from './check.js';
import { formatDuration, parseDuration, parseStates } from './flags.js';
import { assess } from './read.js';

export interface WaitOptions {
  for?: string;
  timeout?: string;
  interval?: string;
  component?: string;
  statusUrl?: string;
}

/** Polls no faster than this: a poll of the page is one request, well within 5 requests a second. */
export const MIN_INTERVAL_MS = 200;

const clockTime = (at: Date) => `${at.toISOString().slice(11, 19)} UTC`;

export async function wait(cc: CommandContext, options: WaitOptions): Promise<void> {
  const wanted = parseStates(options.for ?? 'operational', '--for');
  const timeoutMs = parseDuration(options.timeout ?? '10m', '--timeout', 0);
  const intervalMs = parseDuration(options.interval ?? '15s', '--interval', MIN_INTERVAL_MS);
  const service = await cc.backends.statusService(options.statusUrl, cc.ctx.deadline(timeoutMs));
  const signal = cc.ctx.shutdownSignal();
  const clock = cc.ctx.clock;
  const started = clock.now().getTime();
  let waited = 0;
  const elapsed = () => Math.max(waited, clock.now().getTime() - started);
  let goal = `; waiting up to ${options.timeout ?? '10m'} for ${wanted.join(' or ')}`;
  /** The goal, said once: on the first line. */
  const sayGoal = () => {
    const said = goal;
    goal = '';
    return said;
  };

  let last: PageState | undefined;
  /** The error of the latest poll, if it failed. */
  let failure: unknown;
  for (;;) {
    let delay = intervalMs;
    try {
      const { state } = await assess(service, options.component, false);
      if (failure instanceof UnavailableError) cc.out.note('pulse: the status page answers again');
      failure = undefined;
      if (state !== last) {
        cc.out.note(`pulse: status is ${state} at ${clockTime(clock.now())}${sayGoal()}`);
        last = state;
      }
      if (wanted.includes(state)) return cc.out.line(state);
    } catch (error) {
      if (error instanceof RateLimitedError) {
        // The client has used its retries; wait as long as the server asks and poll again.
        delay = Math.max(delay, error.retryAfter * 1000);
        cc.out.note(`pulse: rate limited by the status page; polling again in ${formatDuration(delay)}`);
      } else if (error instanceof UnavailableError) {
        // One line when the page stops answering, not one a poll.
        if (!(failure instanceof UnavailableError)) {
          cc.out.note(`pulse: ${messageFor(error)}${sayGoal() || '; still trying'}`);
        }
      } else {
        throw error;
      }
      failure = error;
    }

    const left = timeoutMs - elapsed();
    if (left <= 0) return timedOut(cc, options, timeoutMs, wanted, last, failure);
    await cc.ctx.sleep(Math.min(delay, left), signal);
    waited += Math.min(delay, left);
    if (signal.aborted) throw new CliError('stopped waiting for the status page', ExitCode.interrupted);
  }
}

/**
 * The timeout: the --check code of the last state the page answered (1 when that is operational, which
 * was not waited for), or, when it never answered, the failure of the latest poll (6 unreachable, 7 rate
 * limited).
 */
function timedOut(
  cc: CommandContext,
  options: WaitOptions,
  timeoutMs: number,
  wanted: PageState[],
  last: PageState | undefined,
  failure: unknown,
): never {
  const waitedFor = `timed out after ${options.timeout ?? formatDuration(timeoutMs)} waiting for ${wanted.join(' or ')}`;
  if (last === undefined) {
    throw new CliError(`${waitedFor}: ${messageFor(failure)}`, exitCodeFor(failure));
  }
  cc.out.line(last);
  const latest = failure === undefined ? '' : ` (then: ${messageFor(failure)})`;
  throw new CliError(`${waitedFor}: the status is ${last}${latest}`, checkCode(last) || ExitCode.error);
}
