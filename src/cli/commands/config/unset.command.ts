import { defineCommand } from '../define.js';

export const configUnset = defineCommand('unset', {
  summary: 'remove a setting',
  examples: [
    { command: 'pulse config unset ask.provider', says: 'back to the extractive answers' },
    {
      command: 'pulse config unset base_url --profile ci --no-input',
      says: 'the ci profile back to local mode, never prompting',
    },
  ],
  arguments: [{ name: '<key>' }],
  load: () => import('./config.js').then((m) => m.unset),
});
