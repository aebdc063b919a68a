import { ECHO_QUESTION_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { QUESTION_ARGUMENT } from './flags.js';

export const echoView = defineCommand('view', {
  summary: 'show a question and its next answer time',
  examples: [{ command: 'pulse echo view "$Q"', says: 'the question and its next answer time' }],
  arguments: [QUESTION_ARGUMENT],
  ...reads(ECHO_QUESTION_FIELDS),
  load: () => import('./echo.js').then((m) => m.view),
});
