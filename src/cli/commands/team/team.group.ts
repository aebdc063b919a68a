import { defineGroup } from '../define.js';
import { teamList } from './list.command.js';
import { teamMembers } from './members.command.js';
import { teamNotifications } from './notifications.command.js';
import { teamReminders } from './reminders.command.js';
import { teamReport } from './report.command.js';
import { teamTag } from './tag.command.js';
import { teamTags } from './tags.command.js';
import { teamView } from './view.command.js';

export const team = defineGroup('team', 'teams of the account', [
  teamList,
  teamView,
  teamMembers,
  teamReport,
  teamTags,
  teamTag,
  teamReminders,
  teamNotifications,
]);
