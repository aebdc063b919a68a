import { GOAL_UPDATE_FIELDS } from '../../../json-fields.js';
import { defineCommand, writes } from '../../define.js';
import { GOAL_ARGUMENT, UPDATE_FLAGS } from '../flags.js';

export const updateCreate = defineCommand('create', {
  summary: 'post an update to a goal',
  examples: [
    {
      command: 'pulse goal update create hire --progress 40 --confidence at-risk --title "Two offers out"',
      says: 'the goal is 40% done and at risk',
    },
  ],
  arguments: [GOAL_ARGUMENT],
  flags: UPDATE_FLAGS,
  ...writes(GOAL_UPDATE_FIELDS),
  load: () => import('../updates.js').then((m) => m.create),
});
