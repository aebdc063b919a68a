import { GOAL_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';
import { GOAL_FILTER_FLAGS } from './flags.js';

export const goalTree = defineCommand({
  name: 'tree',
  summary: 'the goal hierarchy with progress and confidence',
  examples: [
    { command: 'pulse goal tree --team Core', says: "Core's goals under their parents, with progress bars" },
  ],
  flags: GOAL_FILTER_FLAGS,
  json: { fields: GOAL_FIELDS },
  pageable: true,
  load: () => import('./goal.js').then((m) => m.tree),
});
