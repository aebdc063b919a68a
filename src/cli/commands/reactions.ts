/** Flags and arguments of the conversation verbs every commented resource has (comment, react). */
export const COMMENT_BODY_FLAG = {
  flags: '--body <markdown>',
  description: 'the comment (default: write it in your editor)',
} as const;

export const REACTION_ARGUMENT = {
  name: '<name>',
  description: 'thumbsup, thumbsdown, smile, confused, heart or tada',
} as const;

export const REMOVE_REACTION_FLAG = {
  flags: '--remove',
  description: 'remove your reaction instead',
} as const;
