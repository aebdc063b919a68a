import { defineCommand } from '../define.js';

export const digestRead = defineCommand('read', {
  summary: 'mark an entry, or --all, read (a pulse serve extension remotely)',
  examples: [{ command: 'pulse digest read --all', says: 'marks every unread entry read' }],
  arguments: [{ name: '[id]', description: 'entry id' }],
  flags: [{ flags: '--all', description: 'every unread entry' }],
  load: () => import('./digest.js').then((m) => m.read),
});
