import { REPAIRED_TEXT_FIELDS } from '../../json-fields.js';
import { defineCommand, writes } from '../define.js';

export const repairText = defineCommand('repair-text', {
  summary: 'replace text no store should hold (NUL, invalid UTF-8) with U+FFFD in a SQLite store',
  examples: [
    {
      command: 'pulse --store ~/.local/share/pulse/pulse.db admin repair-text --dry-run',
      says: 'lists each value it would replace (table, id, column, what is wrong), changing nothing',
    },
    {
      command: 'pulse --store team.db admin repair-text --json > repaired.json',
      says: 'repairs the store and keeps what it changed as JSON (then: pulse admin migrate)',
    },
  ],
  flags: [{ flags: '--dry-run', description: 'show what would change, change nothing' }],
  ...writes(REPAIRED_TEXT_FIELDS),
  load: () => import('./repair-text.js').then((m) => m.repairText),
});
