import { defineCommand } from '../define.js';
import { ABSENCE_REPORT, DATE_SELECTION_FLAGS, MEMBER_ARGUMENT } from './flags.js';

export const absenceRemove = defineCommand('remove', {
  summary: "remove a member's absence on dates",
  examples: [
    { command: 'pulse absence remove ben-okafor --date 2027-01-01', says: 'Ben reports on that day again' },
  ],
  arguments: [MEMBER_ARGUMENT],
  flags: DATE_SELECTION_FLAGS,
  ...ABSENCE_REPORT,
  load: () => import('./absence.js').then((m) => m.remove),
});
