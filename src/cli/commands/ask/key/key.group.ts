import { defineGroup } from '../../define.js';
import { keyClear } from './clear.command.js';
import { keySet } from './set.command.js';

export const askKey = defineGroup('key', "the generative provider's API key (ask.provider, ask.url)", [
  keySet,
  keyClear,
]);
