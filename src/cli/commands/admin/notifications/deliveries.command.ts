import { NOTIFICATION_DELIVERY_FIELDS } from '../../../json-fields.js';
import { defineCommand, reads } from '../../define.js';

export const notificationDeliveries = defineCommand('deliveries', {
  summary:
    "the deliveries to people's and teams' channels, newest first: state, attempts, last answer or error",
  examples: [
    {
      command: 'pulse admin notifications deliveries',
      says: 'the 50 newest, each with its channel and state',
    },
    {
      command: 'pulse admin notifications deliveries --failed',
      says: 'those given up on after 24 hours of retries',
    },
    {
      command: 'pulse admin notifications deliveries --channel 7 --json state,attempts,last_error',
      says: "channel 7's deliveries, for a script",
    },
  ],
  flags: [
    { flags: '--failed', description: 'only deliveries given up on (retried for 24 hours without success)' },
    { flags: '--channel <id>', description: "only this channel's deliveries (its id in the CHANNEL column)" },
    { flags: '--limit <n>', description: 'at most this many, 1 to 500', default: '50' },
  ],
  ...reads(NOTIFICATION_DELIVERY_FIELDS),
  load: () => import('./deliveries.js').then((m) => m.deliveries),
});
