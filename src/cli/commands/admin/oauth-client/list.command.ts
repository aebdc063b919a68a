import { OAUTH_CLIENT_FIELDS } from '../../../json-fields.js';
import { defineCommand } from '../../define.js';

export const clientList = defineCommand({
  name: 'list',
  summary: 'list clients (never their secrets)',
  examples: [
    { command: 'pulse admin oauth-client list', says: 'pulse-cli (built in) and the registered clients' },
  ],
  json: { fields: OAUTH_CLIENT_FIELDS },
  pageable: true,
  load: () => import('../oauth.js').then((m) => m.listClients),
});
