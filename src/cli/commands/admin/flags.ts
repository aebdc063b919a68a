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

/**
 * Whether a newcomer sees a team's check-ins from before the day they join (docs/guide/serving.md, "A
 * newcomer and the team's history").
 */
export const SHARE_HISTORY_FLAGS = [
  {
    flags: '--share-history',
    description: "show them the team's check-ins from before they joined too (asked on a terminal)",
  },
  {
    flags: '--no-share-history',
    description: "only the team's check-ins from the day they join on (the default)",
  },
] as const;
