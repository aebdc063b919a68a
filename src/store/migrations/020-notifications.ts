/**
 * Reminders and team notifications (issue 31).
 * - `team_notifications`: one row per team that set any: the local times its members are reminded at
 *   (each in their own time zone), and the time of its daily summary (in `summary_time_zone`).
 * - `reminder_preferences`: a person's choice: follow their teams' times, their own times, or none.
 * - `webhooks` gains an owner: a person (their own reminder channels) or a team (its channel); the
 *   status page's webhooks have neither. Formats add `email` (url `mailto:ADDRESS`), sent over SMTP.
 * - `pulse_notification_slots`: one row per reminder or summary the scheduler considered, keyed by what
 *   it is for (kind, owner, local date, local time), not by instant: whichever instance inserts the key
 *   sends it, so it goes out once across instances, restarts, clock changes and DST shifts. Bookkeeping
 *   (pulse_*: no data-version trigger on PostgreSQL).
 */
import type { Kysely } from 'kysely';
import * as column from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_notifications')
    .addColumn('team_id', 'text', (col) => col.primaryKey().references('teams.id').onDelete('cascade'))
    // 'HH:MM' local times; null: none.
    .$call(column.optional('remind_at', 'remind_again_at', 'summary_at', 'summary_time_zone'))
    .$call(column.required('updated_at'))
    .execute();

  await db.schema
    .createTable('reminder_preferences')
    .addColumn('person_id', 'text', (col) => col.primaryKey().references('people.id').onDelete('cascade'))
    // 'team': their teams' times; 'own': remind_at (and remind_again_at); 'off': none.
    .$call(column.required('mode'))
    .$call(column.optional('remind_at', 'remind_again_at'))
    .$call(column.required('updated_at'))
    .execute();

  await db.schema
    .alterTable('webhooks')
    .addColumn('person_id', 'text', (col) => col.references('people.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('webhooks')
    .addColumn('team_id', 'text', (col) => col.references('teams.id').onDelete('cascade'))
    .execute();
  await column.index(db, 'webhooks_by_person', 'webhooks', ['person_id']);
  await column.index(db, 'webhooks_by_team', 'webhooks', ['team_id']);

  await db.schema
    .createTable('pulse_notification_slots')
    // e.g. 'reminder|PERSON|2026-11-26|09:30', 'summary|TEAM|2026-11-26|17:00'.
    .addColumn('key', 'text', (col) => col.primaryKey())
    // 'reminder' or 'summary'; outcome: 'sent', 'late', 'dropped' (too late) or 'not_due' (nothing to say).
    .$call(column.required('kind', 'due_at', 'outcome'))
    .$call(column.optional('event_id'))
    .$call(column.required('created_at'))
    .execute();
  await column.index(db, 'pulse_notification_slots_by_due', 'pulse_notification_slots', ['due_at']);
}
