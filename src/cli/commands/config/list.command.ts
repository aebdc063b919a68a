import { CONFIG_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';

export const configList = defineCommand('list', {
  summary: 'list the settings and their values',
  examples: [{ command: 'pulse config list', says: 'every setting, its value and what it means' }],
  ...reads(CONFIG_FIELDS),
  load: () => import('./config.js').then((m) => m.list),
});
