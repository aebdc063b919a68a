import { defineGroup } from '../../define.js';
import { adminComponent } from './component/component.group.js';
import { adminNotice } from './notice/notice.group.js';
import { statusPage } from './page.command.js';
import { adminWebhook } from './webhook/webhook.group.js';

export const adminStatus = defineGroup(
  'status',
  'the status page: its name, components, notices and webhooks (remotely: as an administrator)',
  [statusPage, adminComponent, adminNotice, adminWebhook],
);
