import { ECHO_QUESTION_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';
import { QUESTION_ARGUMENT } from './flags.js';

export const echoResume = defineCommand({
  name: 'resume',
  summary: 'answer again from the next occurrence',
  examples: [{ command: 'pulse echo resume "$Q"', says: 'answered again from its next occurrence' }],
  arguments: [QUESTION_ARGUMENT],
  json: { fields: ECHO_QUESTION_FIELDS },
  load: () => import('./echo.js').then((m) => m.resume),
});
