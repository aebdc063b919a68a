import { defineCommand } from '../../define.js';

export const personEdit = defineCommand('edit', {
  summary: "change a person's name, email, username, time zone or administrator role",
  examples: [
    {
      command: 'pulse admin person edit root@localhost --name "Ana Diaz" --email ana@example.com',
      says: 'renames the identity first use created, and gives it a real address',
    },
    {
      command: 'pulse admin person edit ben@example.com --admin',
      says: 'makes Ben an administrator (--no-admin takes it back, unless Ben is the only one)',
    },
  ],
  arguments: [{ name: '<person>', description: "the person's email or id", suggest: 'people' }],
  flags: [
    { flags: '--name <name>', description: 'full name' },
    { flags: '--email <email>', description: 'email address (unique)' },
    { flags: '--username <username>', description: 'handle for @-mentions (unique)' },
    { flags: '--time-zone <zone>', description: 'IANA time zone, such as Europe/Berlin' },
    { flags: '--admin', description: 'make an administrator' },
    { flags: '--no-admin', description: 'no longer an administrator (refused for the only one)' },
  ],
  load: () => import('../admin.js').then((m) => m.editPerson),
});
