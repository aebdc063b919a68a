import { defineCommand } from '../../define.js';

export const teamAdd = defineCommand('add', {
  summary: 'add a team; prints the new id',
  examples: [
    {
      command: 'pulse admin team add --name Design --report-days monday,wednesday --member ben@example.com',
      says: 'a team reporting twice a week, with Ben in it',
    },
  ],
  flags: [
    { flags: '--name <name>', description: 'team name (unique)', required: true },
    { flags: '--private', description: "only members and administrators see the team's check-ins" },
    {
      flags: '--report-days <days>',
      description: 'comma-separated day names (default monday,tuesday,wednesday,thursday,friday)',
    },
    {
      flags: '--member <email>',
      description: 'add this person (repeatable)',
      repeatable: true,
      suggest: 'people',
    },
  ],
  load: () => import('../admin.js').then((m) => m.addTeam),
});
