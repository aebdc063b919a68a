import { COMMENT_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { CHECK_IN_ARGUMENT, CHECK_IN_PERSON_FLAG } from './flags.js';

export const checkinComments = defineCommand('comments', {
  summary: 'list the comments on a check-in, oldest first',
  examples: [
    { command: 'pulse checkin comments today', says: 'the comments on your check-in of today' },
    {
      command: 'pulse checkin comments monday --person @ben',
      says: "the comments on Ben's check-in of Monday",
    },
  ],
  arguments: [CHECK_IN_ARGUMENT],
  flags: [CHECK_IN_PERSON_FLAG],
  ...reads(COMMENT_FIELDS),
  load: () => import('./conversation.js').then((m) => m.comments),
});
