import { LOGIN_CODE_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';

export const loginCode = defineCommand('login-code', {
  summary: 'a one-time code to sign in on the OAuth page of pulse serve (10 minutes)',
  examples: [
    { command: 'pulse admin login-code --person ben@example.com', says: 'a code Ben can sign in with once' },
  ],
  flags: [
    {
      flags: '--person <email>',
      description: 'the person who signs in with it',
      required: true,
      suggest: 'people',
    },
  ],
  ...writes(LOGIN_CODE_FIELDS),
  load: () => import('./oauth.js').then((m) => m.loginCode),
});
