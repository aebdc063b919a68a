import { TEAM_EVENT_TYPES } from '../../../core/notifications/types.js';
import { CHANNEL_FIELDS, CREATED_CHANNEL_FIELDS, TEAM_NOTIFICATION_FIELDS } from '../../json-fields.js';
import { defineCommand, defineGroup, reads, writes } from '../define.js';
import { TEAM_FLAG } from './reminders.command.js';

const summarySet = defineCommand('set', {
  summary: "send the team's channels a daily summary at a local time",
  examples: [
    {
      command: 'pulse team notifications set --team Core --summary-at 17:00',
      says: 'a summary of the day at 17:00 in your time zone',
    },
    {
      command: 'pulse team notifications set --team Core --summary-at 16:30 --time-zone Europe/Berlin',
      says: 'at 16:30 Berlin time',
    },
  ],
  flags: [
    TEAM_FLAG,
    { flags: '--summary-at <time>', description: 'HH:MM', required: true },
    { flags: '--time-zone <zone>', description: 'the IANA zone of --summary-at (default: yours)' },
  ],
  ...writes(TEAM_NOTIFICATION_FIELDS),
  load: () => import('./notifications.js').then((m) => m.summarySet),
});

const summaryShow = defineCommand('show', {
  summary: "the team's daily summary time and reminder times",
  examples: [{ command: 'pulse team notifications show --team Core', says: "Core's settings" }],
  flags: [TEAM_FLAG],
  ...reads(TEAM_NOTIFICATION_FIELDS),
  load: () => import('./notifications.js').then((m) => m.show),
});

const summaryOff = defineCommand('off', {
  summary: 'stop the daily summary (channels still get blockers and Echo answers)',
  examples: [{ command: 'pulse team notifications off --team Core', says: 'no more summaries for Core' }],
  flags: [TEAM_FLAG],
  ...writes(TEAM_NOTIFICATION_FIELDS),
  load: () => import('./notifications.js').then((m) => m.summaryOff),
});

const channelAdd = defineCommand('add', {
  summary: 'add a channel to the team: a webhook URL or an email address; prints its id, then its secret',
  examples: [
    {
      command: 'pulse team notifications channel add "$SLACK_WEBHOOK_URL" --team Core --format slack',
      says: 'blockers, summaries and Echo answers posted to a Slack channel',
    },
    {
      command:
        'pulse team notifications channel add --team Core --email core@example.com --events team.summary',
      says: 'the daily summary by email',
    },
  ],
  arguments: [{ name: '[url]', description: 'where events are POSTed (absolute http(s) URL)' }],
  flags: [
    TEAM_FLAG,
    { flags: '--email <address>', description: 'mail instead, to this address (pulse serve --smtp)' },
    {
      flags: '--format <format>',
      description: "the body: the signed event as JSON, or a Slack incoming webhook's message",
      choices: ['json', 'slack'],
    },
    {
      flags: '--events <types>',
      description: `comma-separated (default: all): ${TEAM_EVENT_TYPES.join(', ')}`,
      suggest: TEAM_EVENT_TYPES,
    },
    {
      flags: '--secret <secret>',
      description:
        'the signing secret (16 to 256 printable characters); - reads stdin; default: made at random',
    },
  ],
  ...writes(CREATED_CHANNEL_FIELDS),
  load: () => import('./notifications.js').then((m) => m.channelAdd),
});

const channelList = defineCommand('list', {
  summary: "the team's channels (never their secrets)",
  examples: [
    { command: 'pulse team notifications channel list --team Core', says: "Core's channels, one a row" },
  ],
  flags: [TEAM_FLAG],
  ...reads(CHANNEL_FIELDS),
  load: () => import('./notifications.js').then((m) => m.channelList),
});

const channelRemove = defineCommand('remove', {
  summary: 'remove a channel of the team; its pending deliveries are dropped',
  examples: [
    { command: 'pulse team notifications channel remove 4 --team Core', says: 'channel 4 gets nothing more' },
  ],
  arguments: [{ name: '<id>', description: 'the channel id (channel list)' }],
  flags: [TEAM_FLAG],
  load: () => import('./notifications.js').then((m) => m.channelRemove),
});

export const teamNotifications = defineGroup(
  'notifications',
  "the team's channels: blocked check-ins, a daily summary, new Echo answers (pulse serve sends them)",
  [
    summarySet,
    summaryShow,
    summaryOff,
    defineGroup('channel', "where the team's notifications go: webhooks and email", [
      channelAdd,
      channelList,
      channelRemove,
    ]),
  ],
);
