import { defineCommand } from '../../define.js';

export const keyClear = defineCommand('clear', {
  summary: "forget the provider's key",
  examples: [
    { command: 'pulse ask key clear', says: 'forgets the kept key (PULSE_ASK_KEY still works)' },
    {
      command: 'pulse ask key clear --no-input || exit 1',
      says: 'forgets the key in a script, stopping if it fails',
    },
  ],
  load: () => import('../key.js').then((m) => m.clear),
});
