import { defineCommand } from '../../define.js';
import { PERSON_EMAIL_FLAG, TEAM_NAME_FLAG } from '../flags.js';

export const teamLeave = defineCommand('leave', {
  summary: 'remove a person from a team',
  examples: [
    {
      command: 'pulse admin team leave --team Design --person ben@example.com',
      says: 'Ben is no longer in Design',
    },
  ],
  flags: [TEAM_NAME_FLAG, PERSON_EMAIL_FLAG],
  load: () => import('../admin.js').then((m) => m.leaveTeam),
});
