import { defineCommand } from '../define.js';
import { QUESTION_ARGUMENT } from './flags.js';

export const echoDelete = defineCommand('delete', {
  summary: 'delete a question',
  examples: [
    { command: 'pulse echo delete "$Q"', says: 'deletes the question' },
    {
      command: 'pulse echo delete "$Q" --no-input || exit 1',
      says: 'deletes it in a script, stopping if it fails',
    },
  ],
  arguments: [QUESTION_ARGUMENT],
  load: () => import('./echo.js').then((m) => m.remove),
});
