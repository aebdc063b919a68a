/**
 * Where work that follows a response runs: writing an Ask's answer or an Echo answer's body. Locally it
 * runs at once, so a command sees the answer when it next reads; `pulse serve` puts it on a queue so the
 * response (body null) goes out first.
 */
export interface BackgroundWork {
  /** Runs or schedules the task; errors are the runner's to report, never the caller's. */
  run(task: () => Promise<void>): Promise<void>;
  /** True once it takes no more work (`pulse serve` stopping): long work such as claiming jobs stops. */
  readonly closed?: boolean;
}

export const inlineWork: BackgroundWork = {
  run: (task) => task(),
};
