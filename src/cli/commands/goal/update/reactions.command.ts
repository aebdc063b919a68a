import { REACTION_FIELDS } from '../../../json-fields.js';
import { defineCommand } from '../../define.js';
import { UPDATE_ARGUMENT } from '../flags.js';

export const updateReactions = defineCommand({
  name: 'reactions',
  summary: 'list the reactions to an update',
  examples: [{ command: 'pulse goal update reactions "$UPDATE_ID"', says: 'who reacted, and with what' }],
  arguments: [UPDATE_ARGUMENT],
  json: { fields: REACTION_FIELDS },
  pageable: true,
  load: () => import('../updates.js').then((m) => m.reactions),
});
