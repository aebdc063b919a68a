import { defineCommand } from '../define.js';

export const authToken = defineCommand('token', {
  summary: 'print the token, or the OAuth access token (for scripts)',
  examples: [
    {
      command: 'pulse auth token --profile work',
      says: "the work profile's token, for a script's own HTTP client",
    },
  ],
  load: () => import('./auth.js').then((m) => m.token),
});
