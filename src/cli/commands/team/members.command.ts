import { V1_MEMBER_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { V1_TEAM_FLAG } from './flags.js';

export const teamMembers = defineCommand('members', {
  summary: "the team's active members by last name (the v1 interface)",
  examples: [
    { command: 'pulse team members --query okafor', says: 'the members whose name or email contains okafor' },
  ],
  flags: [
    {
      flags: '--query <text>',
      description: 'only members whose first name, last name or email contains this',
    },
    V1_TEAM_FLAG,
  ],
  ...reads(V1_MEMBER_FIELDS),
  load: () => import('./team-v1.js').then((m) => m.members),
});
