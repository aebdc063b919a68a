import { defineCommand } from '../define.js';

export const configSet = defineCommand('set', {
  summary: 'change a setting',
  examples: [
    {
      command: 'pulse config set base_url http://127.0.0.1:8080',
      says: 'remote mode against a local pulse serve',
    },
  ],
  arguments: [{ name: '<key>' }, { name: '<value>' }],
  load: () => import('./config.js').then((m) => m.set),
});
