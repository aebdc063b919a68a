/** The body of the v1 absence endpoints: one date (YYYY-MM-DD); any other shape is a 400. */
import * as z from 'zod/mini';
import { BadRequestError } from '../errors.js';
import { dateProblem } from '../time.js';
import { parseInput } from '../validation.js';

const NOT_A_DATE = 'date must be a date (YYYY-MM-DD)';

const absenceInputSchema = z.object(
  { date: z.optional(z.string({ error: NOT_A_DATE })) },
  { error: 'the request body must be a JSON object with a date' },
);
/** A member's or the team's absence: the day it falls on. */
export type AbsenceInput = z.input<typeof absenceInputSchema>;

/** The date of a path or body, or a 400. */
export function requireDate(value: string | undefined): string {
  if (value === undefined) throw new BadRequestError([NOT_A_DATE]);
  const problem = dateProblem('date', value);
  if (problem) throw new BadRequestError([problem]);
  return value;
}

export const absenceDate = (input: AbsenceInput): string =>
  requireDate(parseInput(absenceInputSchema, input).date);
