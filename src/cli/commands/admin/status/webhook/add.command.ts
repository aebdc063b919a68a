import { STATUS_EVENT_TYPES, WEBHOOK_FORMATS } from '../../../../../core/webhooks/types.js';
import { CREATED_WEBHOOK_FIELDS } from '../../../../json-fields.js';
import { defineCommand, writes } from '../../../define.js';

export const webhookAdd = defineCommand('add', {
  summary: 'register a URL for the status events; prints its id, then its secret (shown this once)',
  examples: [
    {
      command: 'pulse admin status webhook add https://hooks.example.com/pulse',
      says: 'every event, JSON, with a secret made for it (printed once)',
    },
    {
      command: 'pulse admin status webhook add https://hooks.example.com/pulse --secret - < hook.secret',
      says: 'with your own secret, read from the file so it stays out of ps and the shell history',
    },
    {
      command:
        'pulse admin status webhook add "$SLACK_WEBHOOK_URL" --format slack --events notice.created,notice.resolved',
      says: 'new and resolved notices posted to a Slack channel',
    },
  ],
  arguments: [{ name: '<url>', description: 'where events are POSTed (absolute http(s) URL)' }],
  flags: [
    {
      flags: '--secret <secret>',
      description:
        'the signing secret (16 to 256 printable characters); - reads it from stdin; default: made at random',
    },
    {
      flags: '--events <types>',
      description: `comma-separated event types (default: all): ${STATUS_EVENT_TYPES.join(', ')}`,
      suggest: STATUS_EVENT_TYPES,
    },
    {
      flags: '--format <format>',
      description: "the body: the event as JSON, or a Slack incoming webhook's message",
      choices: WEBHOOK_FORMATS,
      default: 'json',
    },
  ],
  ...writes(CREATED_WEBHOOK_FIELDS),
  load: () => import('../../webhooks.js').then((m) => m.add),
});
