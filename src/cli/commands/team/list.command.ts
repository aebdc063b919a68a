import { TEAM_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';

export const teamList = defineCommand({
  name: 'list',
  summary: 'list the teams you can see',
  examples: [{ command: 'pulse team list', says: 'the teams, with their members and report days' }],
  json: { fields: TEAM_FIELDS },
  pageable: true,
  load: () => import('./team.js').then((m) => m.list),
});
