/** The JSON Schema of the notification delivery log's answer (GET /api/v2/notifications/deliveries). */
import type { JsonSchema } from '../endpoints/define.js';
import { CHANNEL_FORMATS, DELIVERY_STATES } from '../webhooks/types.js';

const text: JsonSchema = { type: 'string' };
const integer: JsonSchema = { type: 'integer' };
const dateTime: JsonSchema = { type: 'string', format: 'date-time' };
const nullable = (schema: JsonSchema): JsonSchema => ({ oneOf: [schema, { type: 'null' }] });

function object(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties) };
}

export const NOTIFICATION_DELIVERY_SCHEMA = object({
  id: integer,
  channel_id: integer,
  format: { type: 'string', enum: [...CHANNEL_FORMATS] },
  destination: {
    ...text,
    description: "where it goes: the URL's scheme and host only, or the email address",
  },
  owner: object({ kind: { type: 'string', enum: ['person', 'team'] }, id: text, name: text }),
  event_id: text,
  event_type: text,
  state: { type: 'string', enum: [...DELIVERY_STATES] },
  attempts: integer,
  last_status: nullable(integer),
  last_error: nullable(text),
  next_attempt_at: nullable(dateTime),
  delivered_at: nullable(dateTime),
  created_at: dateTime,
});

/** The log: a JSON array, as every v2 list. */
export const NOTIFICATION_DELIVERIES_SCHEMA: JsonSchema = {
  type: 'array',
  items: NOTIFICATION_DELIVERY_SCHEMA,
};
