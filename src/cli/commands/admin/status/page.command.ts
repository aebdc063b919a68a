import { STATUS_PAGE_FIELDS } from '../../../json-fields.js';
import { defineCommand, writes } from '../../define.js';

export const statusPage = defineCommand('page', {
  summary: 'name the status page (and give the URL people read it at)',
  examples: [{ command: 'pulse admin status page --name "Acme status"', says: 'names the page' }],
  flags: [
    { flags: '--name <name>', description: "the page's name, 1 to 100 characters", required: true },
    {
      flags: '--url <url>',
      description: 'where people read the page (absolute http(s) URL; default: the served one)',
    },
  ],
  ...writes(STATUS_PAGE_FIELDS),
  load: () => import('../status.js').then((m) => m.page),
});
