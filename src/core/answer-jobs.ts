/**
 * Answers as jobs (issue 11): every Ask answer and Echo answer body to write is a row of pulse_jobs,
 * added in the transaction that adds the ask or publishes the answer. Whoever writes it first claims it
 * with a lease; it is deleted once the body is written. The instance that received the request claims
 * its job at once (through its background work, so the answer comes as fast as without jobs); every
 * instance also claims what nobody has, or what an instance that stopped or crashed left leased, once
 * the lease has run out. So with several instances on one database each answer is written once.
 */
import type { Clock } from './clock.js';
import { failedAnswer } from './echo-answers.js';
import { newId } from './ids.js';
import type { AskRow, EchoAnswerRow, JobKind, JobRow, Repository } from './repository.js';
import type { ServiceContext } from './service-context.js';
import { timestamp } from './time.js';

/**
 * How long a claim lasts. Longer than writing an answer takes (a generative provider's call included),
 * or a second instance would write it again; short enough that an answer a crash left waits minutes.
 */
export const JOB_LEASE_MS = 5 * 60_000;

/** Claims after which a job whose writing never finished (it crashed its instance) is given up. */
export const MAX_JOB_ATTEMPTS = 3;

/** A job for a row being added now, claimable at once. */
export async function newJob(kind: JobKind, targetId: string, now: string): Promise<JobRow> {
  return { id: await newId(), kind, target_id: targetId, leased_until: now, attempts: 0, created_at: now };
}

export class AnswerJobs {
  constructor(
    private readonly repo: Repository,
    private readonly clock: Clock,
    /** The core to write with (any person's will do: an answer is written as its owner sees the store). */
    private readonly contextFor: (personId: string) => ServiceContext,
  ) {}

  private lease(): [now: string, leaseUntil: string] {
    const now = this.clock.now();
    return [timestamp(now), timestamp(new Date(now.getTime() + JOB_LEASE_MS))];
  }

  /**
   * Claims and runs the jobs just added by this instance, one after the other; a job another instance
   * already took is skipped. A failure does not stop the others; the first is thrown at the end.
   */
  async runNow(ids: readonly string[]): Promise<void> {
    let failure: unknown;
    for (const id of ids) {
      const job = await this.repo.claimJob(id, ...this.lease());
      if (job) await this.run(job).catch((error: unknown) => (failure ??= error));
    }
    if (failure !== undefined) throw failure;
  }

  /**
   * Claims and runs claimable jobs until there is none, or until `stopping` says so; returns how many
   * ran. A failure does not stop the others; the first is thrown at the end.
   */
  async drain(stopping: () => boolean = () => false): Promise<number> {
    let ran = 0;
    let failure: unknown;
    while (!stopping()) {
      const job = await this.repo.claimNextJob(...this.lease());
      if (!job) break;
      ran++;
      await this.run(job).catch((error: unknown) => (failure ??= error));
    }
    if (failure !== undefined) throw failure;
    return ran;
  }

  /** Writes a claimed job's body unless it is written already (by a claim whose lease ran out), then deletes it. */
  private async run(job: JobRow): Promise<void> {
    const row = await this.target(job);
    // No row (deleted since) or a body (an earlier claim wrote it, then stopped before deleting its job):
    // nothing to write.
    if (row && row.body === null) {
      try {
        await this.writeBody(job, row);
      } catch (error) {
        // A failed answer is written as such (failedAnswer) before the error comes here: the job is done.
        // Had nothing been written (the store failed), the job stays for the next claim.
        const after = await this.target(job).catch(() => undefined);
        if (after && after.body !== null) await this.repo.deleteJob(job.id);
        throw error;
      }
    }
    await this.repo.deleteJob(job.id);
  }

  private async writeBody(job: JobRow, row: AskRow | EchoAnswerRow): Promise<void> {
    if (job.attempts > MAX_JOB_ATTEMPTS) {
      // Claimed that often without finishing: writing it crashes its instance, or never ends.
      await this.write(job, failedAnswer(new Error(`gave up after ${MAX_JOB_ATTEMPTS} attempts`)));
    } else if (job.kind === 'ask') {
      await (await this.contextFor(row.person_id).asks()).writeAnswer(row as AskRow);
    } else {
      await (await this.contextFor(row.person_id).echoAnswers()).writeBodies([row as EchoAnswerRow]);
    }
  }

  private target(job: JobRow): Promise<AskRow | EchoAnswerRow | undefined> {
    return job.kind === 'ask' ? this.repo.findAsk(job.target_id) : this.repo.findEchoAnswer(job.target_id);
  }

  private async write(job: JobRow, body: string): Promise<void> {
    const at = timestamp(this.clock.now());
    if (job.kind === 'ask') await this.repo.setAskBody(job.target_id, body, at);
    else await this.repo.setEchoAnswerBody(job.target_id, body, at);
  }
}
