import { ECHO_QUESTION_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';

export const echoList = defineCommand({
  name: 'list',
  summary: 'your Echo questions, newest first',
  examples: [{ command: 'pulse echo list', says: 'your questions and when each is next answered' }],
  json: { fields: ECHO_QUESTION_FIELDS },
  pageable: true,
  load: () => import('./echo.js').then((m) => m.list),
});
