import { ECHO_QUESTION_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';
import { QUESTION_ARGUMENT, QUESTION_FLAGS } from './flags.js';

export const echoEdit = defineCommand('edit', {
  summary: 'change a question',
  examples: [{ command: 'pulse echo edit "$Q" --time 08:30', says: 'answered at 8:30 from now on' }],
  arguments: [QUESTION_ARGUMENT],
  flags: QUESTION_FLAGS,
  ...writes(ECHO_QUESTION_FIELDS),
  load: () => import('./echo.js').then((m) => m.edit),
});
