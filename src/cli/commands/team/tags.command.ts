import { NO_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { V1_TEAM_FLAG } from './flags.js';

export const teamTags = defineCommand('tags', {
  summary: "the #tags used in the team's check-ins",
  examples: [{ command: 'pulse team tags', says: "the team's #tags, one a line" }],
  flags: [V1_TEAM_FLAG],
  ...reads(NO_FIELDS),
  load: () => import('./team-v1.js').then((m) => m.tags),
});
