/**
 * Work `pulse serve` does on a timer: the Echo scheduler (publishes answers that have come due), the
 * answer-job claimer (writes answers no instance holds, core/answer-jobs.ts), the OAuth cleanup (deletes
 * spent OAuth rows; the rule is in src/core/oauth/oauth-cleanup.ts), the webhooks' sender
 * (core/webhooks/sender.ts), the notification scheduler (core/notifications/scheduler.ts) and, on PostgreSQL, the shared rate limits' cleanup. Runs never
 * overlap: a tick while one is under way joins it. stop() waits for the run under way. The timer is
 * unreferenced, so it never keeps a process alive by itself.
 */

/** Publishes due Echo answers: reads publish a person's own too, so this bounds how late an unread one is. */
export const DEFAULT_SCHEDULER_INTERVAL_MS = 30_000;
/** Deletes spent OAuth rows. */
export const DEFAULT_OAUTH_CLEANUP_INTERVAL_MS = 3_600_000;
/** Posts the webhooks' due deliveries: bounds how late an event reaches its receivers. */
export const DEFAULT_WEBHOOK_INTERVAL_MS = 2_000;
/** Sends due reminders and team summaries: bounds how late one goes out (PULSE_NOTIFY_INTERVAL_MS). */
export const DEFAULT_NOTIFY_INTERVAL_MS = 60_000;
/** Deletes expired shared rate-limit states (PostgreSQL): a row per key seen lately, so often enough. */
export const DEFAULT_RATE_LIMIT_CLEANUP_INTERVAL_MS = 300_000;

export class PeriodicJob<T> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<T | undefined>;

  constructor(
    private readonly work: () => Promise<T>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
    /** Run once at start too (the Echo scheduler), or only after a whole interval (the cleanup). */
    private readonly runAtStart: boolean,
  ) {}

  start(): void {
    if (this.runAtStart) void this.tick();
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** One run; undefined when it failed (the error went to onError). */
  tick(): Promise<T | undefined> {
    this.running ??= this.work()
      .catch((error: unknown) => {
        this.onError(error);
        return undefined;
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
