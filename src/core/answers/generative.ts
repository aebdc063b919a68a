/**
 * The optional generative provider: a model that writes the answer from the retrieved excerpts only. The
 * core knows this interface; the adapter that speaks a protocol (an OpenAI-compatible chat-completions
 * endpoint) lives outside it and is injected, so the core never opens a connection itself.
 */
import type { Source } from './compose.js';

export interface GenerativeRequest {
  prompt: string;
  /** The excerpts the extractive answer found, numbered as its sources; nothing else is sent. */
  sources: Source[];
  /** The extractive answer's first line, with its counts, as a fact the model may rely on. */
  summary: string;
  /** How the question was read ("blockers · team Atlas · last week (Nov 16-22, 2026)"). */
  reading?: string;
}

export interface GenerativeProvider {
  /** How answers and errors name it, e.g. "gpt-4o-mini at api.example.com". */
  readonly name: string;
  /** Markdown citing sources as [n]; throws on any failure (the engine falls back and says so). */
  write(request: GenerativeRequest): Promise<string>;
}

/** The instructions a model gets with the excerpts: answer from them alone and cite them. */
export const SYSTEM_PROMPT = [
  "You answer questions about a team's check-ins, goals, comments and activities.",
  'Use only the numbered excerpts given; if they do not answer the question, say so.',
  'Start with one sentence that answers the question, keeping the counts given in the summary.',
  'Then give short Markdown sections with the relevant excerpts, citing each as [n].',
  'Do not add a list of sources; it is appended for you.',
].join(' ');

/** The user message: the question, the summary and the numbered excerpts. */
export function userMessage(request: GenerativeRequest): string {
  const excerpts = request.sources.map(
    (source) =>
      `[${source.n}] ${source.title}\n${source.excerpts.map((text) => `> ${text || '(no text)'}`).join('\n')}`,
  );
  return [
    `Question: ${request.prompt}`,
    ...(request.reading ? [`Read as: ${request.reading}`] : []),
    `Summary: ${request.summary}`,
    'Excerpts:',
    ...excerpts,
  ].join('\n\n');
}
