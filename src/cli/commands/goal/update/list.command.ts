import { GOAL_UPDATE_FIELDS } from '../../../json-fields.js';
import { defineCommand, reads } from '../../define.js';
import { GOAL_ARGUMENT } from '../flags.js';

export const updateList = defineCommand('list', {
  summary: "list a goal's updates, newest first",
  examples: [{ command: 'pulse goal update list hire', says: 'the updates of the goal, newest first' }],
  arguments: [GOAL_ARGUMENT],
  ...reads(GOAL_UPDATE_FIELDS),
  load: () => import('../updates.js').then((m) => m.list),
});
