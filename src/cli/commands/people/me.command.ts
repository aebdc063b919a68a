import { PERSON_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';

export const me = defineCommand({
  name: 'me',
  summary: 'show who you are',
  examples: [{ command: 'pulse me --json name,teams.name', says: 'your name and the names of your teams' }],
  json: { fields: PERSON_FIELDS },
  pageable: true,
  load: () => import('./people.js').then((m) => m.me),
});
