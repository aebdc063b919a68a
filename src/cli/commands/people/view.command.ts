import { PERSON_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';

export const peopleView = defineCommand('view', {
  summary: 'show a person',
  examples: [
    { command: 'pulse people view @ben', says: 'Ben, by his username' },
    { command: 'pulse people view ben@example.com --json id --jq .id', says: "Ben's id, by his email" },
  ],
  arguments: [{ name: '<person>', description: 'id, email, @username or name', suggest: 'people' }],
  ...reads(PERSON_FIELDS),
  load: () => import('./people.js').then((m) => m.view),
});
