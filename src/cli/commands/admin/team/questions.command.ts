import { defineCommand } from '../../define.js';
import { TEAM_NAME_FLAG } from '../flags.js';

export const teamQuestions = defineCommand('questions', {
  summary: "set the question texts of the team's reports ({previous_day} is replaced)",
  examples: [
    {
      command: 'pulse admin team questions --team Core --next "What will you do today?"',
      says: 'one question reworded',
    },
  ],
  flags: [
    TEAM_NAME_FLAG,
    { flags: '--previous <text>', description: 'e.g. "What did you get done on {previous_day}?"' },
    { flags: '--next <text>', description: 'e.g. "What will you do today?"' },
    { flags: '--blockers <text>', description: 'e.g. "Anything blocking you?"' },
    { flags: '--previous-completed <text>', description: 'e.g. "Did you do what you planned?"' },
    { flags: '--reset', description: 'back to the defaults' },
  ],
  load: () => import('../team-settings.js').then((m) => m.questions),
});
