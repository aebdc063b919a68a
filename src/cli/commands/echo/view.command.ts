import { ECHO_QUESTION_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';
import { QUESTION_ARGUMENT } from './flags.js';

export const echoView = defineCommand({
  name: 'view',
  summary: 'show a question and its next answer time',
  examples: [{ command: 'pulse echo view "$Q"', says: 'the question and its next answer time' }],
  arguments: [QUESTION_ARGUMENT],
  json: { fields: ECHO_QUESTION_FIELDS },
  pageable: true,
  load: () => import('./echo.js').then((m) => m.view),
});
