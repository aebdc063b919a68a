import { defineGroup } from '../../../define.js';
import { webhookAdd } from './add.command.js';
import { webhookDeliveries } from './deliveries.command.js';
import { webhookList } from './list.command.js';
import { webhookRemove } from './remove.command.js';

export const adminWebhook = defineGroup(
  'webhook',
  'URLs told of notices and component changes, signed (pulse serve posts them)',
  [webhookAdd, webhookList, webhookRemove, webhookDeliveries],
);
