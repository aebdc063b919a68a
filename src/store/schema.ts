/** Table types for Kysely. Booleans are stored as 0/1 integers, dates and timestamps as ISO text. */
import type { Generated } from 'kysely';

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
}

export interface Database {
  account: AccountTable;
  settings: SettingTable;
  people: PersonTable;
  teams: TeamTable;
  memberships: MembershipTable;
  check_ins: CheckInTable;
  check_in_teams: CheckInTeamTable;
  member_absences: MemberAbsenceTable;
  team_absences: TeamAbsenceTable;
  tokens: TokenTable;
}
