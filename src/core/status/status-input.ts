/**
 * The shapes of the operator's status writes, checked with zod: any value of the wrong type, form or
 * length is a 400; the transitions' rules (422) are status-admin.ts's.
 */
import * as z from 'zod/mini';
import { longerThan } from '../text.js';
import { normaliseDateTime } from '../time.js';
import { COMPONENT_STATES, NOTICE_TYPES, PLANNED_STATES, UNPLANNED_STATES } from './types.js';

/** At most `max` characters, counted as code points (text.ts), not as zod's UTF-16 units. */
const atMost = (name: string, max: number) =>
  z.refine<string>((value) => !longerThan(value, max), {
    error: `${name} must be at most ${max} characters`,
  });
const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .check(z.trim(), z.minLength(1, { error: `${name} must not be empty` }), atMost(name, max));
const optionalText = (name: string, max: number) =>
  z.optional(z.string({ error: `${name} must be text` }).check(atMost(name, max)));
const oneOf = (name: string, values: readonly string[]) =>
  z.enum(values as [string, ...string[]], { error: `${name} must be one of ${values.join(', ')}` });
const positiveId = (name: string) =>
  z
    .int({ error: `${name} must be a positive integer` })
    .check(z.minimum(1, { error: `${name} must be a positive integer` }));

const dateTime = (name: string) =>
  z.optional(
    z.string({ error: `${name} must be a date-time` }).check(
      z.refine((value) => normaliseDateTime(value) !== undefined, {
        error: `${name} must be an ISO 8601 date-time with a zone, e.g. 2026-11-23T09:00:00Z`,
      }),
    ),
  );

const urlText = z.optional(
  z.string({ error: 'url must be text' }).check(
    z.refine(
      (value) => {
        try {
          return ['http:', 'https:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { error: 'url must be an absolute http(s) URL' },
    ),
  ),
);

export const pageSchema = z.object({ name: text('name', 100), url: urlText });
export const componentSchema = z.object({
  name: text('name', 100),
  description: optionalText('description', 1000),
  parent_id: z.optional(positiveId('parent_id')),
  state: z.optional(oneOf('state', COMPONENT_STATES)),
});
/** `pulse admin status page`: the page's name and, optionally, the URL people read it at. */
export type PageInput = z.input<typeof pageSchema>;
/** A new component; without a state it is operational. */
export type ComponentInput = z.input<typeof componentSchema>;

export const componentStateSchema = z.object({ state: oneOf('state', COMPONENT_STATES) });
/** Where a component moves in the display order; whether the page has that many is the admin's check. */
export const componentPositionSchema = z.object({ position: positiveId('position') });
export const noticeSchema = z.object({
  type: oneOf('type', NOTICE_TYPES),
  subject: text('subject', 200),
  begins_at: dateTime('begins_at'),
  ends_at: dateTime('ends_at'),
  component_ids: z.optional(
    z.array(positiveId('component_ids'), { error: 'component_ids must be a list of ids' }),
  ),
  content: optionalText('content', 10_000),
});
/** A new notice: planned ones need their window (begins_at, ends_at); content is the first update's. */
export type NoticeInput = z.input<typeof noticeSchema>;

export const updateSchema = z.object({
  state: z.optional(oneOf('state', [...UNPLANNED_STATES, ...PLANNED_STATES])),
  content: optionalText('content', 10_000),
});
/**
 * A transition of a notice, or with content an update in the same state (a state left out is the
 * notice's own: an update that only says something).
 */
export type NoticeUpdateInput = z.input<typeof updateSchema>;
