import { defineCommand } from '../define.js';

export const authLogout = defineCommand('logout', {
  summary: 'forget the kept token, OAuth tokens and team API key',
  examples: [
    { command: 'pulse auth logout --profile work', says: 'forgets the credentials of the work profile' },
  ],
  load: () => import('./auth.js').then((m) => m.logout),
});
