/**
 * The notification scheduler's reads and slots (NotificationScheduleRepository). The times are data; the
 * slots are bookkeeping (pulse_*), written with raw statements as the webhooks' outbox is (webhooks.ts):
 * no data-version trigger on PostgreSQL, and not counted as this instance's writes.
 */
import { sql } from 'kysely';
import type {
  NotificationScheduleRepository,
  NotificationSlotRow,
} from '../../core/notifications/schedule-repository.js';
import type { Store } from './store.js';

export function notificationScheduleRepository(store: Store): NotificationScheduleRepository {
  return {
    teamNotificationTimes: () => store.db.selectFrom('team_notifications').selectAll().execute(),

    async reminderChoicesOf(personIds) {
      if (personIds.length === 0) return [];
      return store.db
        .selectFrom('reminder_preferences')
        .selectAll()
        .where('person_id', 'in', personIds)
        .execute();
    },

    async takenSlots(keys) {
      if (keys.length === 0) return new Set();
      const rows = await store.db
        .selectFrom('pulse_notification_slots')
        .select('key')
        .where('key', 'in', keys)
        .execute();
      return new Set(rows.map((row) => row.key));
    },

    async claimSlot(slot) {
      const result =
        await sql`INSERT INTO pulse_notification_slots (key, kind, due_at, outcome, event_id, created_at)
        VALUES (${slot.key}, ${slot.kind}, ${slot.due_at}, ${slot.outcome}, ${slot.event_id}, ${slot.created_at})
        ON CONFLICT (key) DO NOTHING`.execute(store.db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    async setSlotEvent(key, eventId, outcome) {
      await sql`UPDATE pulse_notification_slots SET event_id = ${eventId}, outcome = ${outcome}
        WHERE key = ${key}`.execute(store.db);
    },

    async slotsDueBetween(from, to) {
      const rows = await sql<NotificationSlotRow>`SELECT key, kind, due_at, outcome, event_id, created_at
        FROM pulse_notification_slots WHERE due_at >= ${from} AND due_at < ${to}
        ORDER BY due_at, key`.execute(store.db);
      return rows.rows;
    },
  };
}
