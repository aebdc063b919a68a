/** The check-in list's query parameters (query-params.ts: checked without zod). */
import { booleanParam, dateParam, idListParam, pageParams } from './query-params.js';

export const checkInListParams = {
  ...pageParams,
  since: dateParam('since'),
  until: dateParam('until'),
  blocked: booleanParam('blocked'),
  people_ids: idListParam('people_ids'),
  team_ids: idListParam('team_ids'),
};
