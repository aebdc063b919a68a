/**
 * The work an instance does while it serves (`pulse serve`), besides answering requests: answers written
 * on a queue after their response, and the timed loops (periodic-job.ts). The instance makes them
 * (Instance.runInBackground) and stops them before it closes.
 */
import { BackgroundQueue } from './background-queue.js';
import type { TickReport } from './notifications/scheduler.js';
import type { OAuthPruneCounts } from './oauth/repository.js';
import {
  DEFAULT_NOTIFY_INTERVAL_MS,
  DEFAULT_OAUTH_CLEANUP_INTERVAL_MS,
  DEFAULT_RATE_LIMIT_CLEANUP_INTERVAL_MS,
  DEFAULT_SCHEDULER_INTERVAL_MS,
  DEFAULT_WEBHOOK_INTERVAL_MS,
  PeriodicJob,
} from './periodic-job.js';
import type { MailSender, WebhookPoster } from './webhooks/sender.js';

export interface BackgroundOptions {
  /** Where failures of background work (writing answers, the loops) are reported. */
  onError: (error: unknown) => void;
  /** How often the Echo scheduler and the job claimer run; null runs neither (reads still publish). */
  echoSchedulerMs?: number | null;
  /** How often spent OAuth rows are deleted (hourly by default); null: never. */
  oauthCleanupMs?: number | null;
  /** Posting the webhooks' deliveries; absent or null: this instance posts none. */
  webhooks?: WebhookLoopOptions | null;
  /** How often due reminders and team summaries are sent (DEFAULT_NOTIFY_INTERVAL_MS); null: never. */
  notificationsMs?: number | null;
  /** Where what is worth an operator's notice but no failure is told (a reminder dropped as too late). */
  log?: (message: string) => void;
}

export interface WebhookLoopOptions {
  poster: WebhookPoster;
  /** Sends the email channels' deliveries (pulse serve --smtp); absent: they fail saying so. */
  mailer?: MailSender;
  /** How often due deliveries are claimed (DEFAULT_WEBHOOK_INTERVAL_MS). */
  intervalMs?: number;
  /** The first retry's delay (core/webhooks/sender.ts DEFAULT_RETRY_BASE_MS). */
  retryBaseMs?: number;
}

/** The queue and the loops, for `pulse serve` and for tests that wait on them or run one tick. */
export interface BackgroundLoops {
  queue: BackgroundQueue;
  /** Publishes due Echo answers. */
  scheduler?: PeriodicJob<number>;
  /** Claims the answer-writing jobs nobody holds (Instance.writePendingAnswers). */
  answerJobs?: PeriodicJob<void>;
  oauthCleanup?: PeriodicJob<OAuthPruneCounts>;
  /** Deletes expired shared rate-limit states (PostgreSQL only). */
  rateLimitCleanup?: PeriodicJob<number>;
  /** Posts the webhooks' due deliveries (Instance.deliverWebhooks). */
  webhookDeliveries?: PeriodicJob<number>;
  /** Sends due reminders and team summaries (Instance.sendDueNotifications). */
  notifications?: PeriodicJob<TickReport>;
  /** Starts the loops, then resumes the answers left unwritten (Instance.resumePendingAnswers). */
  start(): Promise<void>;
  /** Stops the loops, waiting for runs under way, then closes the queue (which waits a while for it). */
  stop(): Promise<void>;
}

/** What the loops run: the instance's work, each a call. */
export interface LoopWork {
  publishDueEchoAnswers(): Promise<number>;
  writePendingAnswers(): Promise<void>;
  resumePendingAnswers(): Promise<number>;
  pruneOAuth(): Promise<OAuthPruneCounts>;
  /** Undefined where the rate limits live in memory (SQLite). */
  pruneRateLimits?: () => Promise<number>;
  /** Posts due webhook deliveries until none is due or `stopping` says so; returns how many. */
  deliverWebhooks?: (stopping: () => boolean) => Promise<number>;
  /** Sends the reminders and team summaries that have come due. */
  sendDueNotifications(): Promise<TickReport>;
}

export function backgroundLoops(work: LoopWork, options: BackgroundOptions): BackgroundLoops {
  const { onError } = options;
  const queue = new BackgroundQueue(onError);
  const schedulerMs =
    options.echoSchedulerMs === undefined ? DEFAULT_SCHEDULER_INTERVAL_MS : options.echoSchedulerMs;
  const cleanupMs =
    options.oauthCleanupMs === undefined ? DEFAULT_OAUTH_CLEANUP_INTERVAL_MS : options.oauthCleanupMs;
  const notificationsMs =
    options.notificationsMs === undefined ? DEFAULT_NOTIFY_INTERVAL_MS : options.notificationsMs;
  const { pruneRateLimits, deliverWebhooks } = work;
  let stopping = false;
  const loops = {
    ...(schedulerMs !== null && {
      scheduler: new PeriodicJob(() => work.publishDueEchoAnswers(), schedulerMs, onError, true),
      // Answers no instance is writing (a stopped instance's, once their lease ran out), on the same timer.
      answerJobs: new PeriodicJob(() => work.writePendingAnswers(), schedulerMs, onError, false),
    }),
    ...(cleanupMs !== null && {
      oauthCleanup: new PeriodicJob(() => work.pruneOAuth(), cleanupMs, onError, false),
    }),
    ...(pruneRateLimits && {
      rateLimitCleanup: new PeriodicJob(
        pruneRateLimits,
        DEFAULT_RATE_LIMIT_CLEANUP_INTERVAL_MS,
        onError,
        false,
      ),
    }),
    ...(deliverWebhooks && {
      webhookDeliveries: new PeriodicJob(
        () => deliverWebhooks(() => stopping),
        options.webhooks?.intervalMs ?? DEFAULT_WEBHOOK_INTERVAL_MS,
        // Said as what failed: the default report speaks of answers. A receiver's failure is no error
        // here (it is in the delivery log); this is the store failing under the sender.
        (error: unknown) =>
          onError(
            new Error(
              `delivering webhooks failed: ${error instanceof Error ? error.message : String(error)}`,
            ),
          ),
        true,
      ),
    }),
    ...(notificationsMs !== null && {
      notifications: new PeriodicJob(
        () => work.sendDueNotifications(),
        notificationsMs,
        (error: unknown) =>
          onError(
            new Error(
              `sending reminders and notifications failed: ${error instanceof Error ? error.message : String(error)}`,
            ),
          ),
        true,
      ),
    }),
  };
  const jobs = Object.values(loops);
  return {
    queue,
    ...loops,
    async start() {
      for (const job of jobs) job.start();
      await work.resumePendingAnswers();
    },
    async stop() {
      stopping = true;
      for (const job of jobs) await job.stop();
      await queue.close();
    },
  };
}
