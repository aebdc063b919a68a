/** The goal list's query parameters (query-params.ts: checked without zod). */
import {
  booleanParam,
  dateParam,
  idListParam,
  idPrefixParam,
  pageParams,
  searchParam,
} from './query-params.js';

export const goalListParams = {
  ...pageParams,
  since: dateParam('since'),
  people_ids: idListParam('people_ids'),
  team_ids: idListParam('team_ids'),
  goal_ids: idListParam('goal_ids'),
  /** An extension of `pulse serve`: archived=true includes archived goals without naming them. */
  archived: booleanParam('archived'),
  /** An extension of `pulse serve`: goals whose title or description holds every word. */
  search: searchParam(),
  /** An extension of `pulse serve`: goals whose id starts with these characters, in id order. */
  id_prefix: idPrefixParam(),
};
