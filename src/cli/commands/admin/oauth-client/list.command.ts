import { OAUTH_CLIENT_FIELDS } from '../../../json-fields.js';
import { defineCommand, reads } from '../../define.js';

export const clientList = defineCommand('list', {
  summary: 'list clients (never their secrets)',
  examples: [
    { command: 'pulse admin oauth-client list', says: 'pulse-cli (built in) and the registered clients' },
  ],
  ...reads(OAUTH_CLIENT_FIELDS),
  load: () => import('../oauth.js').then((m) => m.listClients),
});
