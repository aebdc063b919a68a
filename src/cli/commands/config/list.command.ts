import { CONFIG_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';

export const configList = defineCommand({
  name: 'list',
  summary: 'list the settings and their values',
  examples: [{ command: 'pulse config list', says: 'every setting, its value and what it means' }],
  json: { fields: CONFIG_FIELDS },
  pageable: true,
  load: () => import('./config.js').then((m) => m.list),
});
