import { defineCommand } from '../../define.js';

export const keySet = defineCommand('set', {
  summary: "keep the provider's key in the OS keychain (read from stdin with --with-key)",
  examples: [
    { command: 'pulse ask key set --with-key < openai.key', says: 'keeps the key read from the file' },
  ],
  flags: [
    { flags: '--with-key', description: 'read the key from stdin (for scripts)' },
    {
      flags: '--insecure-storage',
      description: 'keep it in a 0600 file in the configuration directory instead',
    },
  ],
  load: () => import('../key.js').then((m) => m.set),
});
