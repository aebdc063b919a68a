import { ASK_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { pagingFlags } from '../shared-flags.js';

export const askList = defineCommand('list', {
  summary: 'your asks, newest first',
  examples: [{ command: 'pulse ask list --limit 5', says: 'your five latest asks' }],
  flags: [...pagingFlags('asks')],
  ...reads(ASK_FIELDS),
  load: () => import('./ask.js').then((m) => m.list),
});
