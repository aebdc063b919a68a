import { NOTICE_TYPES, TIMELINE_FILTERS } from '../../../core/status/types.js';
import { STATUS_NOTICE_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { STATUS_URL_FLAG } from './status-url.js';

export const statusNotices = defineCommand('notices', {
  summary: 'incidents and maintenance, newest first (25; --all for every page)',
  examples: [
    {
      command: 'pulse status notices --type planned --json id,subject,state',
      says: 'the maintenance windows, three fields each',
    },
  ],
  flags: [
    STATUS_URL_FLAG,
    { flags: '--type <type>', description: 'only planned or unplanned notices', choices: NOTICE_TYPES },
    {
      flags: '--timeline <state>',
      description: 'only notices in this timeline state, or past: every ended notice',
      choices: TIMELINE_FILTERS,
    },
    { flags: '--all', description: 'walk every page' },
  ],
  ...reads(STATUS_NOTICE_FIELDS),
  load: () => import('./status.js').then((m) => m.notices),
});
