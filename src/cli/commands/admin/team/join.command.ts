import { defineCommand } from '../../define.js';
import { PERSON_EMAIL_FLAG, TEAM_NAME_FLAG } from '../flags.js';

export const teamJoin = defineCommand('join', {
  summary: 'add a person to a team',
  examples: [
    {
      command: 'pulse admin team join --team Design --person ben@example.com --observer',
      says: 'Ben reads along in Design',
    },
  ],
  flags: [
    TEAM_NAME_FLAG,
    PERSON_EMAIL_FLAG,
    { flags: '--observer', description: 'reads along but does not report (not counted in reports)' },
    { flags: '--manager', description: 'a manager of the team' },
  ],
  load: () => import('../admin.js').then((m) => m.joinTeam),
});
