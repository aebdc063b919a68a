import { V1_STATUS_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { pagingFlags } from '../shared-flags.js';
import { V1_TEAM_FLAG } from './flags.js';

export const teamTag = defineCommand('tag', {
  summary: 'check-ins carrying a #tag, newest first',
  examples: [
    { command: 'pulse team tag release --limit 5', says: 'the five latest check-ins tagged #release' },
  ],
  arguments: [{ name: '<tag>', description: 'the tag, with or without #' }],
  flags: [...pagingFlags('check-ins'), V1_TEAM_FLAG],
  ...reads(V1_STATUS_FIELDS),
  load: () => import('./team-v1.js').then((m) => m.tag),
});
