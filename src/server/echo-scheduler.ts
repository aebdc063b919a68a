/**
 * `pulse serve`'s Echo scheduler: every interval it publishes the answers that have come due for anyone
 * (reads of a person's Echoes or digest publish theirs too, so the interval bounds only how late an
 * unread answer appears; its published_at is always the scheduled time). Runs never overlap.
 */
import type { LocalStore } from '../store/local.js';

export const DEFAULT_SCHEDULER_INTERVAL_MS = 30_000;

export class EchoScheduler {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly store: LocalStore,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** One run: publishes what is due; a run already under way is joined rather than repeated. */
  tick(): Promise<number> {
    this.running ??= this.store
      .publishDueEchoAnswers()
      .catch((error) => {
        this.onError(error);
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
