import { CHANNEL_FIELDS, CREATED_CHANNEL_FIELDS, REMINDER_PREFERENCE_FIELDS } from '../../json-fields.js';
import { defineCommand, defineGroup, reads, writes } from '../define.js';

const set = defineCommand('set', {
  summary: "be reminded at your own times (in your time zone), or at your teams' again",
  examples: [
    { command: 'pulse me reminders set --at 08:45', says: "at 08:45 your time, on your teams' report days" },
    { command: 'pulse me reminders set --team-times', says: "back to your teams' times" },
  ],
  flags: [
    { flags: '--at <time>', description: 'your reminder, HH:MM in your time zone' },
    { flags: '--again <time>', description: 'a second one, if still due (default: none)' },
    { flags: '--team-times', description: "follow your teams' times (the default)" },
  ],
  ...writes(REMINDER_PREFERENCE_FIELDS),
  load: () => import('./reminders.js').then((m) => m.set),
});

const show = defineCommand('show', {
  summary: 'how you are reminded',
  examples: [{ command: 'pulse me reminders show', says: "your teams' times, your own, or off" }],
  ...reads(REMINDER_PREFERENCE_FIELDS),
  load: () => import('./reminders.js').then((m) => m.show),
});

const off = defineCommand('off', {
  summary: 'no reminders for you (set turns them on again)',
  examples: [{ command: 'pulse me reminders off', says: 'you are not reminded' }],
  ...writes(REMINDER_PREFERENCE_FIELDS),
  load: () => import('./reminders.js').then((m) => m.off),
});

const channelAdd = defineCommand('add', {
  summary: 'where your reminders go: a webhook URL, or --email to your account address',
  examples: [
    {
      command: 'pulse me reminders channel add "$SLACK_WEBHOOK_URL" --format slack',
      says: 'your reminders in Slack (a direct-message incoming webhook)',
    },
    { command: 'pulse me reminders channel add --email', says: "by email to your account's address" },
  ],
  arguments: [{ name: '[url]', description: 'where reminders are POSTed (absolute http(s) URL)' }],
  flags: [
    { flags: '--email', description: "mail them to your account's address (pulse serve --smtp)" },
    {
      flags: '--format <format>',
      description: "the body: the signed event as JSON, or a Slack incoming webhook's message",
      choices: ['json', 'slack'],
    },
    {
      flags: '--secret <secret>',
      description:
        'the signing secret (16 to 256 printable characters); - reads stdin; default: made at random',
    },
  ],
  ...writes(CREATED_CHANNEL_FIELDS),
  load: () => import('./reminders.js').then((m) => m.channelAdd),
});

const channelList = defineCommand('list', {
  summary: 'your reminder channels (never their secrets)',
  examples: [{ command: 'pulse me reminders channel list', says: 'your channels, one a row' }],
  ...reads(CHANNEL_FIELDS),
  load: () => import('./reminders.js').then((m) => m.channelList),
});

const channelRemove = defineCommand('remove', {
  summary: 'remove one of your reminder channels',
  examples: [{ command: 'pulse me reminders channel remove 5', says: 'channel 5 gets no more reminders' }],
  arguments: [{ name: '<id>', description: 'the channel id (channel list)' }],
  load: () => import('./reminders.js').then((m) => m.channelRemove),
});

export const meReminders = defineGroup('reminders', 'when and where you are reminded to check in', [
  set,
  show,
  off,
  defineGroup('channel', 'where your reminders go: webhooks and email', [
    channelAdd,
    channelList,
    channelRemove,
  ]),
]);
