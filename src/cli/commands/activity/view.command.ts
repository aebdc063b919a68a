import { ACTIVITY_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';

export const activityView = defineCommand('view', {
  summary: 'show an activity',
  examples: [{ command: 'pulse activity view "$ID" --json title,url', says: 'its title and link' }],
  arguments: [{ name: '<id>', description: 'activity id' }],
  ...reads(ACTIVITY_FIELDS),
  load: () => import('./activity.js').then((m) => m.view),
});
