import { defineCommand } from '../../define.js';

export const tokenRevoke = defineCommand('revoke', {
  summary: 'revoke a token, or end an OAuth sign-in (every token of its grant)',
  examples: [
    { command: 'pulse admin token revoke - < dashboard.token', says: 'revokes the token kept in the file' },
  ],
  arguments: [
    {
      name: '<id>',
      description: 'the token id or OAuth sign-in id, or - to read the token itself from stdin',
    },
  ],
  load: () => import('../tokens.js').then((m) => m.revoke),
});
