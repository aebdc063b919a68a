import { defineGroup } from '../define.js';
import { configGet } from './get.command.js';
import { configList } from './list.command.js';
import { configSet } from './set.command.js';
import { configUnset } from './unset.command.js';

export const config = defineGroup('config', 'settings of the current profile (--profile, PULSE_PROFILE)', [
  configGet,
  configSet,
  configUnset,
  configList,
]);
