import { TEAM_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';

export const teamList = defineCommand('list', {
  summary: 'list the teams you can see',
  examples: [{ command: 'pulse team list', says: 'the teams, with their members and report days' }],
  ...reads(TEAM_FIELDS),
  load: () => import('./team.js').then((m) => m.list),
});
