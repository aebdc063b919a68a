/** Validation of check-in updates: shapes (400) here, rules (422) in checkInRuleErrors. */
import * as z from 'zod/mini';
import { BadRequestError } from './errors.js';
import { isUuid } from './ids.js';
import { isMood, MOOD_NAMES } from './moods.js';
import { longerThan } from './text.js';
import { parseInput } from './validation.js';

export const MAX_ANSWER_LENGTH = 20_000;

const answer = (name: string) =>
  z.optional(z.nullable(z.string({ error: `${name} must be a string or null` })));

export const checkInUpdateSchema = z.object(
  {
    previous: answer('previous'),
    intentions: answer('intentions'),
    blockers: answer('blockers'),
    mood: z.optional(z.nullable(z.string({ error: 'mood must be a string or null' }))),
    previous_completed: z.optional(
      z.nullable(z.boolean({ error: 'previous_completed must be true, false or null' })),
    ),
    team_ids: z.optional(
      z.array(z.string({ error: 'team_ids must be an array of ids' }), {
        error: 'team_ids must be an array of ids',
      }),
    ),
  },
  { error: 'the request body must be a JSON object' },
);

/** Writable fields of a check-in, as callers send them; read-only and unknown fields are ignored. */
export type CheckInUpdate = z.input<typeof checkInUpdateSchema>;
export type ParsedCheckInUpdate = z.output<typeof checkInUpdateSchema>;

export const parseCheckInUpdate = (input: unknown): ParsedCheckInUpdate =>
  parseInput(checkInUpdateSchema, input);

/** The fields a check-in update may carry, in the schema's order. */
export const CHECK_IN_UPDATE_FIELDS: readonly string[] = Object.keys(checkInUpdateSchema.shape);

/**
 * Parses an update that a person wrote by hand (`pulse checkin --file x.json`): as parseCheckInUpdate,
 * but a key that is not one of the fields is refused (400) with every such key named, since a misspelt
 * answer would otherwise be dropped unseen. The interface's PATCH stays lenient: a client may send back
 * a whole check-in it read, read-only fields included.
 */
export function parseStrictCheckInUpdate(input: unknown): ParsedCheckInUpdate {
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    const unknown = Object.keys(input).filter((key) => !CHECK_IN_UPDATE_FIELDS.includes(key));
    if (unknown.length > 0) {
      const named = unknown.map((key) => JSON.stringify(key)).join(', ');
      throw new BadRequestError([
        `unknown key${unknown.length > 1 ? 's' : ''} ${named} (accepted: ${CHECK_IN_UPDATE_FIELDS.join(', ')})`,
      ]);
    }
  }
  return parseCheckInUpdate(input);
}

/** Rule violations (422) of a well-formed update, given the ids of the person's teams. */
export function checkInRuleErrors(update: ParsedCheckInUpdate, personTeamIds: readonly string[]): string[] {
  const errors: string[] = [];
  for (const field of ['previous', 'intentions', 'blockers'] as const) {
    const value = update[field];
    if (value != null && longerThan(value, MAX_ANSWER_LENGTH)) {
      errors.push(`${field} must be at most ${MAX_ANSWER_LENGTH} characters`);
    }
  }
  if (update.mood != null && !isMood(update.mood)) {
    errors.push(`mood must be one of ${MOOD_NAMES.join(', ')}`);
  }
  if (update.team_ids !== undefined) {
    const own = new Set(personTeamIds);
    const foreign = update.team_ids.filter((id) => !isUuid(id) || !own.has(id.toLowerCase()));
    if (update.team_ids.length === 0) errors.push('team_ids must name at least one of your teams');
    else if (foreign.length > 0)
      errors.push(`team_ids must be teams of the check-in's person: ${foreign.join(', ')}`);
  }
  return errors;
}

/** True when the update carries an answer, which is what completes a check-in. */
export function carriesAnswer(update: ParsedCheckInUpdate): boolean {
  return (['previous', 'intentions', 'blockers', 'mood', 'previous_completed'] as const).some(
    (field) => update[field] != null,
  );
}
