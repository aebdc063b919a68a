import { STATUS_OVERVIEW_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';
import { statusComponents } from './components.command.js';
import { statusNotice } from './notice.command.js';
import { statusNotices } from './notices.command.js';
import { STATUS_URL_FLAG } from './status-url.js';
import { statusWait } from './wait.command.js';

export const status = defineCommand('status', {
  summary:
    "the service's status page: its state, components, incidents and maintenance (for CI: --check, wait)",
  examples: [
    { command: 'pulse status', says: 'the page: its state, components, incidents and maintenance' },
    {
      command: 'pulse status --check --component API --fail-on maintenance',
      says: 'exits 9 while the API or a part of it is under maintenance, 0 otherwise',
    },
    {
      command: 'pulse status --check --timeout 10s',
      says: 'exits 6 if the page has not answered within ten seconds, retries included',
    },
  ],
  flags: [
    STATUS_URL_FLAG,
    {
      flags: '--check',
      description: 'print only the state; exit 0 operational, 8 degraded, 9 under maintenance',
    },
    {
      flags: '--component <component>',
      description: 'only this component (name or id), its children and their notices',
    },
    {
      flags: '--timeout <duration>',
      description: 'give up after this long, retries included: e.g. 10s, 2m (default 30s); exit 6',
    },
    {
      flags: '--fail-on <states>',
      description: 'with --check: the states that fail: degraded, maintenance or both (default)',
    },
  ],
  ...reads(
    STATUS_OVERVIEW_FIELDS,
    'print {page, components, notices}: every component, the present and future notices (list form); with --check {state, component, components, notices}',
  ),
  optionsReachSubcommands: true,
  children: [statusWait, statusComponents, statusNotices, statusNotice],
  load: () => import('./status.js').then((m) => m.show),
});
