/**
 * Echo answers: when a question's occurrence is due, an answer is published with published_at at the
 * scheduled time, a title naming its period, and a body written by the answer engine from that period's
 * items the owner can see (null until written). Due answers are published by whoever comes first: the
 * scheduler of `pulse serve`, or any read of the owner's Echoes or digest (local mode has no scheduler).
 * Missed occurrences are caught up, the last 12 per question at most; the question keeps how many were
 * left out, and from when to when (its `skipped`). Daily questions follow their owner's report days.
 */

import { formatDateRange } from './date-ranges.js';
import { periodOf } from './echo-period.js';
import { dueOccurrences, type Frequency } from './echo-schedule.js';
import { reportDaysOf, scheduleOf } from './echoes.js';
import { NotFoundError } from './errors.js';
import { isUuid, newId } from './ids.js';
import { pageOf, parsePaging, windowOf } from './paging.js';
import { parseIdPrefixQuery } from './query-params.js';
import type { EchoAnswerRow, EchoQuestionRow } from './repository.js';
import type { ServiceContext } from './service-context.js';
import { timestamp, wireTime } from './time.js';
import type { EchoAnswer, Page } from './types.js';
import { ownedBy } from './visibility.js';

/** The body of an answer whose writing failed, so that nobody waits for it forever. */
export function failedAnswer(error: unknown): string {
  return `pulse could not write this answer: ${((error as Error).message ?? String(error)).split('\n', 1)[0]}`;
}

export class EchoAnswers {
  constructor(private readonly context: ServiceContext) {}

  private get repo() {
    return this.context.repo;
  }

  serialize(row: EchoAnswerRow, question: { id: string; title: string }): EchoAnswer {
    return {
      type: 'echo-answer',
      id: row.id,
      question: { id: question.id, title: question.title },
      title: row.title,
      body: row.body,
      published_at: wireTime(row.published_at),
      url: this.context.urls.echoAnswer(row.id),
    };
  }

  /**
   * Publishes the due answers of one person's questions (or of everyone's, for the scheduler) and has
   * their bodies written. Cheap when nothing is due: one indexed read, no write lock.
   */
  async catchUp(personId: string): Promise<number> {
    const now = this.context.options.clock.now();
    if ((await this.repo.dueEchoQuestions(timestamp(now), personId)).length === 0) return 0;
    const { newJob } = await import('./answer-jobs.js');
    const jobs = await this.repo.transaction(async () => {
      // Again under the write lock: another reader or the scheduler may have published them meanwhile.
      const due = await this.repo.dueEchoQuestions(timestamp(now), personId);
      const rows: EchoAnswerRow[] = [];
      for (const question of due) rows.push(...(await this.publish(question, now)));
      // Only the answers really inserted (ON CONFLICT DO NOTHING) get a job, so a body is written once.
      const added = await Promise.all(rows.map((row) => newJob('echo-answer', row.id, timestamp(now))));
      await this.repo.addJobs(added);
      return added;
    });
    if (jobs.length > 0)
      await this.context.options.background.run(async () =>
        (await this.context.answerJobs()).runNow(jobs.map((job) => job.id)),
      );
    return jobs.length;
  }

  private async publish(question: EchoQuestionRow, now: Date): Promise<EchoAnswerRow[]> {
    const schedule = scheduleOf(question, await reportDaysOf(this.context, question.person_id));
    const { due, next, skipped } = dueOccurrences(schedule, new Date(question.next_due_at as string), now);
    const rows: EchoAnswerRow[] = [];
    for (const at of due) {
      const period = periodOf(question.frequency as Frequency, at, question.time_zone);
      rows.push({
        id: await newId(),
        question_id: question.id,
        person_id: question.person_id,
        title: `${question.title} - ${formatDateRange(period.start, period.end)}`,
        body: null,
        period_start: period.start,
        period_end: period.end,
        published_at: timestamp(at),
        updated_at: timestamp(now),
      });
    }
    const added = await this.repo.insertEchoAnswers(rows);
    // A catch-up that left occurrences out says so on the question (pulse echo view shows it).
    const skip = skipped && {
      skipped_count: skipped.count,
      skipped_from: timestamp(skipped.first),
      skipped_until: timestamp(skipped.last),
    };
    await this.repo.saveEchoQuestion({ ...question, ...skip, next_due_at: timestamp(next) });
    await (await this.context.digest()).echoAnswersPublished(added);
    if (added.length > 0)
      await (await import('./notifications/team-events.js')).echoAnswersPublished(
        this.context,
        question,
        added,
      );
    return added;
  }

  /** Writes the bodies of answers, each from its own period as its owner sees it. */
  async writeBodies(rows: EchoAnswerRow[]): Promise<void> {
    const { writeAnswer } = await import('./answers/engine.js');
    for (const row of rows) {
      const [question, viewer] = await Promise.all([
        this.repo.findEchoQuestion(row.question_id),
        this.context.viewerFor(row.person_id),
      ]);
      if (!question || !viewer) continue;
      let body: string;
      try {
        body = await writeAnswer(
          this.context,
          viewer,
          question.prompt,
          { askedAt: new Date(row.published_at), period: { start: row.period_start, end: row.period_end } },
          this.context.options.generative,
        );
      } catch (error) {
        await this.repo.setEchoAnswerBody(
          row.id,
          failedAnswer(error),
          timestamp(this.context.options.clock.now()),
        );
        throw error;
      }
      await this.repo.setEchoAnswerBody(row.id, body, timestamp(this.context.options.clock.now()));
    }
  }

  async list(questionId: string, query: unknown): Promise<Page<EchoAnswer>> {
    const paging = parsePaging(query);
    const question = await (await this.context.echoes()).own(questionId);
    const rows = await this.repo.listEchoAnswers(question.id, windowOf(paging));
    return pageOf(rows, paging, (page) => page.map((row) => this.serialize(row, question)));
  }

  /** The viewer's answers whose id starts with a prefix, in id order (due ones published first). */
  async listByIdPrefix(query: unknown): Promise<Page<EchoAnswer>> {
    const { prefix, ...paging } = parseIdPrefixQuery(query);
    const viewer = await this.context.viewer();
    await this.catchUp(viewer.person.id);
    const rows = await this.repo.echoAnswersWithIdPrefix(viewer.person.id, prefix, windowOf(paging));
    return pageOf(rows, paging, async (page) => {
      const questions = await Promise.all(page.map((row) => this.repo.findEchoQuestion(row.question_id)));
      return page.flatMap((row, index) => {
        const question = questions[index];
        return question ? [this.serialize(row, question)] : [];
      });
    });
  }

  async get(id: string): Promise<EchoAnswer> {
    const viewer = await this.context.viewer();
    await this.catchUp(viewer.person.id);
    const row = isUuid(id) ? await this.repo.findEchoAnswer(id.toLowerCase()) : undefined;
    const question = row && (await this.repo.findEchoQuestion(row.question_id));
    if (!row || !question || !ownedBy(viewer, row.person_id)) throw new NotFoundError(`no Echo answer ${id}`);
    return this.serialize(row, question);
  }
}
