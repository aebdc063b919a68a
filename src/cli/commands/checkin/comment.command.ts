import { COMMENT_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';
import { COMMENT_BODY_FLAG } from '../shared-flags.js';
import { CHECK_IN_ARGUMENT, CHECK_IN_PERSON_FLAG } from './flags.js';

export const checkinComment = defineCommand('comment', {
  summary: 'comment on a check-in (@username mentions people)',
  examples: [
    {
      command: 'pulse checkin comment today --body "Notes are in the *wiki*"',
      says: 'a Markdown comment, no editor',
    },
    {
      command: 'pulse checkin comment today --person ben@example.com --body "Happy to pair on it"',
      says: "a comment on Ben's check-in of today",
    },
  ],
  arguments: [CHECK_IN_ARGUMENT],
  flags: [COMMENT_BODY_FLAG, CHECK_IN_PERSON_FLAG],
  ...writes(COMMENT_FIELDS),
  load: () => import('./conversation.js').then((m) => m.comment),
});
