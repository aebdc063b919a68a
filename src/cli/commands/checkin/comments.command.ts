import { COMMENT_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { CHECK_IN_ARGUMENT } from './flags.js';

export const checkinComments = defineCommand('comments', {
  summary: 'list the comments on a check-in, oldest first',
  examples: [{ command: 'pulse checkin comments today', says: 'the comments on your check-in of today' }],
  arguments: [CHECK_IN_ARGUMENT],
  ...reads(COMMENT_FIELDS),
  load: () => import('./conversation.js').then((m) => m.comments),
});
