/**
 * `pulse serve`'s background work: answers are written after their response has gone out, a few at a
 * time. Closing waits a while for queued and running work; anything still unwritten then keeps its null
 * body and its job (core/answer-jobs.ts), which another instance, or this one when it next starts, takes
 * once its lease has run out.
 */
import type { BackgroundWork } from './background.js';

export class BackgroundQueue implements BackgroundWork {
  private readonly waiting: (() => Promise<void>)[] = [];
  private running = 0;
  private isClosed = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly onError: (error: unknown) => void,
    private readonly concurrency = 4,
  ) {}

  async run(task: () => Promise<void>): Promise<void> {
    if (this.isClosed) return;
    this.waiting.push(task);
    // Never within the caller's turn: the response is sent first.
    setImmediate(() => this.next());
  }

  private next(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const task = this.waiting.shift() as () => Promise<void>;
      this.running++;
      task()
        .catch(this.onError)
        .finally(() => {
          this.running--;
          this.next();
        });
    }
    if (this.running === 0 && this.waiting.length === 0) {
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** Resolves once everything queued so far has run. */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Takes no more work and waits up to `timeoutMs` for what is queued or running. */
  async close(timeoutMs = 10_000): Promise<void> {
    this.isClosed = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.idle(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }
}
