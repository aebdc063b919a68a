/** The checks of the status interface's list parameters: its page, and the notices' two filters. */
import { enumParam, pageParams } from '../query-params.js';
import { NOTICE_TYPES, TIMELINE_FILTERS } from './types.js';

const oneOf = <T extends string>(name: string, values: readonly T[]) =>
  enumParam(`${name} must be one of ${values.join(', ')}`, values);

export const statusListParams = { page: pageParams.page };

/** By the NoticeQuery field each fills; the interface names them filter[type_eq] and filter[timeline_state_eq]. */
export const noticeParams = {
  page: pageParams.page,
  type_eq: oneOf('filter[type_eq]', NOTICE_TYPES),
  timeline_state_eq: oneOf('filter[timeline_state_eq]', TIMELINE_FILTERS),
};
