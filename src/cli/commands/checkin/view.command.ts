import { DATE_HELP } from '../../help-text.js';
import { CHECK_IN_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';

export const checkinView = defineCommand('view', {
  summary: 'show one check-in: an id, or a date meaning your own',
  examples: [
    {
      command: 'pulse checkin view today',
      says: 'your check-in of today, its answers rendered on a terminal',
    },
    { command: 'pulse checkin view monday --json previous,blocked', says: "two fields of Monday's check-in" },
  ],
  arguments: [{ name: '<key>', description: `check-in id or ${DATE_HELP}` }],
  ...reads(CHECK_IN_FIELDS),
  load: () => import('./view.js').then((m) => m.run),
});
