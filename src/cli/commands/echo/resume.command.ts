import { ECHO_QUESTION_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';
import { QUESTION_ARGUMENT } from './flags.js';

export const echoResume = defineCommand('resume', {
  summary: 'answer again from the next occurrence',
  examples: [{ command: 'pulse echo resume "$Q"', says: 'answered again from its next occurrence' }],
  arguments: [QUESTION_ARGUMENT],
  ...writes(ECHO_QUESTION_FIELDS),
  load: () => import('./echo.js').then((m) => m.resume),
});
