import { ECHO_ANSWER_FIELDS } from '../../../json-fields.js';
import { defineCommand } from '../../define.js';

export const answerView = defineCommand({
  name: 'view',
  summary: 'show an answer, rendered for the terminal',
  examples: [
    { command: 'pulse echo answer view "$ANSWER"', says: 'the answer, its Markdown rendered on a terminal' },
  ],
  arguments: [{ name: '<id>', description: 'answer id' }],
  json: { fields: ECHO_ANSWER_FIELDS },
  pageable: true,
  load: () => import('../echo.js').then((m) => m.answer),
});
