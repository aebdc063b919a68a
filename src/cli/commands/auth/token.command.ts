import { defineCommand } from '../define.js';

export const authToken = defineCommand({
  name: 'token',
  summary: 'print the token, or the OAuth access token (for scripts)',
  examples: [
    {
      command: 'curl -H "Authorization: Bearer $(pulse auth token)" http://127.0.0.1:8080/api/v2/me',
      says: 'the kept token, for another HTTP client',
    },
  ],
  load: () => import('./auth.js').then((m) => m.token),
});
