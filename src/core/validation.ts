/**
 * Validation of request bodies, shared by every path into the core: shapes are checked with zod; a value
 * of the wrong type or form is a 400, a well-formed value that breaks a rule is a 422 (raised by the
 * rule's owner). Query parameters are checked without zod (query-params.ts).
 */
// zod/mini: the same validator as zod with a fraction of the start-up cost.
import type * as z from 'zod/mini';
import { BadRequestError, ValidationError } from './errors.js';
import { textErrors } from './text.js';

/**
 * Parses input against a schema whose messages name their field; any issue becomes a 400. Every string
 * of the result is then held to the text rule (text.ts), so no input that passes here can put NUL, an
 * unpaired surrogate or a control character into a store: a 422 naming each field that does.
 */
export function parseInput<T>(schema: z.ZodMiniType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success)
    throw new BadRequestError([...new Set(result.error.issues.map((issue) => issue.message))]);
  const errors = textErrors(result.data);
  if (errors.length > 0) throw new ValidationError(errors);
  return result.data;
}
