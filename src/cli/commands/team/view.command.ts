import { TEAM_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';

export const teamView = defineCommand('view', {
  summary: 'show a team and its members',
  examples: [{ command: 'pulse team view Design', says: 'the Design team and its members' }],
  arguments: [{ name: '<team>', description: 'id or name', suggest: 'teams' }],
  ...reads(TEAM_FIELDS),
  load: () => import('./team.js').then((m) => m.view),
});
