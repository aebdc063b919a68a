import { REACTION_FIELDS } from '../../../json-fields.js';
import { defineCommand, reads } from '../../define.js';
import { UPDATE_ARGUMENT } from '../flags.js';

export const updateReactions = defineCommand('reactions', {
  summary: 'list the reactions to an update',
  examples: [{ command: 'pulse goal update reactions "$UPDATE_ID"', says: 'who reacted, and with what' }],
  arguments: [UPDATE_ARGUMENT],
  ...reads(REACTION_FIELDS),
  load: () => import('../updates.js').then((m) => m.reactions),
});
