import { NOTICE_TYPES } from '../../../../../core/status/types.js';
import { STATUS_NOTICE_DETAIL_FIELDS } from '../../../../json-fields.js';
import { defineCommand, writes } from '../../../define.js';

const MOMENT = 'an ISO date-time with a zone (2026-11-25T02:00:00Z) or a date word';

export const noticeAdd = defineCommand('add', {
  summary: 'open an incident or schedule maintenance; prints its id',
  examples: [
    {
      command: 'pulse admin status notice add --type unplanned --subject "Slow check-ins" --component "$DB"',
      says: 'an incident on the database, investigating from now',
    },
    {
      command:
        'pulse --profile prod admin status notice add --type unplanned --subject "Sign-in errors" --component API',
      says: "from a laptop: on the profile's deployment, with an administrator's login",
    },
  ],
  flags: [
    {
      flags: '--type <type>',
      description: 'unplanned (an incident, investigating from now) or planned (scheduled)',
      choices: NOTICE_TYPES,
      required: true,
    },
    { flags: '--subject <text>', description: 'what it is about, 1 to 200 characters', required: true },
    { flags: '--begins-at <time>', description: `planned: when the window begins: ${MOMENT} (start of day)` },
    { flags: '--ends-at <time>', description: `planned: when it ends: ${MOMENT} (end of day)` },
    {
      flags: '--component <component>',
      description: 'an impacted component, by name or id (repeatable)',
      repeatable: true,
    },
    { flags: '--content <text>', description: "the first update's text" },
  ],
  ...writes(STATUS_NOTICE_DETAIL_FIELDS),
  load: () => import('../../status.js').then((m) => m.addNotice),
});
