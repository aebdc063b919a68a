/**
 * `pulse status wait`: polls the page (or a --component) until its state is one of --for, for a deploy
 * that waits out maintenance. Time is counted by the waits asked of the context and by its clock, never
 * by real timers. A 429 is waited out; once a state has been seen, an unreachable page is polled again
 * (the page may live on the very deployment under maintenance) until the timeout.
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
  const service = await cc.backends.statusService(options.statusUrl);
  const signal = cc.ctx.shutdownSignal();
  const clock = cc.ctx.clock;
  const started = clock.now().getTime();
  let waited = 0;
  const elapsed = () => Math.max(waited, clock.now().getTime() - started);

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
        const goal =
          last === undefined ? `; waiting up to ${options.timeout ?? '10m'} for ${wanted.join(' or ')}` : '';
        cc.out.note(`pulse: status is ${state} at ${clockTime(clock.now())}${goal}`);
        last = state;
      }
      if (wanted.includes(state)) return cc.out.line(state);
    } catch (error) {
      if (error instanceof RateLimitedError) {
        // The client has used its retries; wait as long as the server asks and poll again.
        delay = Math.max(delay, error.retryAfter * 1000);
        cc.out.note(`pulse: rate limited by the status page; polling again in ${formatDuration(delay)}`);
      } else if (error instanceof UnavailableError && last !== undefined) {
        if (!(failure instanceof UnavailableError)) cc.out.note(`pulse: ${messageFor(error)}; still trying`);
      } else {
        // A first poll that fails is most likely a wrong URL: say so now rather than at the timeout.
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
 * The timeout: the --check code of the last state seen (1 when that is operational, which was not waited
 * for), or the failure of the latest poll (6 unreachable, 7 rate limited).
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
  if (failure !== undefined || last === undefined) {
    throw new CliError(`${waitedFor}: ${messageFor(failure)}`, exitCodeFor(failure));
  }
  cc.out.line(last);
  throw new CliError(`${waitedFor}: the status is ${last}`, checkCode(last) || ExitCode.error);
}
