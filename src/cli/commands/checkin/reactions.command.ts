import { REACTION_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { CHECK_IN_ARGUMENT, CHECK_IN_PERSON_FLAG } from './flags.js';

export const checkinReactions = defineCommand('reactions', {
  summary: 'list the reactions to a check-in',
  examples: [
    { command: 'pulse checkin reactions "$ID"', says: 'who reacted to the check-in, and with what' },
  ],
  arguments: [CHECK_IN_ARGUMENT],
  flags: [CHECK_IN_PERSON_FLAG],
  ...reads(REACTION_FIELDS),
  load: () => import('./conversation.js').then((m) => m.reactions),
});
