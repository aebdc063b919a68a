import { defineGroup } from '../../../define.js';
import { noticeAdd } from './add.command.js';
import { noticeUpdate } from './update.command.js';

export const adminNotice = defineGroup('notice', 'incidents (unplanned notices) and maintenance (planned)', [
  noticeAdd,
  noticeUpdate,
]);
