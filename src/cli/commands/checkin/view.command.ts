import { DATE_HELP } from '../../help-text.js';
import { CHECK_IN_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { CHECK_IN_PERSON_FLAG } from './flags.js';

export const checkinView = defineCommand('view', {
  summary: "show one check-in: an id, or a date meaning your own (--person: a teammate's)",
  examples: [
    {
      command: 'pulse checkin view today',
      says: 'your check-in of today, its answers rendered on a terminal',
    },
    { command: 'pulse checkin view monday --json previous,blocked', says: "two fields of Monday's check-in" },
    { command: 'pulse checkin view yesterday --person @ben', says: "Ben's check-in of yesterday" },
  ],
  arguments: [
    { name: '<key>', description: `check-in id, or ${DATE_HELP}: your own, or with --person theirs` },
  ],
  flags: [CHECK_IN_PERSON_FLAG],
  ...reads(CHECK_IN_FIELDS),
  load: () => import('./view.js').then((m) => m.run),
});
