import { defineCommand } from '../define.js';

export const importCommand = defineCommand('import', {
  summary: 'read a JSON export into the local store, ids kept; importing it again changes nothing',
  examples: [
    {
      command: 'pulse --store ~/team.db import pulse-export.json',
      says: 'fills a new store from an export (then: pulse --store ~/team.db serve)',
    },
  ],
  arguments: [{ name: '<file>', description: 'a file written by pulse export --format json, "-" for stdin' }],
  load: () => import('./import.js').then((m) => m.importData),
});
