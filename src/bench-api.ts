/**
 * What the in-process benchmarks (bench/*.mjs) use of pulse, bundled as dist/bench-api.js next to the
 * program (sharing its chunks): an instance over a local store, the HTTP server and the remote client.
 * Not a public API.
 */
import type { Answer } from './core/answers/question.js';
import { createInstance, type Instance, type InstanceOptions } from './core/instance.js';
import { openRepository } from './store/open-repository.js';

export { HttpClient } from './remote/http-client.js';
export { RemoteService } from './remote/remote-service.js';
export { RemoteTeamService } from './remote/remote-team-service.js';
export { buildServer } from './server/app.js';

/** The instance over the store at `location` (a SQLite file or a postgres:// address). */
export async function openInstance(location: string, options: InstanceOptions): Promise<Instance> {
  return createInstance(await openRepository(location), options);
}

/**
 * The answer engine run in process as one person at `askedAt` (bench/ask-eval): the answer with its
 * reading and the facts it states, without storing an Ask.
 */
export async function answerAs(
  instance: Instance,
  personId: string,
  prompt: string,
  askedAt: Date,
): Promise<Answer> {
  const { answerQuestion } = await import('./core/answers/engine.js');
  const { context } = instance.serviceFor(personId);
  return answerQuestion(context, await context.viewer(), prompt, { askedAt });
}
