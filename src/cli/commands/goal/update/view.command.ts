import { GOAL_UPDATE_FIELDS } from '../../../json-fields.js';
import { defineCommand } from '../../define.js';
import { UPDATE_ARGUMENT } from '../flags.js';

export const updateView = defineCommand({
  name: 'view',
  summary: 'show an update',
  examples: [
    { command: 'pulse goal update view "$UPDATE_ID"', says: 'the update, its body rendered on a terminal' },
  ],
  arguments: [UPDATE_ARGUMENT],
  json: { fields: GOAL_UPDATE_FIELDS },
  pageable: true,
  load: () => import('../updates.js').then((m) => m.view),
});
