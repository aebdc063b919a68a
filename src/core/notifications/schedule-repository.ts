/**
 * What the notification scheduler (scheduler.ts) reads and writes in storage, as plain rows: the teams'
 * and people's times, and the slots that make each reminder or summary go out once.
 */

/** A team's row of `team_notifications`: its members' reminder times and its summary time. */
export interface TeamNotificationRow {
  team_id: string;
  remind_at: string | null;
  remind_again_at: string | null;
  summary_at: string | null;
  summary_time_zone: string | null;
  updated_at: string;
}

/** A person's row of `reminder_preferences` (no row: mode 'team'). */
export interface ReminderChoiceRow {
  person_id: string;
  mode: string;
  remind_at: string | null;
  remind_again_at: string | null;
  updated_at: string;
}

/** What became of a reminder or summary: sent (on time or late), dropped (too late), or not due. */
export type SlotOutcome = 'sent' | 'late' | 'dropped' | 'not_due';

/** One reminder or summary the scheduler considered (pulse_notification_slots). */
export interface NotificationSlotRow {
  /** `reminder|PERSON|DATE|1` (or `|2`), `summary|TEAM|DATE`. */
  key: string;
  kind: 'reminder' | 'summary';
  due_at: string;
  outcome: SlotOutcome;
  event_id: string | null;
  created_at: string;
}

export interface NotificationScheduleRepository {
  /** Every team's notification times (teams that set none have no row). */
  teamNotificationTimes(): Promise<TeamNotificationRow[]>;
  /** The reminder choices of the given people; those who made none are absent. */
  reminderChoicesOf(personIds: readonly string[]): Promise<ReminderChoiceRow[]>;
  /** Those of `keys` that already have a slot. */
  takenSlots(keys: readonly string[]): Promise<Set<string>>;
  /**
   * Inserts the slot unless its key has one (in the caller's transaction, with the event it sends);
   * whether it did. Instances on one PostgreSQL database never both insert a key.
   */
  claimSlot(slot: NotificationSlotRow): Promise<boolean>;
  /** Sets the event a claimed slot sent, and its outcome. */
  setSlotEvent(key: string, eventId: string, outcome: SlotOutcome): Promise<void>;
  /** The slots due in [from, to), oldest first (tests and the operator's view). */
  slotsDueBetween(from: string, to: string): Promise<NotificationSlotRow[]>;
}
