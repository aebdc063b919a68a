import { defineCommand } from '../define.js';
import { QUESTION_ARGUMENT } from './flags.js';

export const echoDelete = defineCommand('delete', {
  summary: 'delete a question',
  examples: [{ command: 'pulse echo delete "$Q"', says: 'deletes the question' }],
  arguments: [QUESTION_ARGUMENT],
  load: () => import('./echo.js').then((m) => m.remove),
});
