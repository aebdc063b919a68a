import { defineCommand } from '../../define.js';

export const clientRemove = defineCommand('remove', {
  summary: 'remove a client and revoke its tokens',
  examples: [
    {
      command: 'pulse admin oauth-client remove "$CLIENT_ID"',
      says: 'removes it and revokes every token issued to it',
    },
  ],
  arguments: [{ name: '<client-id>', description: 'the client_id' }],
  load: () => import('../oauth.js').then((m) => m.removeClient),
});
