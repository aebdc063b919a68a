import { DATE_HELP, FUTURE_WEEKDAY } from '../../help-text.js';
import { ABSENCE_LIST_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { V1_TEAM_FLAG } from '../team/flags.js';

export const absenceList = defineCommand('list', {
  summary: 'list member absences and team holidays by date (from today on unless --from)',
  examples: [
    { command: 'pulse absence list', says: "every member's absences and the team's holidays from today on" },
    {
      command: 'pulse absence list ben-okafor --from 2026-12-01 --to 2026-12-31 --json',
      says: "Ben's December (and the team's holidays) as JSON",
    },
  ],
  arguments: [
    {
      name: '[member]',
      description: "one member's absences (id, slug, email or me); default: every member's",
      suggest: 'people',
    },
  ],
  flags: [
    { flags: '--from <date>', description: `first date: ${DATE_HELP} (default: today)` },
    {
      flags: '--to <date>',
      description: `last date, inclusive: ${DATE_HELP} (${FUTURE_WEEKDAY}; default: no end)`,
    },
    V1_TEAM_FLAG,
  ],
  ...reads(ABSENCE_LIST_FIELDS),
  load: () => import('./list.js').then((m) => m.list),
});
