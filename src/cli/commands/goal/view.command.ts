import { GOAL_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { GOAL_ARGUMENT } from './flags.js';

export const goalView = defineCommand('view', {
  summary: 'show a goal and its latest updates',
  examples: [
    { command: 'pulse goal view hire', says: 'the goal whose title contains "hire", and its latest updates' },
  ],
  arguments: [GOAL_ARGUMENT],
  ...reads(GOAL_FIELDS),
  load: () => import('./goal.js').then((m) => m.view),
});
