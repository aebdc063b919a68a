import { GOAL_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { pagingFlags } from '../shared-flags.js';
import { GOAL_FILTER_FLAGS } from './flags.js';

export const goalList = defineCommand('list', {
  summary: 'list goals you can see, newest first',
  examples: [
    { command: 'pulse goal list --mine', says: 'the goals you own or contribute to' },
    { command: 'pulse goal list --search onboarding', says: 'goals that mention onboarding' },
  ],
  flags: [...GOAL_FILTER_FLAGS, ...pagingFlags('goals')],
  ...reads(GOAL_FIELDS),
  load: () => import('./goal.js').then((m) => m.list),
});
