/**
 * Asks: free-form questions answered by the answer engine. Creating one answers at once with body null;
 * the answer is written right after (locally, before the command returns) or in the background (in
 * `pulse serve`), as of the moment it was asked, as a job (answer-jobs.ts) that any instance finishes
 * if this one stops first. Asks belong to their author: anyone else gets 404.
 */

import { type AskInput, askInputSchema, askPromptErrors } from './ask-input.js';
import { failedAnswer } from './echo-answers.js';
import { ValidationError } from './errors.js';
import { newId } from './ids.js';
import { ownPage, ownRow } from './personal.js';
import type { AskRow } from './repository.js';
import type { ServiceContext } from './service-context.js';
import { timestamp, wireTime } from './time.js';
import type { Ask, Page } from './types.js';
import { parseInput } from './validation.js';

export class Asks {
  constructor(private readonly context: ServiceContext) {}

  private get repo() {
    return this.context.repo;
  }

  readonly serialize = (row: AskRow): Ask => ({
    id: row.id,
    prompt: row.prompt,
    body: row.body,
    created_at: wireTime(row.created_at),
    updated_at: wireTime(row.updated_at),
    url: this.context.urls.ask(row.id),
  });

  async list(query: unknown): Promise<Page<Ask>> {
    return ownPage(this.context, query, (...mine) => this.repo.listAsks(...mine), this.serialize);
  }

  async get(id: string): Promise<Ask> {
    return this.serialize(await ownRow(this.context, id, (key) => this.repo.findAsk(key), `no ask ${id}`));
  }

  async create(input: AskInput): Promise<Ask> {
    this.context.requireScope('write');
    const { prompt } = parseInput(askInputSchema, input);
    const errors = askPromptErrors(prompt);
    if (errors.length > 0 || !prompt) throw new ValidationError(errors);
    const viewer = await this.context.viewer();
    const now = timestamp(this.context.options.clock.now());
    const row: AskRow = {
      id: await newId(),
      person_id: viewer.person.id,
      prompt,
      body: null,
      created_at: now,
      updated_at: now,
    };
    // The answer's job goes with the ask: whichever instance is up writes it, even if this one stops now.
    const { newJob } = await import('./answer-jobs.js');
    const job = await newJob('ask', row.id, now);
    await this.repo.transaction(async () => {
      await this.repo.insertAsk(row);
      await this.repo.addJobs([job]);
    });
    const response = this.serialize(row);
    await this.context.options.background.run(async () => (await this.context.answerJobs()).runNow([job.id]));
    return response;
  }

  /** Writes an ask's answer as its author sees the store, as of when it was asked. */
  async writeAnswer(row: AskRow): Promise<void> {
    const viewer = await this.context.viewerFor(row.person_id);
    if (!viewer) return;
    const { writeAnswer } = await import('./answers/engine.js');
    let body: string;
    try {
      body = await writeAnswer(
        this.context,
        viewer,
        row.prompt,
        { askedAt: new Date(row.created_at) },
        this.context.options.generative,
      );
    } catch (error) {
      await this.repo.setAskBody(row.id, failedAnswer(error), timestamp(this.context.options.clock.now()));
      throw error;
    }
    await this.repo.setAskBody(row.id, body, timestamp(this.context.options.clock.now()));
  }
}
