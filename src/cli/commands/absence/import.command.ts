import { defineCommand } from '../define.js';
import { V1_TEAM_FLAG } from '../team/flags.js';
import { ABSENCE_REPORT } from './flags.js';

export const absenceImport = defineCommand('import', {
  summary: 'import absences from a UTF-8 CSV (member,date[,to] or a header naming them) or an .ics calendar',
  examples: [
    { command: 'pulse absence import time-off.csv', says: 'every row of the file, reported date by date' },
    {
      command: 'pulse absence import hr-export.csv',
      says: 'a header row names the columns (email, start, end); others, like type, are ignored',
    },
    { command: 'pulse absence import holidays.ics --holidays', says: 'the calendar as team-wide holidays' },
    {
      command: 'pulse absence import leave.ics',
      says: "a shared leave calendar: each event as its attendees' time off",
    },
  ],
  arguments: [{ name: '<file>', description: 'a .csv or .ics file, or - for stdin' }],
  flags: [
    {
      flags: '--member <member>',
      description: ".ics: one member's time off (id, slug, email or me); default: each event's attendees",
      suggest: 'people',
    },
    { flags: '--holidays', description: '.ics: team-wide holidays' },
    {
      flags: '--format <format>',
      description: 'csv or ics (default: from the file name, else csv)',
      suggest: ['csv', 'ics'],
    },
    { flags: '--dry-run', description: 'show what would change, change nothing' },
    V1_TEAM_FLAG,
  ],
  ...ABSENCE_REPORT,
  load: () => import('./absence.js').then((m) => m.importFile),
});
