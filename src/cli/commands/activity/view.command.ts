import { ACTIVITY_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';

export const activityView = defineCommand({
  name: 'view',
  summary: 'show an activity',
  examples: [{ command: 'pulse activity view "$ID" --json title,url', says: 'its title and link' }],
  arguments: [{ name: '<id>', description: 'activity id' }],
  json: { fields: ACTIVITY_FIELDS },
  pageable: true,
  load: () => import('./activity.js').then((m) => m.view),
});
