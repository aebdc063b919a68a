import { defineCommand } from '../../define.js';
import { SHARE_HISTORY_FLAGS, TIME_ZONE_FLAG, USERNAME_FLAG } from '../flags.js';

export const personAdd = defineCommand('add', {
  summary: 'add a person; prints the new id',
  examples: [
    {
      command: 'pulse admin person add --name "Ben Okafor" --email ben@example.com --team Core',
      says: "Ben, a member of Core, who sees Core's check-ins from today on; prints Ben's id",
    },
    {
      command:
        'pulse admin person add --name "Ben Okafor" --email ben@example.com --team Core --share-history',
      says: "the same, and Ben sees Core's earlier check-ins too",
    },
  ],
  flags: [
    { flags: '--name <name>', description: 'full name', required: true },
    { flags: '--email <email>', description: 'email address (unique)', required: true },
    USERNAME_FLAG,
    TIME_ZONE_FLAG,
    {
      flags: '--team <name>',
      description: 'add to this team (repeatable)',
      repeatable: true,
      suggest: 'teams',
    },
    { flags: '--admin', description: 'make an administrator' },
    { flags: '--agent', description: 'an automated agent rather than a human' },
    ...SHARE_HISTORY_FLAGS,
  ],
  load: () => import('../admin.js').then((m) => m.addPerson),
});
