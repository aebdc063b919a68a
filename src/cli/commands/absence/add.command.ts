import { defineCommand } from '../define.js';
import { ABSENCE_REPORT, DATE_SELECTION_FLAGS, MEMBER_ARGUMENT } from './flags.js';

export const absenceAdd = defineCommand('add', {
  summary: 'mark a member absent on dates',
  examples: [
    {
      command: 'pulse absence add ben-okafor --from 2026-12-21 --to 2027-01-01 --weekdays',
      says: "Ben's two weeks off, weekdays only",
    },
    { command: 'pulse absence add me --date 2026-12-07', says: 'your own day off' },
  ],
  arguments: [MEMBER_ARGUMENT],
  flags: DATE_SELECTION_FLAGS,
  ...ABSENCE_REPORT,
  load: () => import('./absence.js').then((m) => m.add),
});
