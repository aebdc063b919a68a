/**
 * Table types for Kysely, derived from the core's rows (core/repository.ts and its neighbours), which
 * are declared once there. A table differs from its row only in how it stores what SQL has no type for:
 * booleans as 0/1 integers, lists as text (comma-separated or JSON), and the lists a row gathers from
 * other tables (a check-in's teams) not at all. Dates and timestamps are ISO text in both.
 */
import type { Generated } from 'kysely';
import type {
  AuthorizationCodeRow,
  LoginCodeRow,
  OAuthClientRow,
  PendingAuthorizationRow,
} from '../core/oauth/repository.js';
import type {
  ActivityRow,
  AskRow,
  CheckInRow,
  CommentRow,
  DigestRow,
  EchoAnswerRow,
  EchoQuestionRow,
  GoalRow,
  GoalUpdateRow,
  MembershipRow,
  PersonRow,
  ReactionRow,
  TeamKeyRow,
  TeamRow,
} from '../core/repository.js';
import type { ComponentRow, NoticeRow, NoticeUpdateRow, StatusPageRow } from '../core/status/repository.js';
import type { TokenRow } from '../core/tokens.js';
import type { Account } from '../core/types.js';
import type { DeliveryRow, WebhookEventRow, WebhookRow } from '../core/webhooks/repository.js';

/** A row as its table stores it: each boolean column as a 0/1 integer (sql-values.ts converts). */
export type Stored<Row> = {
  [Column in keyof Row]: Row[Column] extends boolean
    ? number
    : Row[Column] extends boolean | null
      ? number | null
      : Row[Column];
};

export interface SettingTable {
  key: string;
  value: string;
}

export type PersonTable = Stored<PersonRow>;

export type TeamTable = Stored<Omit<TeamRow, 'report_days' | 'questions'>> & {
  /** Comma-separated day names in week order. */
  report_days: string;
  /** JSON of the team's TeamQuestionTexts; null for the defaults. */
  questions: string | null;
};

export type MembershipTable = Stored<MembershipRow>;

export type CheckInTable = Stored<Omit<CheckInRow, 'team_ids'>>;

/**
 * A check-in's inclusion in a team, with copies of the check-in's fields the team's reads order and
 * report by: date and completed_at (migration 011), updated_at, blocked and previous_completed
 * (migration 012), so those reads walk this table's indexes alone. Every write of a check-in or of its
 * inclusions sets them; the columns are nullable in SQLite (added by ALTER TABLE) but always written.
 */
export type CheckInTeamTable = Pick<
  CheckInTable,
  'date' | 'completed_at' | 'updated_at' | 'blocked' | 'previous_completed'
> & {
  check_in_id: string;
  team_id: string;
  /** 1 on every inclusion of a check-in included in more than one team (migration 012). */
  shared: number;
};

/** A check-in's #tags, lower-case without the hash. */
export interface CheckInTagTable {
  check_in_id: string;
  tag: string;
}

export type GoalTable = Stored<Omit<GoalRow, 'contributor_ids' | 'team_ids'>>;

/** Keys the status tables number themselves (autoincrementing), which an insert leaves out. */
type Numbered<Row extends { id: number }> = Omit<Row, 'id'> & { id: Generated<number> };

/** A team's reminder and summary times (core/notifications/types.ts TeamNotificationSettings). */
export interface TeamNotificationsTable {
  team_id: string;
  remind_at: string | null;
  remind_again_at: string | null;
  summary_at: string | null;
  summary_time_zone: string | null;
  updated_at: string;
}

/** A person's reminder choice (core/notifications/types.ts ReminderPreferences). */
export interface ReminderPreferencesTable {
  person_id: string;
  mode: string;
  remind_at: string | null;
  remind_again_at: string | null;
  updated_at: string;
}

/** A reminder or summary the scheduler considered, keyed by what it is for (migration 020). */
export interface NotificationSlotTable {
  key: string;
  kind: string;
  due_at: string;
  outcome: string;
  event_id: string | null;
  created_at: string;
}

export interface Database {
  account: Account & { created_at: string };
  settings: SettingTable;
  people: PersonTable;
  teams: TeamTable;
  memberships: MembershipTable;
  check_ins: CheckInTable;
  check_in_teams: CheckInTeamTable;
  check_in_tags: CheckInTagTable;
  team_keys: TeamKeyRow;
  member_absences: { person_id: string; date: string };
  team_absences: { team_id: string; date: string };
  tokens: TokenRow;
  oauth_clients: Omit<OAuthClientRow, 'redirect_uris'> & {
    /** JSON of the client's redirect addresses. */
    redirect_uris: string;
  };
  oauth_login_codes: LoginCodeRow;
  oauth_pending: PendingAuthorizationRow;
  oauth_codes: AuthorizationCodeRow;
  goals: GoalTable;
  goal_contributors: { goal_id: string; person_id: string };
  goal_teams: { goal_id: string; team_id: string };
  goal_updates: GoalUpdateRow;
  comments: CommentRow;
  reactions: ReactionRow;
  /** One row, id 1. */
  status_page: StatusPageRow & { id: number };
  status_components: Numbered<ComponentRow>;
  status_notices: Numbered<NoticeRow>;
  status_notice_components: { notice_id: number; component_id: number };
  status_notice_updates: Numbered<NoticeUpdateRow>;
  webhooks: Numbered<WebhookRow>;
  pulse_webhook_events: WebhookEventRow;
  pulse_webhook_deliveries: Numbered<DeliveryRow>;
  team_notifications: TeamNotificationsTable;
  reminder_preferences: ReminderPreferencesTable;
  pulse_notification_slots: NotificationSlotTable;
  activities: ActivityRow;
  echo_questions: Stored<EchoQuestionRow>;
  echo_answers: EchoAnswerRow;
  asks: AskRow;
  /** The full-text index's documents (search/sqlite-fts.ts); `search_text` is its FTS5 table. */
  search_items: {
    rowid: number;
    kind: string;
    item_id: string;
    person_id: string;
    at: string;
  };
  digest_entries: DigestRow;
}
