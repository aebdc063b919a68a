import { GOAL_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';
import { GOAL_ARGUMENT } from './flags.js';

export const goalArchive = defineCommand('archive', {
  summary: 'archive a goal (hidden from lists; its owner and administrators only)',
  examples: [
    { command: 'pulse goal archive hire', says: 'hides the goal from lists (goal list --archived shows it)' },
  ],
  arguments: [GOAL_ARGUMENT],
  ...writes(GOAL_FIELDS),
  load: () => import('./goal.js').then((m) => m.archive),
});
