import { STATUS_NOTICE_DETAIL_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { STATUS_URL_FLAG } from './status-url.js';

export const statusNotice = defineCommand('notice', {
  summary: 'show a notice, its components and every update',
  examples: [{ command: 'pulse status notice "$N"', says: 'the notice, its components and every update' }],
  arguments: [{ name: '<id>', description: 'notice id' }],
  flags: [STATUS_URL_FLAG],
  ...reads(STATUS_NOTICE_DETAIL_FIELDS),
  load: () => import('./status.js').then((m) => m.notice),
});
