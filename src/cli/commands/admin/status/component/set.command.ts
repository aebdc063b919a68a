import { COMPONENT_STATES } from '../../../../../core/status/types.js';
import { STATUS_COMPONENT_FIELDS } from '../../../../json-fields.js';
import { defineCommand, writes } from '../../../define.js';

export const componentSet = defineCommand('set', {
  summary: "change a component's state; prints its id",
  examples: [
    { command: 'pulse admin status component set "$DB" --state degraded', says: 'the database is degraded' },
  ],
  arguments: [{ name: '<component>', description: 'component name or id' }],
  flags: [
    { flags: '--state <state>', description: 'its new state', choices: COMPONENT_STATES, required: true },
  ],
  ...writes(STATUS_COMPONENT_FIELDS),
  load: () => import('../../status.js').then((m) => m.setComponent),
});
