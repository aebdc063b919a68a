import { COMPONENT_STATES } from '../../../../../core/status/types.js';
import { STATUS_COMPONENT_FIELDS } from '../../../../json-fields.js';
import { defineCommand, writes } from '../../../define.js';

export const componentAdd = defineCommand('add', {
  summary: 'add a component; prints its id',
  examples: [
    {
      command: 'pulse admin status component add --name Database --parent "$API"',
      says: 'a component under the API',
    },
  ],
  flags: [
    { flags: '--name <name>', description: 'its name, 1 to 100 characters', required: true },
    { flags: '--description <text>', description: 'what it is' },
    { flags: '--parent <component>', description: 'the component it belongs to (name or id)' },
    { flags: '--state <state>', description: 'its state (default operational)', choices: COMPONENT_STATES },
  ],
  ...writes(STATUS_COMPONENT_FIELDS),
  load: () => import('../../status.js').then((m) => m.addComponent),
});
