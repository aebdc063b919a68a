import { GOAL_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { GOAL_FILTER_FLAGS } from './flags.js';

export const goalTree = defineCommand('tree', {
  summary: 'the goal hierarchy with progress and confidence',
  examples: [
    { command: 'pulse goal tree --team Core', says: "Core's goals under their parents, with progress bars" },
  ],
  flags: GOAL_FILTER_FLAGS,
  ...reads(GOAL_FIELDS),
  load: () => import('./goal.js').then((m) => m.tree),
});
