/**
 * The JSON Schemas of the status interface's answers, for its OpenAPI document: the documented shapes of
 * types.ts with the fields pulse serve adds as the real service does (state_text, position, updates' id).
 * The status HTTP tests check the answers against them, so they cannot drift apart.
 */
import type { JsonSchema } from '../endpoints/define.js';
import { PAGE_STATE_TEXT } from './rules.js';
import {
  COMPONENT_STATES,
  NOTICE_TYPES,
  PLANNED_STATES,
  STATUS_PAGE_SIZE,
  TIMELINE_STATES,
  UNPLANNED_STATES,
} from './types.js';

const text: JsonSchema = { type: 'string' };
const integer: JsonSchema = { type: 'integer' };
const dateTime: JsonSchema = { type: 'string', format: 'date-time' };
const nullable = (schema: JsonSchema): JsonSchema => ({ oneOf: [schema, { type: 'null' }] });
const oneOf = (values: readonly string[]): JsonSchema => ({ type: 'string', enum: [...values] });

/** An object with these properties, all of them required unless named optional. */
function object(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
  };
}

const link = object({ href: { ...text, description: 'a path' }, count: integer });
const times = { created_at: dateTime, updated_at: dateTime };
const noticeState = oneOf([...UNPLANNED_STATES, ...PLANNED_STATES]);

export const PAGE_SCHEMA = object({
  name: text,
  state: oneOf(COMPONENT_STATES),
  state_text: {
    ...oneOf(Object.values(PAGE_STATE_TEXT)),
    description: 'the state as a sentence for people (pulse serve, as real status pages carry it)',
  },
  url: text,
  links: object({ components: link, notices: link }),
  ...times,
});

export const COMPONENT_SCHEMA = object({
  id: integer,
  state: oneOf(COMPONENT_STATES),
  name: text,
  description: text,
  parent_id: nullable(integer),
  position: {
    type: 'integer',
    minimum: 1,
    description: 'its place in the display order, 1 to the number of components (pulse serve)',
  },
  ...times,
});

const UPDATE_SCHEMA = object({
  id: {
    type: 'integer',
    description: 'unique across notices, greater for a later update, never changed (pulse serve)',
  },
  state: noticeState,
  content: text,
  ...times,
});

/** The fields of both forms; the scheduled window is on planned notices only. */
const summary = {
  id: integer,
  type: oneOf(NOTICE_TYPES),
  timeline_state: oneOf(TIMELINE_STATES),
  state: noticeState,
  subject: text,
  begins_at: dateTime,
  ends_at: dateTime,
  began_at: nullable(dateTime),
  ended_at: nullable(dateTime),
};
const WINDOW = ['begins_at', 'ends_at'];

export const NOTICE_SCHEMA = object(
  {
    ...summary,
    latest_update: UPDATE_SCHEMA,
    url: text,
    links: object({ self: { ...text, description: "the notice's path" } }),
    ...times,
  },
  WINDOW,
);

export const NOTICE_DETAIL_SCHEMA = object(
  {
    ...summary,
    components: { type: 'array', items: COMPONENT_SCHEMA },
    updates: { type: 'array', items: UPDATE_SCHEMA, description: 'newest first' },
    url: text,
    ...times,
  },
  WINDOW,
);

const META = object({
  count: { ...integer, description: 'records on this page' },
  total_count: { ...integer, description: 'records on all pages' },
  next_page: nullable({ ...text, description: 'the path and query of the next page' }),
});

/** A body holding one resource under its key, as the interface wraps them (`{"page": {...}}`). */
export function wrapped(key: string, schema: JsonSchema): JsonSchema {
  return object({ [key]: schema });
}

/** A body holding a page of a collection under its key, with `meta`. */
export function collection(key: string, item: JsonSchema): JsonSchema {
  return object({ [key]: { type: 'array', items: item, maxItems: STATUS_PAGE_SIZE }, meta: META });
}
