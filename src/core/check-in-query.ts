/** The check-in list's query parameters (query-params.ts: checked without zod). */
import { MOOD_NAMES } from './moods.js';
import {
  booleanParam,
  dateParam,
  enumParam,
  extensionParam,
  idListParam,
  idPrefixParam,
  pageParams,
  searchParam,
} from './query-params.js';

export const checkInListParams = {
  ...pageParams,
  since: dateParam('since'),
  until: dateParam('until'),
  blocked: booleanParam('blocked'),
  people_ids: idListParam('people_ids'),
  team_ids: idListParam('team_ids'),
  // Extensions of `pulse serve` (docs/reference/v2.md).
  search: searchParam(),
  mood: extensionParam(enumParam(`mood must be one of ${MOOD_NAMES.join(', ')}`, MOOD_NAMES)),
  absent: extensionParam(booleanParam('absent')),
  id_prefix: idPrefixParam(),
};
