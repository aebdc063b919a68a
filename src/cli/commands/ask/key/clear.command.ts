import { defineCommand } from '../../define.js';

export const keyClear = defineCommand('clear', {
  summary: "forget the provider's key",
  examples: [{ command: 'pulse ask key clear', says: 'forgets the kept key (PULSE_ASK_KEY still works)' }],
  load: () => import('../key.js').then((m) => m.clear),
});
