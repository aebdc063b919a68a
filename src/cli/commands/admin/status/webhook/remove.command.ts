import { defineCommand } from '../../../define.js';

export const webhookRemove = defineCommand('remove', {
  summary: 'remove a webhook; its pending deliveries are dropped',
  examples: [{ command: 'pulse admin status webhook remove 3', says: 'webhook 3 gets no more events' }],
  arguments: [{ name: '<id>', description: 'the webhook id (pulse admin status webhook list)' }],
  load: () => import('../../webhooks.js').then((m) => m.remove),
});
