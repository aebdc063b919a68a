import { GOAL_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';
import { GOAL_ARGUMENT } from './flags.js';

export const goalUnarchive = defineCommand('unarchive', {
  summary: 'bring an archived goal back (its owner and administrators only)',
  examples: [{ command: 'pulse goal unarchive hire', says: 'the goal shows in lists again' }],
  arguments: [GOAL_ARGUMENT],
  ...writes(GOAL_FIELDS),
  load: () => import('./goal.js').then((m) => m.unarchive),
});
