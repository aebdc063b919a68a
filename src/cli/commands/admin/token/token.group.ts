import { defineGroup } from '../../define.js';
import { tokenCreate } from './create.command.js';
import { tokenList } from './list.command.js';
import { tokenPrune } from './prune.command.js';
import { tokenRevoke } from './revoke.command.js';

export const adminToken = defineGroup(
  'token',
  'personal access tokens for the HTTP interface, and OAuth sign-ins to pulse serve',
  [tokenCreate, tokenList, tokenRevoke, tokenPrune],
);
