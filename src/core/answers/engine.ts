/**
 * The answer engine behind Asks and Echo answers: reads the prompt, retrieves what the asker can see in
 * the window, and composes an extractive Markdown answer; with a generative provider configured, the
 * provider rewrites it from the same excerpts, and any failure falls back to the extractive answer with a
 * note saying so. Loaded only when an answer is written.
 */
import type { ServiceContext } from '../service-context.js';
import { dateIn, FIRST_DATE } from '../time.js';
import type { Viewer } from '../visibility.js';
import { Composer } from './compose.js';
import { describeReading } from './describe.js';
import { EvidenceGatherer } from './evidence.js';
import type { GenerativeProvider } from './generative.js';
import type { Answer, AnswerFacts, AnswerWindow, Reading } from './question.js';
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
  const zone = viewer.person.time_zone;
  const today = dateIn(zone, options.askedAt);
  const [people, teams] = await Promise.all([context.allPeople(), context.visibleTeams(viewer)]);
  const reading = readPrompt(prompt, { today, asker: viewer.person, people, teams, period: options.period });
  const gatherer = new EvidenceGatherer(context, viewer);
  let extractive = new Composer(context.urls, reading, await gatherer.gather(reading, zone, today)).compose();
  let facts: AnswerFacts = extractive.facts;

  // Nothing found in a window the question did not fix: what any time finds, marked as wider.
  const foundNothing =
    extractive.empty || (facts.people.length === 0 && facts.goals.length === 0 && !facts.none);
  if (foundNothing && !reading.window.fixed && reading.window.sense !== 'any') {
    const wider: Reading = { ...reading, window: anyTime(today) };
    const widened = new Composer(context.urls, wider, await gatherer.gather(wider, zone, today)).compose();
    if (widened.empty && extractive.empty) {
      extractive = {
        ...extractive,
        markdown: [
          extractive.statement,
          `I read this as: ${describeReading(reading)}.`,
          'I found nothing at any time either.',
        ].join('\n\n'),
      };
    } else if (!widened.empty) {
      facts = { ...facts, widened: wider.window };
      extractive = {
        ...widened,
        markdown: [
          extractive.statement,
          `I read this as: ${describeReading(reading)}.`,
          `**Wider: at any time.** ${widened.markdown}`,
        ].join('\n\n'),
      };
    }
  }
  if (!provider || extractive.empty) return { markdown: extractive.markdown, reading, facts };

  try {
    const written = (
      await provider.write({
        prompt,
        sources: extractive.sources,
        summary: extractive.markdown.split('\n', 1)[0] as string,
        reading: describeReading(reading),
      })
    ).trim();
    if (!written) throw new Error('it returned an empty answer');
    const sources = extractive.sources.map((source) => `${source.n}. [${source.title}](${source.url})`);
    return { markdown: `${written}\n\n### Sources\n\n${sources.join('\n')}`, reading, facts };
  } catch (error) {
    const reason = ((error as Error).message ?? String(error)).split('\n', 1)[0];
    return {
      markdown: `${extractive.markdown}\n\n_The generative provider (${provider.name}) failed (${reason}); this is the extractive answer._`,
      reading,
      facts,
    };
  }
}

/** Any time within the store, up to today: the window a wider answer reads. */
function anyTime(today: string): AnswerWindow {
  return { from: FIRST_DATE, to: today, phrase: 'at any time', sense: 'any', explicit: false };
}
