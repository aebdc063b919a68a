import { TEAM_NOTIFICATION_FIELDS } from '../../json-fields.js';
import { defineCommand, defineGroup, reads, writes } from '../define.js';

const TEAM_FLAG = {
  flags: '--team <team>',
  description: 'the team, id or name (default: your only team)',
  suggest: 'teams',
} as const;

const remindersSet = defineCommand('set', {
  summary: "remind the team's members at a time, each in their own time zone, on its report days",
  examples: [
    {
      command: 'pulse team reminders set --team Core --at 09:30 --again 11:00',
      says: 'at 09:30 local time, and at 11:00 to those still due',
    },
  ],
  flags: [
    TEAM_FLAG,
    { flags: '--at <time>', description: "the reminder, HH:MM in each member's time zone", required: true },
    {
      flags: '--again <time>',
      description: 'a second reminder to those still due, later that day (default: none)',
    },
  ],
  ...writes(TEAM_NOTIFICATION_FIELDS),
  load: () => import('./notifications.js').then((m) => m.remindersSet),
});

const remindersShow = defineCommand('show', {
  summary: "the team's reminder times and daily summary",
  examples: [{ command: 'pulse team reminders show --team Core', says: "Core's times" }],
  flags: [TEAM_FLAG],
  ...reads(TEAM_NOTIFICATION_FIELDS),
  load: () => import('./notifications.js').then((m) => m.show),
});

const remindersOff = defineCommand('off', {
  summary: 'stop the team reminders (people who chose their own times keep them)',
  examples: [{ command: 'pulse team reminders off --team Core', says: 'no more team reminders for Core' }],
  flags: [TEAM_FLAG],
  ...writes(TEAM_NOTIFICATION_FIELDS),
  load: () => import('./notifications.js').then((m) => m.remindersOff),
});

export const teamReminders = defineGroup(
  'reminders',
  "when the team's members are reminded to check in (pulse serve sends them)",
  [remindersSet, remindersShow, remindersOff],
);

export { TEAM_FLAG };
