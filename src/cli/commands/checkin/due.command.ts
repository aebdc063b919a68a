import { DUE_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';

export const checkinDue = defineCommand('due', {
  summary:
    "is today's check-in still to fill in? exit 1 if so, 0 if it is done or nothing is scheduled; quiet, for shell prompts and cron",
  examples: [
    { command: 'pulse checkin due --remind', says: 'one line when your check-in is due, nothing otherwise' },
    {
      command: 'pulse checkin due',
      says: 'exit 1 while your check-in is due, 0 otherwise, printing nothing (for a shell prompt)',
    },
    { command: 'pulse checkin due --team Core --json', says: 'the state for team Core, as JSON' },
  ],
  flags: [
    {
      flags: '--team <team>',
      description: 'only this team: due when it reports today and your check-in is not filled in',
      suggest: 'teams',
    },
    { flags: '--remind', description: 'print a one-line reminder when the check-in is due' },
  ],
  ...reads(
    DUE_FIELDS,
    'print the state as JSON (date, due, reason, team); network trouble is then reported, exit 6',
  ),
  load: () => import('./due.js').then((m) => m.run),
});
