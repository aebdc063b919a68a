/** The team of a v1 verb: named in local mode, the kept team API key's remotely. */
export const V1_TEAM_FLAG = {
  flags: '--team <team>',
  description: 'local mode: the team, id or name (default: your only team)',
  suggest: 'teams',
} as const;
