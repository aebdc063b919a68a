/** A check-in named on the command line of its conversation verbs. */
export const CHECK_IN_ARGUMENT = {
  name: '<key>',
  description: "check-in id, or date (your own, or with --person someone else's)",
} as const;

/** `--person P` beside a date KEY: P's check-in that day instead of your own. */
export const CHECK_IN_PERSON_FLAG = {
  flags: '--person <person>',
  description: "with a date KEY, this person's check-in: id, email, @username, name, or @me",
  suggest: 'people',
} as const;
