import { REACTION_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';
import { CHECK_IN_ARGUMENT } from './flags.js';

export const checkinReactions = defineCommand({
  name: 'reactions',
  summary: 'list the reactions to a check-in',
  examples: [
    { command: 'pulse checkin reactions "$ID"', says: 'who reacted to the check-in, and with what' },
  ],
  arguments: [CHECK_IN_ARGUMENT],
  json: { fields: REACTION_FIELDS },
  pageable: true,
  load: () => import('./conversation.js').then((m) => m.reactions),
});
