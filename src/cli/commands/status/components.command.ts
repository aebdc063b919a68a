import { STATUS_COMPONENT_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { STATUS_URL_FLAG } from './status-url.js';

export const statusComponents = defineCommand('components', {
  summary: 'the components, children under their parents',
  examples: [
    { command: 'pulse status components --json name,state', says: "each component's name and state" },
  ],
  flags: [STATUS_URL_FLAG],
  ...reads(STATUS_COMPONENT_FIELDS),
  load: () => import('./status.js').then((m) => m.components),
});
