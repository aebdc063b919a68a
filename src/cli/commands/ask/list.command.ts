import { ASK_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';

export const askList = defineCommand({
  name: 'list',
  summary: 'your asks, newest first',
  examples: [{ command: 'pulse ask list --limit 5', says: 'your five latest asks' }],
  flags: [
    { flags: '--limit <n>', description: 'show at most n asks (default 30)' },
    { flags: '--all', description: 'walk every page' },
  ],
  json: { fields: ASK_FIELDS },
  pageable: true,
  load: () => import('./ask.js').then((m) => m.list),
});
