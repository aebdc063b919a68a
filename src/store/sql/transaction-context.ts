/**
 * The context a transaction carries to the code it runs (its connection, or that a read is inside it):
 * an AsyncLocalStorage switched on only while a run is in flight.
 *
 * Why not a plain AsyncLocalStorage: on Node 20 and 22, the first run() of one installs async hooks that
 * every later promise, timer and socket of the process pays for, for the life of the process. A server
 * that had written once spent 26 µs of CPU on a cached status answer instead of 21 (docs/performance.md,
 * "The status interface's fast path"). A transaction's context is needed only while it runs, so the
 * storage is disabled again when the last run settles, which removes the hooks. (Node 24's context
 * frames cost nothing when idle; disabling there is harmless.)
 *
 * Continuations a run leaves behind (a timer it set) still see its value while another run is in flight,
 * as with any AsyncLocalStorage; once none is, get() answers undefined.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export class TransactionContext<T> {
  private readonly storage = new AsyncLocalStorage<T>();
  /** Runs in flight; the storage is enabled while this is above 0. */
  private running = 0;

  /** The value of the run this code belongs to; undefined outside every run. */
  get(): T | undefined {
    return this.running === 0 ? undefined : this.storage.getStore();
  }

  /** Runs fn with `value` as its context, to the end of everything it awaits. */
  async run<R>(value: T, fn: () => Promise<R>): Promise<R> {
    this.running++;
    try {
      return await this.storage.run(value, fn);
    } finally {
      this.running--;
      if (this.running === 0) this.storage.disable();
    }
  }
}
