/**
 * What the reminder and notification settings need from storage: a team's times and a person's choice,
 * one row each, replaced whole. Channels are webhook rows with an owner (WebhookRepository).
 */
import type { ReminderMode } from './types.js';

export interface TeamNotificationsRow {
  team_id: string;
  remind_at: string | null;
  remind_again_at: string | null;
  summary_at: string | null;
  summary_time_zone: string | null;
  updated_at: string;
}

export interface ReminderPreferencesRow {
  person_id: string;
  mode: ReminderMode;
  remind_at: string | null;
  remind_again_at: string | null;
  updated_at: string;
}

export interface NotificationSettingsRepository {
  findTeamNotifications(teamId: string): Promise<TeamNotificationsRow | undefined>;
  /** Inserts the team's row or replaces it. */
  saveTeamNotifications(row: TeamNotificationsRow): Promise<void>;
  findReminderPreferences(personId: string): Promise<ReminderPreferencesRow | undefined>;
  /** Inserts the person's row or replaces it. */
  saveReminderPreferences(row: ReminderPreferencesRow): Promise<void>;
}
