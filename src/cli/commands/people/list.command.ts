import { PERSON_FIELDS } from '../../json-fields.js';
import { defineCommand, reads } from '../define.js';

export const peopleList = defineCommand('list', {
  summary: 'list everyone in the account',
  examples: [
    {
      command: "pulse people list --jq '.[] | select(.administrator) | .email'",
      says: 'the emails of the administrators',
    },
  ],
  ...reads(PERSON_FIELDS),
  load: () => import('./people.js').then((m) => m.list),
});
