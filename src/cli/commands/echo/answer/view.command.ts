import { ECHO_ANSWER_FIELDS } from '../../../json-fields.js';
import { defineCommand, reads } from '../../define.js';

export const answerView = defineCommand('view', {
  summary: 'show an answer, rendered for the terminal',
  examples: [
    { command: 'pulse echo answer view "$ANSWER"', says: 'the answer, its Markdown rendered on a terminal' },
  ],
  arguments: [{ name: '<id>', description: 'answer id' }],
  ...reads(ECHO_ANSWER_FIELDS),
  load: () => import('../echo.js').then((m) => m.answer),
});
