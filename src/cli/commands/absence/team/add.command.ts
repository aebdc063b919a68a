import { defineCommand } from '../../define.js';
import { ABSENCE_REPORT, DATE_SELECTION_FLAGS } from '../flags.js';

export const teamAbsenceAdd = defineCommand('add', {
  summary: 'mark the whole team absent on dates',
  examples: [
    { command: 'pulse absence team add --date 2026-12-24', says: 'nobody reports that day' },
    {
      command: 'pulse absence team add --from 2026-12-25 --to 2026-12-26 --team Core',
      says: "two of Core's holidays",
    },
  ],
  flags: DATE_SELECTION_FLAGS,
  ...ABSENCE_REPORT,
  load: () => import('../absence.js').then((m) => m.teamAdd),
});
