/**
 * `pulse serve`'s OAuth cleanup: every interval it deletes spent OAuth rows (the rule is in
 * src/core/oauth/oauth-cleanup.ts). Like the Echo scheduler, runs never overlap and stop() waits for the
 * one under way. The first run waits a whole interval, so a short-lived server does no extra work.
 */
import type { OAuthPruneCounts } from '../core/oauth/repository.js';
import type { LocalStore } from '../store/local.js';

export const DEFAULT_OAUTH_CLEANUP_INTERVAL_MS = 3_600_000;

export class OAuthCleanupTimer {
  private timer?: NodeJS.Timeout;
  private running?: Promise<OAuthPruneCounts | undefined>;

  constructor(
    private readonly store: LocalStore,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** One run; a run already under way is joined rather than repeated. */
  tick(): Promise<OAuthPruneCounts | undefined> {
    this.running ??= this.store.oauthAdmin
      .prune()
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
