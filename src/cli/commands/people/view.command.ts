import { PERSON_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';

export const peopleView = defineCommand({
  name: 'view',
  summary: 'show a person',
  examples: [{ command: 'pulse people view @ben', says: 'Ben, by his username' }],
  arguments: [{ name: '<person>', description: 'id, email, @username or name', suggest: 'people' }],
  json: { fields: PERSON_FIELDS },
  pageable: true,
  load: () => import('./people.js').then((m) => m.view),
});
