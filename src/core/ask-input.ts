/** The shape (400) of an ask's body; its rule (1 to 2000 characters, 422) is checked by asks.ts. */
import * as z from 'zod/mini';

export const askInputSchema = z.object(
  { prompt: z.optional(z.nullable(z.string({ error: 'prompt must be a string' }))) },
  { error: 'the request body must be a JSON object' },
);
/** A question to ask: its prompt. */
export type AskInput = z.input<typeof askInputSchema>;
