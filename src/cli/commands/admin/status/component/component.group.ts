import { defineGroup } from '../../../define.js';
import { componentAdd } from './add.command.js';
import { componentMove } from './move.command.js';
import { componentSet } from './set.command.js';

export const adminComponent = defineGroup('component', 'components of the status page', [
  componentAdd,
  componentSet,
  componentMove,
]);
