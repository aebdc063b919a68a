/** Flags shared by the absence verbs. */
import { DATE_HELP, FUTURE_WEEKDAY } from '../../help-text.js';
import { ABSENCE_REPORT_FIELDS } from '../../json-fields.js';
import { writes } from '../define.js';
import { V1_TEAM_FLAG } from '../team/flags.js';

/** Every absence verb prints the same report. */
export const ABSENCE_REPORT = writes(
  ABSENCE_REPORT_FIELDS,
  'print a machine-readable report {results, summary}, with error when one stopped the run',
);

/** The dates an add or remove acts on, and the team. */
export const DATE_SELECTION_FLAGS = [
  { flags: '--date <date>', description: `one date: ${DATE_HELP}` },
  { flags: '--from <date>', description: `first date of a range (with --to): ${DATE_HELP}` },
  { flags: '--to <date>', description: `last date of a range, inclusive: ${DATE_HELP} (${FUTURE_WEEKDAY})` },
  { flags: '--weekdays', description: 'in a range, only monday to friday' },
  { flags: '--dry-run', description: 'show what would change, change nothing' },
  V1_TEAM_FLAG,
] as const;

export const MEMBER_ARGUMENT = {
  name: '[member]',
  description: 'id, slug, email, or me (default)',
  suggest: 'people',
} as const;
