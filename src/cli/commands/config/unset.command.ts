import { defineCommand } from '../define.js';

export const configUnset = defineCommand('unset', {
  summary: 'remove a setting',
  examples: [{ command: 'pulse config unset ask.provider', says: 'back to the extractive answers' }],
  arguments: [{ name: '<key>' }],
  load: () => import('./config.js').then((m) => m.unset),
});
