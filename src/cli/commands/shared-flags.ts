/** Flags and arguments that verbs of several nouns share. */

/** --limit and --all of a list that walks pages (see parseLimit). */
export const pagingFlags = <const What extends string>(what: What) =>
  [
    { flags: '--limit <n>', description: `show at most n ${what} (default 30)` },
    {
      flags: '--all',
      description: `every one of the ${what}, printed as read (a pipe gets rows as they come)`,
    },
  ] as const;

/** --team, repeatable, completed with the names of the teams. */
export const teamsFlag = <const Description extends string>(description: Description) =>
  ({ flags: '--team <team>', description, repeatable: true, suggest: 'teams' }) as const;

/** --person, repeatable, completed with the emails of the people. */
export const peopleFlag = <const Description extends string>(description: Description) =>
  ({ flags: '--person <person>', description, repeatable: true, suggest: 'people' }) as const;

/** --search of a list: the server's full-text index does the matching (locally and remotely alike). */
export const searchFlag = <const Description extends string>(description: Description) =>
  ({ flags: '--search <text>', description }) as const;

/** The comment of a comment verb (check-ins, goal updates). */
export const COMMENT_BODY_FLAG = {
  flags: '--body <markdown>',
  description: 'the comment (default: write it in your editor)',
} as const;

/** The reaction of a react verb. */
export const REACTION_ARGUMENT = {
  name: '<name>',
  description: 'thumbsup, thumbsdown, smile, confused, heart or tada',
} as const;

export const REMOVE_REACTION_FLAG = {
  flags: '--remove',
  description: 'remove your reaction instead',
} as const;
