import { defineGroup } from '../../define.js';
import { notificationDeliveries } from './deliveries.command.js';

export const adminNotifications = defineGroup(
  'notifications',
  'reminders and team notifications as pulse serve sends them (remotely: as an administrator)',
  [notificationDeliveries],
);
