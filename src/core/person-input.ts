/** The body of `PATCH /api/v2/me` (wrong types are 400); the rules of its values are person-rules.ts. */
import * as z from 'zod/mini';

const field = (name: string) => z.optional(z.string({ error: `${name} must be a string` }));

/**
 * The body of `PATCH /api/v2/me` (an extension): what a person may change of themselves. As everywhere
 * in v2, read-only and unknown fields are ignored: email and administrator are an administrator's to
 * change (`pulse admin person edit`), and the Person answered shows them unchanged.
 */
export const mePatchSchema = z.object(
  { name: field('name'), username: field('username'), time_zone: field('time_zone') },
  { error: 'the request body must be a JSON object' },
);

/** The fields of the caller to change; those left out keep their value. */
export type MePatch = z.input<typeof mePatchSchema>;
