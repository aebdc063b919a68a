import { STATUS_COMPONENT_FIELDS } from '../../../../json-fields.js';
import { defineCommand, writes } from '../../../define.js';

export const componentMove = defineCommand('move', {
  summary: 'move a component to a place in the display order; prints its id',
  examples: [
    { command: 'pulse admin status component move "$DB" --to 1', says: 'the database is listed first' },
    {
      command: 'pulse admin status component move 4 --to 2 --json id,position',
      says: 'in a script: the fourth-added component second, and where it now is',
    },
  ],
  arguments: [{ name: '<component>', description: 'component name or id' }],
  flags: [
    {
      flags: '--to <position>',
      description: 'its place, 1 (first) to the number of components; the ones between shift by one',
      required: true,
    },
  ],
  ...writes(STATUS_COMPONENT_FIELDS),
  load: () => import('../../status.js').then((m) => m.moveComponent),
});
