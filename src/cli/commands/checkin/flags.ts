/** A check-in named on the command line of its conversation verbs. */
export const CHECK_IN_ARGUMENT = { name: '<key>', description: 'check-in id or date' } as const;
