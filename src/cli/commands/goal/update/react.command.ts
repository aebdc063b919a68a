import { REACTION_FIELDS } from '../../../json-fields.js';
import { defineCommand, writes } from '../../define.js';
import { REACTION_ARGUMENT, REMOVE_REACTION_FLAG } from '../../shared-flags.js';
import { UPDATE_ARGUMENT } from '../flags.js';

export const updateReact = defineCommand('react', {
  summary: 'react to an update (a pulse serve extension remotely)',
  examples: [
    {
      command: 'pulse goal update react "$UPDATE_ID" heart',
      says: 'a heart on the update (--remove takes it back)',
    },
  ],
  arguments: [UPDATE_ARGUMENT, REACTION_ARGUMENT],
  flags: [REMOVE_REACTION_FLAG],
  ...writes(REACTION_FIELDS),
  load: () => import('../updates.js').then((m) => m.react),
});
