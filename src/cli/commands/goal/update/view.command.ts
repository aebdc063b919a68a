import { GOAL_UPDATE_FIELDS } from '../../../json-fields.js';
import { defineCommand, reads } from '../../define.js';
import { UPDATE_ARGUMENT } from '../flags.js';

export const updateView = defineCommand('view', {
  summary: 'show an update',
  examples: [
    { command: 'pulse goal update view "$UPDATE_ID"', says: 'the update, its body rendered on a terminal' },
  ],
  arguments: [UPDATE_ARGUMENT],
  ...reads(GOAL_UPDATE_FIELDS),
  load: () => import('../updates.js').then((m) => m.view),
});
