import { GOAL_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';
import { GOAL_FILTER_FLAGS } from './flags.js';

export const goalList = defineCommand({
  name: 'list',
  summary: 'list goals you can see, newest first',
  examples: [{ command: 'pulse goal list --mine', says: 'the goals you own or contribute to' }],
  flags: [
    ...GOAL_FILTER_FLAGS,
    { flags: '--limit <n>', description: 'show at most n goals (default 30)' },
    { flags: '--all', description: 'walk every page' },
  ],
  json: { fields: GOAL_FIELDS },
  pageable: true,
  load: () => import('./goal.js').then((m) => m.list),
});
