/** Flags shared by the operator verbs. */
export const USERNAME_FLAG = {
  flags: '--username <username>',
  description: 'handle for @-mentions (default: from the email)',
} as const;
export const TIME_ZONE_FLAG = {
  flags: '--time-zone <zone>',
  description: 'IANA time zone (default: the system zone)',
} as const;
export const TEAM_NAME_FLAG = {
  flags: '--team <name>',
  description: 'team name or id',
  required: true,
  suggest: 'teams',
} as const;
export const PERSON_EMAIL_FLAG = {
  flags: '--person <email>',
  description: "the person's email",
  required: true,
  suggest: 'people',
} as const;
