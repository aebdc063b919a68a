/**
 * Validation of request bodies, shared by every path into the core: shapes are checked with zod; a value
 * of the wrong type or form is a 400, a well-formed value that breaks a rule is a 422 (raised by the
 * rule's owner). Query parameters are checked without zod (query-params.ts).
 */
// zod/mini: the same validator as zod with a fraction of the start-up cost.
import type * as z from 'zod/mini';
import { BadRequestError } from './errors.js';

/** Parses input against a schema whose messages name their field; any issue becomes a 400. */
export function parseInput<T>(schema: z.ZodMiniType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new BadRequestError([...new Set(result.error.issues.map((issue) => issue.message))]);
}
