/**
 * Reminders and team notifications (issue 31): what people and teams configure, the events pulse sends
 * for them, and the shapes of those events' data. Delivery reuses the webhooks' outbox and sender
 * (core/webhooks/): a person's or a team's channel is a webhook row with an owner, so the signing, the
 * retries, the leases across instances and the delivery log are the status page's.
 */

/** A local time of day, 'HH:MM' (24-hour), read in the time zone of whoever it is for. */
export type LocalTime = string;

/** A LocalTime as written: 00:00 to 23:59. */
export const LOCAL_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A team's settings (`pulse team reminders`, `pulse team notifications`). */
export interface TeamNotificationSettings {
  team: { id: string; name: string };
  /** When members are reminded, each at this time in their own time zone; null: no team reminder. */
  remind_at: LocalTime | null;
  /** A second reminder to those still due; null: none. */
  remind_again_at: LocalTime | null;
  /** When the daily summary goes to the team's channels; null: no summary. */
  summary_at: LocalTime | null;
  /** The time zone summary_at is read in (the setter's, unless given). */
  summary_time_zone: string | null;
  updated_at: string | null;
}

/** How a person is reminded: at their teams' times, at their own, or never. */
export const REMINDER_MODES = ['team', 'own', 'off'] as const;
export type ReminderMode = (typeof REMINDER_MODES)[number];

/** A person's reminder preferences (`pulse me reminders`). */
export interface ReminderPreferences {
  mode: ReminderMode;
  /** Their own times, when mode is 'own'. */
  remind_at: LocalTime | null;
  remind_again_at: LocalTime | null;
  /** The person's time zone, which every time above is read in. */
  time_zone: string;
  updated_at: string | null;
}

/** Events sent to a person's channels. */
export const PERSON_EVENT_TYPES = ['reminder.due'] as const;
/** Events a team's channel can receive. */
export const TEAM_EVENT_TYPES = ['checkin.blocked', 'team.summary', 'echo.answered'] as const;
export type PersonEventType = (typeof PERSON_EVENT_TYPES)[number];
export type TeamEventType = (typeof TEAM_EVENT_TYPES)[number];

/** `reminder.due`: the person's check-in of `date` (their local date) is still due. */
export interface ReminderData {
  person: { id: string; name: string; email: string };
  date: string;
  /** Which reminder of the day: 1 the first, 2 the second. */
  reminder: 1 | 2;
  /** The local time it was for, and the instant that is. */
  local_time: LocalTime;
  due_at: string;
  /** True when sent more than a few minutes after due_at (a restart, a stopped scheduler). */
  late: boolean;
  /** What to run, or open, to check in. */
  command: string;
  url: string | null;
  /** Their intentions of their last completed check-in, to start from. */
  previous_intentions: string | null;
  previous_date: string | null;
}

/** `checkin.blocked`: a check-in shared with the team was completed with a blocker. */
export interface BlockedData {
  team: { id: string; name: string };
  check_in: { id: string; date: string; blockers: string; url: string | null };
  person: { id: string; name: string };
}

/** `team.summary`: the team's day, at its summary time. Only what a member of the team can see. */
export interface SummaryData {
  team: { id: string; name: string };
  date: string;
  checked_in: { id: string; name: string }[];
  blocked: { id: string; name: string; blockers: string }[];
  absent: { id: string; name: string }[];
  /** Still due at the summary's time. */
  missing: { id: string; name: string }[];
  counts: { members: number; checked_in: number; blocked: number; absent: number; missing: number };
  late: boolean;
}

/** `echo.answered`: a new answer of one of the team's Echoes was published. */
export interface EchoAnsweredData {
  team: { id: string; name: string };
  echo: { id: string; question: string };
  answer: { id: string; period: string; text: string | null; url: string | null };
}

/** A person's or a team's channel as pulse lists it: never its secret. */
export interface Channel {
  id: number;
  /** The webhook's URL, or `mailto:ADDRESS` for an email channel. */
  url: string;
  format: 'json' | 'slack' | 'email';
  /** The event types it receives; null: every type of its owner (a person's: reminder.due). */
  events: string[] | null;
  created_at: string;
}

/** A channel just added: the one time its secret is shown (null for email, which is not signed). */
export interface CreatedChannel extends Channel {
  secret: string | null;
}
