import { defineGroup } from '../../define.js';
import { clientAdd } from './add.command.js';
import { clientList } from './list.command.js';
import { clientRemove } from './remove.command.js';

export const adminOAuthClient = defineGroup('oauth-client', 'OAuth clients that may ask people to sign in', [
  clientAdd,
  clientList,
  clientRemove,
]);
