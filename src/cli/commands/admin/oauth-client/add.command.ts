import { NEW_OAUTH_CLIENT_FIELDS } from '../../../json-fields.js';
import { defineCommand, writes } from '../../define.js';

export const clientAdd = defineCommand('add', {
  summary: 'register a client; prints its client_id (and, if confidential, its secret once)',
  examples: [
    {
      command:
        'pulse admin oauth-client add --name Dashboard --redirect-uri https://dash.example.com/callback --confidential',
      says: 'a server-side client; prints its client_id and secret',
    },
  ],
  flags: [
    {
      flags: '--name <name>',
      description: 'the name people see on the consent page, 1 to 100 characters',
      required: true,
    },
    {
      flags: '--redirect-uri <uri>',
      description: 'where codes are sent (repeatable): https, or http on 127.0.0.1 or [::1] (any port)',
      required: true,
      repeatable: true,
    },
    {
      flags: '--confidential',
      description: 'the client keeps a secret (a server-side app); public otherwise',
    },
  ],
  ...writes(NEW_OAUTH_CLIENT_FIELDS),
  load: () => import('../oauth.js').then((m) => m.addClient),
});
