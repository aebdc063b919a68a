import { AUTH_STATUS_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';

export const authStatus = defineCommand('status', {
  summary:
    'who you are, how you signed in (token or OAuth: scope and expiry), and whether the server accepts it',
  examples: [
    { command: 'pulse auth status', says: 'the sign-in of the profile, and whether the server accepts it' },
  ],
  json: { fields: AUTH_STATUS_FIELDS },
  load: () => import('./auth.js').then((m) => m.status),
});
