import { ECHO_QUESTION_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';

export const echoList = defineCommand('list', {
  summary: 'your Echo questions, newest first',
  examples: [{ command: 'pulse echo list', says: 'your questions and when each is next answered' }],
  ...reads(ECHO_QUESTION_FIELDS),
  load: () => import('./echo.js').then((m) => m.list),
});
