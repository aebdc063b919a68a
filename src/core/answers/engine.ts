/**
 * The answer engine behind Asks and Echo answers: reads the prompt, retrieves what the asker can see in
 * the window, and composes an extractive Markdown answer; with a generative provider configured, the
 * provider rewrites it from the same excerpts, and any failure falls back to the extractive answer with a
 * note saying so. Loaded only when an answer is written.
 */
import type { ServiceContext } from '../service-context.js';
import { dateIn } from '../time.js';
import type { Viewer } from '../visibility.js';
import { Composer } from './compose.js';
import { EvidenceGatherer } from './evidence.js';
import type { GenerativeProvider } from './generative.js';
import type { Answer, Reading } from './question.js';
import { readPrompt } from './reading.js';

export interface AnswerOptions {
  /** When the question was asked: relative windows ("last week") are read from here. */
  askedAt: Date;
  /** An Echo's period (dates in the asker's zone, inclusive): it replaces any window in the prompt. */
  period?: { start: string; end: string };
}

/** The answer's Markdown, as Asks and Echo answers store it. */
export async function writeAnswer(
  context: ServiceContext,
  viewer: Viewer,
  prompt: string,
  options: AnswerOptions,
  provider?: GenerativeProvider,
): Promise<string> {
  return (await answerQuestion(context, viewer, prompt, options, provider)).markdown;
}

/** The answer with how the question was read and what it states (for the evaluation and `--explain`). */
export async function answerQuestion(
  context: ServiceContext,
  viewer: Viewer,
  prompt: string,
  options: AnswerOptions,
  provider?: GenerativeProvider,
): Promise<Answer> {
  const markdown = await writeMarkdown(context, viewer, prompt, options, provider);
  // Placeholder until the question reader and composer state their facts.
  return { markdown, reading: {} as Reading, facts: { people: [], goals: [], none: false } };
}

async function writeMarkdown(
  context: ServiceContext,
  viewer: Viewer,
  prompt: string,
  options: AnswerOptions,
  provider?: GenerativeProvider,
): Promise<string> {
  const zone = viewer.person.time_zone;
  const [people, teams] = await Promise.all([context.allPeople(), context.visibleTeams(viewer)]);
  const reading = readPrompt(prompt, {
    today: dateIn(zone, options.askedAt),
    asker: viewer.person,
    people,
    teams,
    period: options.period,
  });
  const evidence = await new EvidenceGatherer(context, viewer).gather(reading, zone);
  const extractive = new Composer(context.urls, reading, evidence).compose();
  if (!provider || extractive.empty) return extractive.markdown;

  try {
    const written = (
      await provider.write({
        prompt,
        sources: extractive.sources,
        summary: extractive.markdown.split('\n', 1)[0] as string,
      })
    ).trim();
    if (!written) throw new Error('it returned an empty answer');
    const sources = extractive.sources.map((source) => `${source.n}. [${source.title}](${source.url})`);
    return `${written}\n\n### Sources\n\n${sources.join('\n')}`;
  } catch (error) {
    const reason = ((error as Error).message ?? String(error)).split('\n', 1)[0];
    return `${extractive.markdown}\n\n_The generative provider (${provider.name}) failed (${reason}); this is the extractive answer._`;
  }
}
