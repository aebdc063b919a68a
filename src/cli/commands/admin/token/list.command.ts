import { TOKEN_FIELDS } from '../../../json-fields.js';
import { defineCommand, reads } from '../../define.js';

export const tokenList = defineCommand('list', {
  summary: 'list personal access tokens and live OAuth sign-ins, one row per grant (never their secrets)',
  examples: [{ command: 'pulse admin token list --kind oauth', says: 'one row per live OAuth sign-in' }],
  flags: [
    {
      flags: '--kind <kind>',
      description: 'only personal access tokens (pat) or OAuth sign-ins (oauth)',
      choices: ['pat', 'oauth'],
    },
  ],
  ...reads(TOKEN_FIELDS),
  load: () => import('../tokens.js').then((m) => m.list),
});
