/** The rules (422) of goal and goal update fields, for bodies whose shapes goal-input.ts checked. */
import type { GoalInput, GoalUpdateInput } from './goal-input.js';
import { isUuid } from './ids.js';
import { longerThan } from './text.js';
import { dateProblem } from './time.js';

export const CADENCES = ['Weekly', 'Biweekly', 'Monthly'] as const;
export const MAX_TITLE = 255;
export const MAX_TEXT = 20_000;

/** Rule violations of goal fields that need no storage (existence checks are the service's). */
export function goalFieldErrors(input: GoalInput, creating: boolean): string[] {
  const errors: string[] = [];
  if (creating && (input.title === undefined || input.title === null)) errors.push('title is required');
  if (input.title === null && !creating) errors.push('title cannot be removed');
  if (
    typeof input.title === 'string' &&
    (input.title.trim().length === 0 || longerThan(input.title, MAX_TITLE))
  ) {
    errors.push(`title must be 1 to ${MAX_TITLE} characters`);
  }
  if (typeof input.description === 'string' && longerThan(input.description, MAX_TEXT)) {
    errors.push(`description must be at most ${MAX_TEXT} characters`);
  }
  for (const field of ['start_date', 'end_date'] as const) {
    const value = input[field];
    const problem = typeof value === 'string' ? dateProblem(field, value) : undefined;
    if (problem) errors.push(problem);
  }
  if (
    typeof input.update_cadence === 'string' &&
    !(CADENCES as readonly string[]).includes(input.update_cadence)
  ) {
    errors.push(`update_cadence must be one of ${CADENCES.join(', ')}`);
  }
  for (const field of ['owner_id', 'parent_id'] as const) {
    const value = input[field];
    if (typeof value === 'string' && !isUuid(value)) errors.push(`${field} must be an id`);
  }
  return errors;
}

/** Rule violations of a goal update's fields. */
export function goalUpdateFieldErrors(input: GoalUpdateInput, creating: boolean): string[] {
  const errors: string[] = [];
  const given = (['title', 'body', 'progress', 'confidence'] as const).filter(
    (f) => input[f] !== undefined && input[f] !== null,
  );
  if (creating && given.length === 0)
    errors.push('a goal update needs at least one of title, body, progress, confidence');
  if (typeof input.title === 'string' && longerThan(input.title, MAX_TITLE))
    errors.push(`title must be at most ${MAX_TITLE} characters`);
  if (typeof input.body === 'string' && longerThan(input.body, MAX_TEXT))
    errors.push(`body must be at most ${MAX_TEXT} characters`);
  for (const field of ['progress', 'confidence'] as const) {
    const value = input[field];
    if (typeof value === 'number' && !(Number.isInteger(value) && value >= 0 && value <= 100)) {
      errors.push(`${field} must be an integer from 0 to 100`);
    }
  }
  return errors;
}
