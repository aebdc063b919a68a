/**
 * The public status interface as data: every endpoint of /status/api/v1 (all public GETs), its wrapper key
 * and its call into the StatusService. The server's routes (server/routes/status.ts),
 * RemoteStatusService and the OpenAPI document are made from it; the envelope is statusRepresentation
 * (status/serialize.ts).
 */
import { BadRequestError } from '../errors.js';
import { noticeParams, statusListParams } from '../status/notice-params.js';
import type { NoticeQuery, StatusService } from '../status/status-service.js';
import { endpointOf } from './define.js';
import { STATUS_COMPONENT, STATUS_NOTICE, STATUS_NOTICE_DETAIL, STATUS_PAGE } from './resources.js';

const endpoint = endpointOf<StatusService>();

/** The answers' schemas, loaded when a document is made. */
const schemas = () => import('../status/schemas.js');

/** The filters of GET /notices, by their query names, and the NoticeQuery field each fills. */
export const NOTICE_FILTERS = {
  'filter[type_eq]': 'type_eq',
  'filter[timeline_state_eq]': 'timeline_state_eq',
} as const;

/** A query value as text: a repeated parameter arrives as a list, whose joined text the core refuses. */
const asSent = (value: unknown): string | undefined => (value === undefined ? undefined : String(value));

/**
 * The query of GET /notices for the core: page and the documented filters (the core validates them).
 * Another filter[...] is refused rather than ignored: a misspelt filter must not list everything.
 */
export function noticeQuery(query: Record<string, unknown>): NoticeQuery {
  const unknown = Object.keys(query).filter(
    (key) => key.startsWith('filter') && !Object.hasOwn(NOTICE_FILTERS, key),
  );
  if (unknown.length > 0) {
    throw new BadRequestError(
      unknown.map(
        (key) => `${key} is not a filter of notices (use ${Object.keys(NOTICE_FILTERS).join(', ')})`,
      ),
    );
  }
  const picked: NoticeQuery = {};
  for (const [name, field] of Object.entries(NOTICE_FILTERS)) {
    const value = asSent(query[name]);
    if (value !== undefined) picked[field] = value;
  }
  const page = asSent(query.page);
  if (page !== undefined) picked.page = page;
  return picked;
}

// The documents' parameters (read by the OpenAPI generator).
const pageQuery = async () => statusListParams;
const noticeQueryParams = async () => ({
  page: noticeParams.page,
  'filter[type_eq]': noticeParams.type_eq,
  'filter[timeline_state_eq]': noticeParams.timeline_state_eq,
});

export const statusEndpoints = {
  page: endpoint({
    name: 'getPage',
    summary: 'the page and its overall state, without components or notices',
    method: 'GET',
    path: '/status',
    caching: 'cached',
    shape: 'one',
    key: 'page',
    resource: STATUS_PAGE,
    response: async () => {
      const { wrapped, PAGE_SCHEMA } = await schemas();
      return wrapped('page', PAGE_SCHEMA);
    },
    call: (service) => service.page(),
  }),
  listComponents: endpoint({
    name: 'listComponents',
    summary: 'the components in display order (position), 25 a page',
    method: 'GET',
    path: '/components',
    caching: 'cached',
    shape: 'page',
    key: 'components',
    resource: STATUS_COMPONENT,
    query: pageQuery,
    response: async () => {
      const { collection, COMPONENT_SCHEMA } = await schemas();
      return collection('components', COMPONENT_SCHEMA);
    },
    call: (service, { query }) => service.listComponents(query),
  }),
  listNotices: endpoint({
    name: 'listNotices',
    summary: 'past, present and future notices, newest first, 25 a page; the filters combine',
    method: 'GET',
    path: '/notices',
    caching: 'cached',
    shape: 'page',
    key: 'notices',
    resource: STATUS_NOTICE,
    query: noticeQueryParams,
    response: async () => {
      const { collection, NOTICE_SCHEMA } = await schemas();
      return collection('notices', NOTICE_SCHEMA);
    },
    call: (service, { query }) => service.listNotices(noticeQuery(query)),
  }),
  getNotice: endpoint({
    name: 'getNotice',
    summary: 'one notice (id an integer), in its full form',
    method: 'GET',
    path: '/notices/:id',
    caching: 'cached',
    shape: 'one',
    key: 'notice',
    resource: STATUS_NOTICE_DETAIL,
    response: async () => {
      const { wrapped, NOTICE_DETAIL_SCHEMA } = await schemas();
      return wrapped('notice', NOTICE_DETAIL_SCHEMA);
    },
    call: (service, { params }) => service.getNotice(params.id),
  }),
};
