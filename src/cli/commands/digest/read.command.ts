import { defineCommand } from '../define.js';

export const digestRead = defineCommand('read', {
  summary: 'mark an entry, or --all, read (a pulse serve extension remotely)',
  examples: [
    { command: 'pulse digest read "$ID"', says: 'marks one entry read' },
    { command: 'pulse digest read --all', says: 'marks every unread entry read' },
    {
      command: 'pulse digest read --all --no-input || exit 1',
      says: 'a job that clears the digest, stopping if it fails',
    },
  ],
  arguments: [{ name: '[id]', description: 'entry id' }],
  flags: [{ flags: '--all', description: 'every unread entry' }],
  load: () => import('./digest.js').then((m) => m.read),
});
