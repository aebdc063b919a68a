/** Asks and Echo answers once written: at once locally, in the background behind `pulse serve`. */
import type { Service } from '../../src/core/service.js';
import type { Ask, EchoAnswer } from '../../src/core/types.js';
import { eventually } from '../helpers/eventually.js';

export function answered(service: Service, id: string): Promise<Ask> {
  return eventually(async () => {
    const ask = await service.getAsk(id);
    return ask.body === null ? undefined : ask;
  }, `the answer to ask ${id}`);
}

/** A question's answers (first page of 50) once every body is written. */
export function writtenAnswers(service: Service, questionId: string): Promise<EchoAnswer[]> {
  return eventually(async () => {
    const { items } = await service.listEchoAnswers(questionId, { per_page: 50 });
    return items.every((answer) => answer.body !== null) ? items : undefined;
  }, `the answers of question ${questionId}`);
}
