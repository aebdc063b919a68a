import { REACTION_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';
import { REACTION_ARGUMENT, REMOVE_REACTION_FLAG } from '../shared-flags.js';
import { CHECK_IN_ARGUMENT, CHECK_IN_PERSON_FLAG } from './flags.js';

export const checkinReact = defineCommand('react', {
  summary: 'react to a check-in (a pulse serve extension remotely)',
  examples: [
    { command: 'pulse checkin react "$ID" tada', says: 'a tada on the check-in (--remove takes it back)' },
    { command: 'pulse checkin react today heart --person @ben', says: "a heart on Ben's check-in of today" },
  ],
  arguments: [CHECK_IN_ARGUMENT, REACTION_ARGUMENT],
  flags: [REMOVE_REACTION_FLAG, CHECK_IN_PERSON_FLAG],
  ...writes(REACTION_FIELDS),
  load: () => import('./conversation.js').then((m) => m.react),
});
