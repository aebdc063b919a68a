import { PERSON_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';

export const peopleView = defineCommand('view', {
  summary: 'show a person',
  examples: [{ command: 'pulse people view @ben', says: 'Ben, by his username' }],
  arguments: [{ name: '<person>', description: 'id, email, @username or name', suggest: 'people' }],
  ...reads(PERSON_FIELDS),
  load: () => import('./people.js').then((m) => m.view),
});
