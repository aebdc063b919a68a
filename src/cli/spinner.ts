/**
 * A spinner on stderr for work that may take over a second (walking many pages, remote waits). It is
 * drawn only on a terminal and only once the work has lasted SPINNER_DELAY_MS, so fast commands never
 * flash it; yocto-spinner loads only then. The delay is a real timer, unreferenced: it decides what is
 * drawn, never how long a command waits (those waits go through the context's sleep).
 */
import type { OutputStream } from './context.js';

export const SPINNER_DELAY_MS = 300;

export interface Spinner {
  /** Clears the spinner (or cancels it before it was drawn). */
  stop(): void;
}

const nothing: Spinner = { stop() {} };

export function spinnerAfterDelay(stream: OutputStream, text: string, delayMs = SPINNER_DELAY_MS): Spinner {
  if (stream.isTTY !== true) return nothing;
  let stopped = false;
  let drawn: { stop(): void } | undefined;
  const timer = setTimeout(async () => {
    const { default: yoctoSpinner } = await import('yocto-spinner');
    if (stopped) return;
    drawn = yoctoSpinner({
      text,
      stream: stream as NodeJS.WriteStream,
      // Commands handle Ctrl-C themselves (the shutdown signal) rather than the library exiting.
      handleSignals: false,
    }).start();
  }, delayMs);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      drawn?.stop();
    },
  };
}

/** Runs `work` with a delayed spinner on `stream` (when given), cleared however the work ends. */
export async function withSpinner<T>(
  stream: OutputStream | undefined,
  text: string,
  work: () => Promise<T>,
): Promise<T> {
  if (stream === undefined) return work();
  const spinner = spinnerAfterDelay(stream, text);
  try {
    return await work();
  } finally {
    spinner.stop();
  }
}
