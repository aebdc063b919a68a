/**
 * The bodies of the reminder and notification settings (v2 extensions under /teams/{id} and /me): their
 * shapes; wrong types are a 400 naming the field. The rules between fields are settings.ts's.
 */
import * as z from 'zod/mini';
import { LOCAL_TIME_PATTERN, REMINDER_MODES, TEAM_EVENT_TYPES } from './types.js';

const localTime = (name: string) =>
  z.optional(
    z.nullable(
      z
        .string({ error: `${name} must be a time HH:MM or null` })
        .check(z.regex(LOCAL_TIME_PATTERN, { error: `${name} must be a time HH:MM (00:00 to 23:59)` })),
    ),
  );

const OBJECT = { error: 'the request body must be a JSON object' };

/** `PATCH /teams/{id}/notifications`: the fields given replace theirs; null clears one. */
export const teamNotificationsSchema = z.object(
  {
    remind_at: localTime('remind_at'),
    remind_again_at: localTime('remind_again_at'),
    summary_at: localTime('summary_at'),
    summary_time_zone: z.optional(z.nullable(z.string({ error: 'summary_time_zone must be a string' }))),
  },
  OBJECT,
);
export type TeamNotificationsPatch = z.input<typeof teamNotificationsSchema>;

/** `PATCH /me/reminders`: the mode and own times; times given without a mode mean 'own'. */
export const reminderPreferencesSchema = z.object(
  {
    mode: z.optional(z.enum(REMINDER_MODES, { error: `mode must be one of ${REMINDER_MODES.join(', ')}` })),
    remind_at: localTime('remind_at'),
    remind_again_at: localTime('remind_again_at'),
  },
  OBJECT,
);
/** What a caller sends (the core validates it): the mode as text, so a wrong one is the core's 400. */
export interface ReminderPreferencesPatch {
  mode?: string;
  remind_at?: string | null;
  remind_again_at?: string | null;
}

const CHANNEL_FORMATS = ['json', 'slack', 'email'] as const;

/** `POST /teams/{id}/channels` and `POST /me/channels`. */
export const channelSchema = z.object(
  {
    format: z.optional(
      z.enum(CHANNEL_FORMATS, { error: `format must be one of ${CHANNEL_FORMATS.join(', ')}` }),
    ),
    /** The webhook's URL (json, slack). */
    url: z.optional(
      z
        .string({ error: 'url must be text' })
        .check(z.maxLength(2000, { error: 'url must be at most 2000 characters' })),
    ),
    /** The address (email): a team's any; a person's their own account's (the default). */
    email: z.optional(
      z
        .string({ error: 'email must be text' })
        .check(z.maxLength(320, { error: 'email must be at most 320 characters' })),
    ),
    /** Team channels: the events it receives (default: all). */
    events: z.optional(
      z
        .array(z.enum(TEAM_EVENT_TYPES, { error: `events must be among ${TEAM_EVENT_TYPES.join(', ')}` }), {
          error: 'events must be a list of event types',
        })
        .check(z.minLength(1, { error: 'events must name at least one event type' })),
    ),
    secret: z.optional(z.string({ error: 'secret must be text' })),
  },
  OBJECT,
);
/** What a caller sends to add a channel (the core validates it). */
export interface ChannelInput {
  format?: string;
  url?: string;
  email?: string;
  events?: string[];
  secret?: string;
}
