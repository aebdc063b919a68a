/** A team's reminder and summary times, and a person's reminder choice (NotificationSettingsRepository). */
import type { NotificationSettingsRepository } from '../../core/notifications/repository.js';
import { REMINDER_MODES, type ReminderMode } from '../../core/notifications/types.js';
import type { Store } from './store.js';

/** A mode the store holds that this version does not know reads as the default, 'team'. */
const modeOf = (value: string): ReminderMode => REMINDER_MODES.find((mode) => mode === value) ?? 'team';

export function notificationSettingsRepository(store: Store): NotificationSettingsRepository {
  return {
    async findTeamNotifications(teamId) {
      return store.db
        .selectFrom('team_notifications')
        .selectAll()
        .where('team_id', '=', teamId)
        .executeTakeFirst();
    },

    async saveTeamNotifications(row) {
      const { team_id, ...values } = row;
      await store.db
        .insertInto('team_notifications')
        .values(row)
        .onConflict((oc) => oc.column('team_id').doUpdateSet(values))
        .execute();
    },

    async findReminderPreferences(personId) {
      const row = await store.db
        .selectFrom('reminder_preferences')
        .selectAll()
        .where('person_id', '=', personId)
        .executeTakeFirst();
      return row === undefined ? undefined : { ...row, mode: modeOf(row.mode) };
    },

    async saveReminderPreferences(row) {
      const { person_id, ...values } = row;
      await store.db
        .insertInto('reminder_preferences')
        .values(row)
        .onConflict((oc) => oc.column('person_id').doUpdateSet(values))
        .execute();
    },
  };
}
