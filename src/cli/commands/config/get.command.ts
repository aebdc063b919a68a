import { defineCommand } from '../define.js';

export const configGet = defineCommand('get', {
  summary: 'print a setting',
  examples: [{ command: 'pulse config get base_url', says: 'the deployment the profile talks to' }],
  arguments: [{ name: '<key>' }],
  load: () => import('./config.js').then((m) => m.get),
});
