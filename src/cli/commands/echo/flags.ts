/** Flags and arguments shared by the Echo verbs. */
export const QUESTION_ARGUMENT = { name: '<id>', description: 'question id' } as const;

/** What an Echo question is: every flag of `echo create` and `echo edit`. */
export const QUESTION_FLAGS = [
  { flags: '--title <title>', description: 'a title, 1 to 255 characters' },
  { flags: '--prompt <question>', description: 'the question, 1 to 2000 characters' },
  {
    flags: '--frequency <frequency>',
    description: 'daily, weekly, biweekly or monthly',
    suggest: ['daily', 'weekly', 'biweekly', 'monthly'],
  },
  {
    flags: '--day <day>',
    description: 'the answer day for weekly, biweekly and monthly (monday..sunday)',
    suggest: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  },
  { flags: '--time <HH:MM>', description: 'the answer time, 24-hour, in your time zone' },
] as const;
