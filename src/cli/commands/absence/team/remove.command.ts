import { defineCommand } from '../../define.js';
import { ABSENCE_REPORT, DATE_SELECTION_FLAGS } from '../flags.js';

export const teamAbsenceRemove = defineCommand('remove', {
  summary: 'remove team holidays on dates',
  examples: [
    { command: 'pulse absence team remove --date 2026-12-24', says: 'a holiday given back (safe to re-run)' },
  ],
  flags: DATE_SELECTION_FLAGS,
  ...ABSENCE_REPORT,
  load: () => import('../absence.js').then((m) => m.teamRemove),
});
