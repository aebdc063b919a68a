import { CONFIG_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';

export const configList = defineCommand('list', {
  summary: 'list the settings and their values',
  examples: [
    { command: 'pulse config list', says: 'every setting, its value and what it means' },
    { command: 'pulse config list --json base_url,store', says: 'two settings of the profile, as JSON' },
  ],
  ...reads(CONFIG_FIELDS),
  load: () => import('./config.js').then((m) => m.list),
});
