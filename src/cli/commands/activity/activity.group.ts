import { defineGroup } from '../define.js';
import { activityAdd } from './add.command.js';
import { activityList } from './list.command.js';
import { activityPush } from './push.command.js';
import { activityView } from './view.command.js';

export const activity = defineGroup('activity', 'activities from other tools, and custom ones', [
  activityList,
  activityView,
  activityPush,
  activityAdd,
]);
