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
    {
      command:
        'pulse echo create --title "Journal" --prompt "What did I do?" --frequency daily --time 18:00 --every-day',
      says: 'answered at 18:00 every day, weekends included (without --every-day, only on your report days)',
    },
  ],
  flags: [
    ...QUESTION_FLAGS,
    {
      flags: '--every-day',
      description: "a daily question answers every day, not only on your teams' report days",
    },
  ],
  ...writes(ECHO_QUESTION_FIELDS),
  load: () => import('./echo.js').then((m) => m.create),
});
