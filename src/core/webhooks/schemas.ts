/** The JSON Schemas of the webhook administration's answers and the delivery log's parameters. */
import type { JsonSchema } from '../endpoints/define.js';
import { booleanParam, integerParam } from '../query-params.js';
import { DELIVERY_STATES, STATUS_EVENT_TYPES, WEBHOOK_FORMATS } from './types.js';

const text: JsonSchema = { type: 'string' };
const integer: JsonSchema = { type: 'integer' };
const dateTime: JsonSchema = { type: 'string', format: 'date-time' };
const nullable = (schema: JsonSchema): JsonSchema => ({ oneOf: [schema, { type: 'null' }] });

function object(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties) };
}

const webhookProperties = {
  id: integer,
  url: text,
  format: { type: 'string', enum: [...WEBHOOK_FORMATS] },
  events: {
    ...nullable({ type: 'array', items: { type: 'string', enum: [...STATUS_EVENT_TYPES] } }),
    description: 'the event types it receives; null: every type',
  },
  created_at: dateTime,
};

export const WEBHOOK_SCHEMA = object(webhookProperties);

export const CREATED_WEBHOOK_SCHEMA = object({
  ...webhookProperties,
  secret: { ...text, description: 'signs every request; shown in this answer only' },
});

/** What both delivery logs say of a delivery's event and attempts (webhook-admin.ts attemptFields). */
export const DELIVERY_ATTEMPT_PROPERTIES = {
  event_id: text,
  event_type: text,
  state: { type: 'string', enum: [...DELIVERY_STATES] },
  attempts: integer,
  last_status: nullable(integer),
  last_error: nullable(text),
  next_attempt_at: nullable(dateTime),
  delivered_at: nullable(dateTime),
  created_at: dateTime,
};

export const DELIVERY_SCHEMA = object({
  id: integer,
  webhook_id: integer,
  url: text,
  ...DELIVERY_ATTEMPT_PROPERTIES,
});

/** A list in one page under its key, with the status interface's `meta` (next_page always null). */
export function unpaged(key: string, item: JsonSchema): JsonSchema {
  return object({
    [key]: { type: 'array', items: item },
    meta: object({ count: integer, total_count: integer, next_page: { type: 'null' } }),
  });
}

/** The most deliveries one listing returns, and how many by default. */
export const MAX_DELIVERIES = 500;
export const DEFAULT_DELIVERIES = 50;

export const deliveryParams = {
  failed: booleanParam('failed'),
  webhook_id: integerParam('webhook_id', 1),
  limit: integerParam('limit', 1, MAX_DELIVERIES),
};
