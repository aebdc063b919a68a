/** Table types for Kysely. Booleans are stored as 0/1 integers, dates and timestamps as ISO text. */
import type { Generated } from 'kysely';
import type { AskRow, EchoAnswerRow } from '../core/repository.js';

export interface AccountTable {
  id: string;
  name: string;
  created_at: string;
}

export interface SettingTable {
  key: string;
  value: string;
}

export interface PersonTable {
  id: string;
  name: string;
  username: string;
  email: string;
  time_zone: string;
  location: string | null;
  title: string | null;
  bio: string | null;
  administrator: number;
  kind: string;
  created_at: string;
  updated_at: string;
  /** The parts of the name the v1 interface shows (last_name '' for a single word). */
  first_name: string;
  last_name: string;
  /** Unique across people. */
  slug: string;
}

export interface TeamTable {
  id: string;
  name: string;
  description: string | null;
  private: number;
  completion_tracking: number;
  mood_tracking: number;
  /** Comma-separated day names in week order. */
  report_days: string;
  created_at: string;
  updated_at: string;
  /** JSON of the team's TeamQuestionTexts; null for the defaults. */
  questions: string | null;
}

export interface MembershipTable {
  team_id: string;
  person_id: string;
  role: Generated<string>;
  manager: Generated<number>;
  created_at: string;
}

export interface CheckInTable {
  id: string;
  person_id: string;
  date: string;
  previous: string | null;
  intentions: string | null;
  blockers: string | null;
  mood: string | null;
  previous_completed: number | null;
  blocked: number;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CheckInTeamTable {
  check_in_id: string;
  team_id: string;
  /**
   * Copies of the check-in's date and completed_at (migration 011), so a team's check-ins are read in
   * order from this table's indexes; every write of a check-in or of its inclusions sets them. The
   * columns are nullable in SQLite (added by ALTER TABLE) but always written.
   */
  date: string;
  completed_at: string | null;
  /**
   * Copies of the check-in's updated_at, blocked and previous_completed (migration 012), which the v1
   * reports read from check_in_teams_by_team_date alone. Always written, like date.
   */
  updated_at: string;
  blocked: number;
  previous_completed: number | null;
  /** 1 on every inclusion of a check-in included in more than one team (migration 012). */
  shared: number;
}

/** A check-in's #tags, lower-case without the hash. */
export interface CheckInTagTable {
  check_in_id: string;
  tag: string;
}

export interface TeamKeyTable {
  team_id: string;
  /** SHA-256 of the key. */
  hash: string;
  created_at: string;
}

export interface MemberAbsenceTable {
  person_id: string;
  date: string;
}

export interface TeamAbsenceTable {
  team_id: string;
  date: string;
}

export interface TokenTable {
  id: string;
  person_id: string;
  kind: string;
  name: string | null;
  scope: string;
  hash: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  grant_id: string | null;
  client_id: string | null;
}

export interface GoalTable {
  id: string;
  title: string;
  description: string | null;
  start_date: string | null;
  end_date: string | null;
  update_cadence: string | null;
  owner_id: string;
  parent_id: string | null;
  private: number;
  archived: number;
  created_at: string;
  updated_at: string;
}

export interface GoalUpdateTable {
  id: string;
  goal_id: string;
  person_id: string;
  title: string | null;
  body: string | null;
  progress: number;
  confidence: number;
  created_at: string;
  updated_at: string;
}

export interface CommentTable {
  id: string;
  resource_type: string;
  resource_id: string;
  person_id: string;
  body: string;
  created_at: string;
}

export interface ReactionTable {
  id: string;
  resource_type: string;
  resource_id: string;
  person_id: string;
  name: string;
  created_at: string;
}

export interface Database {
  account: AccountTable;
  settings: SettingTable;
  people: PersonTable;
  teams: TeamTable;
  memberships: MembershipTable;
  check_ins: CheckInTable;
  check_in_teams: CheckInTeamTable;
  check_in_tags: CheckInTagTable;
  team_keys: TeamKeyTable;
  member_absences: MemberAbsenceTable;
  team_absences: TeamAbsenceTable;
  tokens: TokenTable;
  oauth_clients: {
    id: string;
    name: string;
    secret_hash: string | null;
    redirect_uris: string;
    created_at: string;
  };
  oauth_login_codes: {
    id: string;
    person_id: string;
    hash: string;
    created_at: string;
    expires_at: string;
    used_at: string | null;
  };
  oauth_pending: {
    id: string;
    client_id: string;
    redirect_uri: string;
    scope: string;
    state: string | null;
    code_challenge: string;
    csrf: string;
    person_id: string | null;
    failed_tries: number;
    created_at: string;
    expires_at: string;
  };
  oauth_codes: {
    id: string;
    hash: string;
    client_id: string;
    redirect_uri: string;
    code_challenge: string;
    person_id: string;
    scope: string;
    created_at: string;
    expires_at: string;
    used_at: string | null;
  };
  goals: GoalTable;
  goal_contributors: { goal_id: string; person_id: string };
  goal_teams: { goal_id: string; team_id: string };
  goal_updates: GoalUpdateTable;
  comments: CommentTable;
  reactions: ReactionTable;
  status_page: { id: number; name: string; url: string | null; created_at: string; updated_at: string };
  status_components: {
    id: Generated<number>;
    name: string;
    description: string;
    parent_id: number | null;
    state: string;
    created_at: string;
    updated_at: string;
  };
  status_notices: {
    id: Generated<number>;
    type: string;
    state: string;
    subject: string;
    begins_at: string | null;
    ends_at: string | null;
    began_at: string | null;
    ended_at: string | null;
    created_at: string;
    updated_at: string;
  };
  status_notice_components: { notice_id: number; component_id: number };
  status_notice_updates: {
    id: Generated<number>;
    notice_id: number;
    state: string;
    content: string;
    created_at: string;
    updated_at: string;
  };
  activities: {
    id: string;
    person_id: string;
    kind: string;
    group_name: string;
    title: string | null;
    description: string;
    url: string | null;
    recorded_at: string;
    /** Status activities (v1): their check-in; null for every other activity. */
    check_in_id: string | null;
    /** Status activities (v1): the sanitised HTML; null for every other activity. */
    html_description: string | null;
  };
  echo_questions: {
    id: string;
    person_id: string;
    prompt: string;
    title: string;
    frequency: string;
    day: string | null;
    time: string;
    time_zone: string;
    anchor_at: string | null;
    paused_at: string | null;
    created_at: string;
    updated_at: string;
    /** The next occurrence not yet published; null while paused. */
    next_due_at: string | null;
  };
  // Stored exactly as the core's rows: text columns only.
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
  digest_entries: {
    id: string;
    recipient_id: string;
    category: string;
    resource_type: string;
    resource_id: string;
    published_at: string;
    read_at: string | null;
  };
}
