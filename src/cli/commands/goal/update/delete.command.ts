import { defineCommand } from '../../define.js';
import { UPDATE_ARGUMENT } from '../flags.js';

export const updateDelete = defineCommand('delete', {
  summary: 'delete your update and its comments',
  examples: [
    { command: 'pulse goal update delete "$UPDATE_ID" --yes', says: 'deletes it without asking first' },
  ],
  arguments: [UPDATE_ARGUMENT],
  flags: [{ flags: '--yes', description: 'do not ask for confirmation' }],
  load: () => import('../updates.js').then((m) => m.remove),
});
