import { ASK_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';
import { pagingFlags } from '../shared-flags.js';

export const askList = defineCommand({
  name: 'list',
  summary: 'your asks, newest first',
  examples: [{ command: 'pulse ask list --limit 5', says: 'your five latest asks' }],
  flags: [...pagingFlags('asks')],
  json: { fields: ASK_FIELDS },
  pageable: true,
  load: () => import('./ask.js').then((m) => m.list),
});
