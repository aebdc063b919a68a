import { PERSON_FIELDS } from '../../json-fields.js';
import { defineCommand } from '../define.js';

export const peopleList = defineCommand({
  name: 'list',
  summary: 'list everyone in the account',
  examples: [
    {
      command: "pulse people list --jq '.[] | select(.administrator) | .email'",
      says: 'the emails of the administrators',
    },
  ],
  json: { fields: PERSON_FIELDS },
  pageable: true,
  load: () => import('./people.js').then((m) => m.list),
});
