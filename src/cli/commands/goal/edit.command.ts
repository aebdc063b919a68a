import { GOAL_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';
import { GOAL_ARGUMENT, GOAL_EDIT_FLAGS } from './flags.js';

export const goalEdit = defineCommand('edit', {
  summary: 'change a goal',
  examples: [
    {
      command: 'pulse goal edit hire --no-parent --team Core --end 2027-01-31',
      says: 'makes the goal top-level, of the Core team only, with a later end date',
    },
  ],
  arguments: [GOAL_ARGUMENT],
  flags: [...GOAL_EDIT_FLAGS, { flags: '--no-parent', description: 'make it a top-level goal' }],
  ...writes(GOAL_FIELDS),
  load: () => import('./goal.js').then((m) => m.edit),
});
