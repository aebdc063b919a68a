import { GOAL_UPDATE_FIELDS } from '../../../json-fields.js';
import { defineCommand } from '../../define.js';
import { GOAL_ARGUMENT } from '../flags.js';

export const updateList = defineCommand({
  name: 'list',
  summary: "list a goal's updates, newest first",
  examples: [{ command: 'pulse goal update list hire', says: 'the updates of the goal, newest first' }],
  arguments: [GOAL_ARGUMENT],
  json: { fields: GOAL_UPDATE_FIELDS },
  pageable: true,
  load: () => import('../updates.js').then((m) => m.list),
});
