/** The JSON Schema of the notification delivery log's answer (GET /api/v2/notifications/deliveries). */
import type { JsonSchema } from '../endpoints/define.js';
import { DELIVERY_ATTEMPT_PROPERTIES } from '../webhooks/schemas.js';
import { CHANNEL_FORMATS } from '../webhooks/types.js';

const text: JsonSchema = { type: 'string' };
const integer: JsonSchema = { type: 'integer' };

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
  ...DELIVERY_ATTEMPT_PROPERTIES,
});

/** The log: a JSON array, as every v2 list. */
export const NOTIFICATION_DELIVERIES_SCHEMA: JsonSchema = {
  type: 'array',
  items: NOTIFICATION_DELIVERY_SCHEMA,
};
