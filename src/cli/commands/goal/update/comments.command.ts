import { COMMENT_FIELDS } from '../../../json-fields.js';
import { defineCommand, reads } from '../../define.js';
import { UPDATE_ARGUMENT } from '../flags.js';

export const updateComments = defineCommand('comments', {
  summary: 'list the comments on an update',
  examples: [{ command: 'pulse goal update comments "$UPDATE_ID"', says: 'the comments, oldest first' }],
  arguments: [UPDATE_ARGUMENT],
  ...reads(COMMENT_FIELDS),
  load: () => import('../updates.js').then((m) => m.comments),
});
