import { WEBHOOK_FIELDS } from '../../../../json-fields.js';
import { defineCommand, reads } from '../../../define.js';

export const webhookList = defineCommand('list', {
  summary: 'list the webhooks (never their secrets)',
  examples: [{ command: 'pulse admin status webhook list', says: 'one row per webhook' }],
  ...reads(WEBHOOK_FIELDS),
  load: () => import('../../webhooks.js').then((m) => m.list),
});
