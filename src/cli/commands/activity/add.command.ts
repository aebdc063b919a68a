import { ACTIVITY_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';

export const activityAdd = defineCommand('add', {
  summary: 'record a custom activity; prints its id',
  examples: [
    {
      command:
        'pulse activity add --group Deploys --description "Released 2.4" --url https://ci.example.com/runs/812',
      says: 'a custom activity with a link, yours',
    },
  ],
  flags: [
    { flags: '--group <group>', description: 'a group label, 1 to 64 characters', required: true },
    { flags: '--description <text>', description: 'what happened, 1 to 256 characters', required: true },
    { flags: '--url <url>', description: 'a link to it (absolute http(s) URL)' },
  ],
  ...writes(ACTIVITY_FIELDS),
  load: () => import('./activity.js').then((m) => m.add),
});
