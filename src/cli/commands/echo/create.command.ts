import { ECHO_QUESTION_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';
import { QUESTION_FLAGS } from './flags.js';

export const echoCreate = defineCommand('create', {
  summary: 'create a question (all of --title, --prompt, --frequency, --time)',
  examples: [
    {
      command:
        'pulse echo create --title "Weekly blockers" --prompt "What blocked the team?" --frequency weekly --day monday --time 09:00',
      says: 'answered every Monday at 9:00 from the week before',
    },
  ],
  flags: QUESTION_FLAGS,
  ...writes(ECHO_QUESTION_FIELDS),
  load: () => import('./echo.js').then((m) => m.create),
});
