/** The shape (400) of an ask's body; its rule (1 to 2000 characters, 422) is checked by asks.ts. */
import * as z from 'zod/mini';
import { longerThan } from './text.js';

export const MAX_PROMPT_LENGTH = 2000;

/** The rule an ask's prompt meets (422), also what `pulse ask` checks its prompt's answer with. */
export function askPromptErrors(prompt: string | null | undefined): string[] {
  return !prompt || prompt.trim().length === 0 || longerThan(prompt, MAX_PROMPT_LENGTH)
    ? [`prompt must be 1 to ${MAX_PROMPT_LENGTH} characters`]
    : [];
}

export const askInputSchema = z.object(
  { prompt: z.optional(z.nullable(z.string({ error: 'prompt must be a string' }))) },
  { error: 'the request body must be a JSON object' },
);
/** A question to ask: its prompt. */
export type AskInput = z.input<typeof askInputSchema>;
