import { defineCommand } from '../../define.js';

export const tokenCreate = defineCommand('create', {
  summary: 'create a token; prints it alone on stdout (it is shown once)',
  examples: [
    {
      command:
        'pulse admin token create --person ana@example.com --scope read --expires-in 30d --name dashboard > dashboard.token',
      says: 'a read-only token for 30 days, kept in a file',
    },
  ],
  flags: [
    {
      flags: '--person <email>',
      description: 'the person the token acts as',
      required: true,
      suggest: 'people',
    },
    {
      flags: '--scope <scope>',
      description: 'read, or write (which includes read)',
      choices: ['read', 'write'],
      default: 'write',
    },
    {
      flags: '--expires-in <duration>',
      description: 'lifetime: a number with s, m, h or d, e.g. 90s or 30d (default: none)',
    },
    { flags: '--name <label>', description: 'a label to recognise it by' },
  ],
  load: () => import('../tokens.js').then((m) => m.create),
});
