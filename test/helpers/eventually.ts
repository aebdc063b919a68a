/** Waiting for work that happens after a response (answers written in the background by `pulse serve`). */

/** Polls `probe` every 20 ms until it gives a value other than undefined; fails after `timeoutMs`. */
export async function eventually<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  // A deadline, not a wait: generous, since a loaded two-core machine can take seconds to get there.
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
