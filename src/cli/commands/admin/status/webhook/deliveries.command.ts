import { WEBHOOK_DELIVERY_FIELDS } from '../../../../json-fields.js';
import { defineCommand, reads } from '../../../define.js';

export const webhookDeliveries = defineCommand('deliveries', {
  summary: 'the delivery log, newest first: attempts, last answer or error, next attempt',
  examples: [
    { command: 'pulse admin status webhook deliveries --failed', says: 'deliveries given up after 24 hours' },
    {
      command: 'pulse admin status webhook deliveries --webhook 3 --json state,attempts,last_status',
      says: "webhook 3's deliveries, for a script",
    },
  ],
  flags: [
    { flags: '--failed', description: 'only deliveries given up on (retried for 24 hours without a 2xx)' },
    { flags: '--webhook <id>', description: "only this webhook's deliveries" },
    { flags: '--limit <n>', description: 'at most this many, 1 to 500', default: '50' },
  ],
  ...reads(WEBHOOK_DELIVERY_FIELDS),
  load: () => import('../../webhooks.js').then((m) => m.deliveries),
});
