import { STATUS_COMPONENT_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';
import { STATUS_URL_FLAG } from './status-url.js';

export const statusComponents = defineCommand({
  name: 'components',
  summary: 'the components, children under their parents',
  examples: [
    { command: 'pulse status components --json name,state', says: "each component's name and state" },
  ],
  flags: [STATUS_URL_FLAG],
  json: { fields: STATUS_COMPONENT_FIELDS },
  pageable: true,
  load: () => import('./status.js').then((m) => m.components),
});
