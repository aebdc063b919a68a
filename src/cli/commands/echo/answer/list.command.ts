import { ECHO_ANSWER_FIELDS } from '../../../json-fields.js';
import { defineCommand, reads } from '../../define.js';
import { pagingFlags } from '../../shared-flags.js';

export const answerList = defineCommand('list', {
  summary: "a question's answers, newest first (due ones are published first)",
  examples: [
    {
      command: 'pulse echo answer list "$Q"',
      says: 'its answers, "Weekly blockers - Nov 23-29, 2026" and on',
    },
  ],
  arguments: [{ name: '<question>', description: 'question id' }],
  flags: [...pagingFlags('answers')],
  ...reads(ECHO_ANSWER_FIELDS),
  load: () => import('../echo.js').then((m) => m.answers),
});
