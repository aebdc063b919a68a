import { DATE_HELP } from '../../help-text.js';
import { CHECK_IN_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';
import { CHECK_IN_PERSON_FLAG } from './flags.js';

export const checkinClear = defineCommand('clear', {
  summary:
    'empty a check-in back to pending, with its comments and reactions (a pulse serve extension remotely)',
  examples: [
    {
      command: 'pulse checkin clear 2027-01-15',
      says: 'your check-in filled on a wrong date, cleared after you confirm',
    },
    {
      command: 'pulse checkin clear monday --person @ben --yes',
      says: "an administrator clears Ben's check-in of Monday without asking first",
    },
  ],
  arguments: [
    { name: '<key>', description: `check-in id, or ${DATE_HELP}: your own, or with --person theirs` },
  ],
  flags: [CHECK_IN_PERSON_FLAG, { flags: '--yes', description: 'do not ask for confirmation' }],
  ...writes(CHECK_IN_FIELDS),
  load: () => import('./clear.js').then((m) => m.run),
});
