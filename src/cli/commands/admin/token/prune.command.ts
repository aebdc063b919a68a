import { OAUTH_PRUNE_FIELDS } from '../../../json-fields.js';
import { defineCommand, writes } from '../../define.js';

export const tokenPrune = defineCommand('prune', {
  summary:
    'delete spent OAuth rows: expired codes, and tokens ended over a day ago (pulse serve does it hourly)',
  examples: [{ command: 'pulse admin token prune --json', says: 'how many rows of each kind were deleted' }],
  ...writes(OAUTH_PRUNE_FIELDS),
  load: () => import('../tokens.js').then((m) => m.prune),
});
