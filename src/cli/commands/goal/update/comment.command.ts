import { COMMENT_FIELDS } from '../../../json-fields.js';
import { defineCommand, writes } from '../../define.js';
import { COMMENT_BODY_FLAG } from '../../shared-flags.js';
import { UPDATE_ARGUMENT } from '../flags.js';

export const updateComment = defineCommand('comment', {
  summary: 'comment on an update',
  examples: [
    {
      command: 'pulse goal update comment "$UPDATE_ID" --body "Nice work, @ben"',
      says: 'a comment that mentions Ben',
    },
  ],
  arguments: [UPDATE_ARGUMENT],
  flags: [COMMENT_BODY_FLAG],
  ...writes(COMMENT_FIELDS),
  load: () => import('../updates.js').then((m) => m.comment),
});
