import { STATUS_NOTICE_DETAIL_FIELDS } from '../../../../json-fields.js';
import { defineCommand, writes } from '../../../define.js';

export const noticeUpdate = defineCommand('update', {
  summary: 'move a notice on (or, with --content alone, post an update in its state)',
  examples: [
    {
      command: 'pulse admin status notice update "$N" --state identified --content "A missing index"',
      says: 'the cause is found, and said',
    },
    {
      command: 'pulse admin status notice update "$N" --content "Replicas are catching up"',
      says: 'an update that only says something: the notice keeps its state',
    },
  ],
  arguments: [{ name: '<id>', description: 'notice id' }],
  flags: [
    {
      flags: '--state <state>',
      description:
        'unplanned: identified, recovering, resolved or false_alarm; planned: underway or complete (default: its state)',
    },
    { flags: '--content <text>', description: "the update's text" },
  ],
  ...writes(STATUS_NOTICE_DETAIL_FIELDS),
  load: () => import('../../status.js').then((m) => m.updateNotice),
});
