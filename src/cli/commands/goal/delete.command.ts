import { defineCommand } from '../define.js';
import { GOAL_ARGUMENT } from './flags.js';

export const goalDelete = defineCommand('delete', {
  summary: 'delete a goal, its updates and their comments',
  examples: [{ command: 'pulse goal delete migration --yes', says: 'deletes the goal without asking first' }],
  arguments: [GOAL_ARGUMENT],
  flags: [{ flags: '--yes', description: 'do not ask for confirmation' }],
  load: () => import('./goal.js').then((m) => m.remove),
});
