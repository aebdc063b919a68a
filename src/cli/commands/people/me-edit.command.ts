import { PERSON_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';

export const meEdit = defineCommand('edit', {
  summary: 'change your own name, username or time zone',
  examples: [
    { command: 'pulse me edit --name "Ana Diaz" --username ana', says: 'renames you and your @-handle' },
    { command: 'pulse me edit --time-zone America/New_York', says: 'your days now start in New York' },
  ],
  flags: [
    { flags: '--name <name>', description: 'full name' },
    { flags: '--username <username>', description: 'handle for @-mentions (unique)' },
    { flags: '--time-zone <zone>', description: 'IANA time zone, such as Europe/Berlin' },
  ],
  ...writes(PERSON_FIELDS),
  load: () => import('./people.js').then((m) => m.meEdit),
});
