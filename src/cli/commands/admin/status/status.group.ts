import { defineGroup } from '../../define.js';
import { adminComponent } from './component/component.group.js';
import { adminNotice } from './notice/notice.group.js';
import { statusPage } from './page.command.js';

export const adminStatus = defineGroup(
  'status',
  'the status page: its name, components and notices (remotely: as an administrator)',
  [statusPage, adminComponent, adminNotice],
);
