/** Validation of Echo questions: wrong types are 400, broken rules 422 naming the field. */
import * as z from 'zod/mini';
import { FREQUENCIES } from './echo-schedule.js';
import { longerThan } from './text.js';
import { isWeekday } from './weekdays.js';

const text = (name: string) => z.optional(z.nullable(z.string({ error: `${name} must be a string` })));
export const echoInputSchema = z.object(
  {
    prompt: text('prompt'),
    title: text('title'),
    answer_frequency: text('answer_frequency'),
    answer_day: text('answer_day'),
    answer_time: text('answer_time'),
    /** An extension of `pulse serve`: a daily Echo answers every day, not only on report days. */
    every_day: z.optional(z.boolean({ error: 'every_day must be true or false' })),
  },
  { error: 'the request body must be a JSON object' },
);
/** A new Echo question's fields, as callers send them; checked here (400) and by echoErrors (422). */
export type EchoQuestionInput = z.input<typeof echoInputSchema>;
/** The fields of an Echo question to change; those left out keep their value. */
export type EchoQuestionPatch = z.input<typeof echoInputSchema>;

export const ANSWER_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface EchoFields {
  prompt: string | null;
  title: string | null;
  answer_frequency: string | null;
  answer_day: string | null;
  answer_time: string | null;
}

/** Rule violations of the complete set of fields (current values with the input applied). */
export function echoErrors(fields: EchoFields): string[] {
  const errors: string[] = [];
  const { prompt, title, answer_frequency: frequency, answer_day: day, answer_time: time } = fields;
  if (!prompt || prompt.trim().length === 0 || longerThan(prompt, 2000))
    errors.push('prompt must be 1 to 2000 characters');
  if (!title || title.trim().length === 0 || longerThan(title, 255))
    errors.push('title must be 1 to 255 characters');
  if (!frequency || !(FREQUENCIES as readonly string[]).includes(frequency)) {
    errors.push(`answer_frequency must be one of ${FREQUENCIES.join(', ')}`);
  }
  // A daily Echo needs no day, but one given must still be a day (the interface's enum).
  if (day && !isWeekday(day)) errors.push('answer_day must be a day name in lower case (monday..sunday)');
  else if (
    !day &&
    frequency &&
    frequency !== 'daily' &&
    (FREQUENCIES as readonly string[]).includes(frequency)
  )
    errors.push(`answer_day is required for ${frequency} answers`);
  if (!time || !ANSWER_TIME.test(time)) errors.push('answer_time must be HH:MM on a 24-hour clock');
  return errors;
}
