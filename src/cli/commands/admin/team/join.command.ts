import { defineCommand } from '../../define.js';
import { PERSON_EMAIL_FLAG, SHARE_HISTORY_FLAGS, TEAM_NAME_FLAG } from '../flags.js';

export const teamJoin = defineCommand('join', {
  summary: 'add a person to a team',
  examples: [
    {
      command: 'pulse admin team join --team Design --person ben@example.com --observer',
      says: "Ben reads along in Design, from today's check-ins on",
    },
    {
      command: 'pulse admin team join --team Design --person ben@example.com --share-history',
      says: "Ben sees Design's earlier check-ins too (also for a member who joined without them)",
    },
  ],
  flags: [
    TEAM_NAME_FLAG,
    PERSON_EMAIL_FLAG,
    { flags: '--observer', description: 'reads along but does not report (not counted in reports)' },
    { flags: '--manager', description: 'a manager of the team' },
    ...SHARE_HISTORY_FLAGS,
  ],
  load: () => import('../admin.js').then((m) => m.joinTeam),
});
