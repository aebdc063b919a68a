import { STATUS_NOTICE_DETAIL_FIELDS } from '../../../../json-fields.js';
import { defineCommand, writes } from '../../../define.js';

export const noticeUpdate = defineCommand('update', {
  summary: 'move a notice on (or, in the same state with --content, post an update)',
  examples: [
    {
      command: 'pulse admin status notice update "$N" --state identified --content "A missing index"',
      says: 'the cause is found, and said',
    },
  ],
  arguments: [{ name: '<id>', description: 'notice id' }],
  flags: [
    {
      flags: '--state <state>',
      description:
        'unplanned: identified, recovering, resolved or false_alarm; planned: underway or complete',
      required: true,
    },
    { flags: '--content <text>', description: "the update's text" },
  ],
  ...writes(STATUS_NOTICE_DETAIL_FIELDS),
  load: () => import('../../status.js').then((m) => m.updateNotice),
});
