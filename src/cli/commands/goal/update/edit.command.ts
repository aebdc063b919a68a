import { GOAL_UPDATE_FIELDS } from '../../../json-fields.js';
import { defineCommand, writes } from '../../define.js';
import { UPDATE_ARGUMENT, UPDATE_FLAGS } from '../flags.js';

export const updateEdit = defineCommand('edit', {
  summary: 'change your update',
  examples: [
    {
      command: 'pulse goal update edit "$UPDATE_ID" --progress 50',
      says: 'corrects the progress it reported',
    },
  ],
  arguments: [UPDATE_ARGUMENT],
  flags: UPDATE_FLAGS,
  ...writes(GOAL_UPDATE_FIELDS),
  load: () => import('../updates.js').then((m) => m.edit),
});
