/**
 * The documented shapes of the v1 team-scoped interface (docs/reference/v1.md).
 * Serialised objects carry exactly these properties, no more.
 */

export interface V1User {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  time_zone: string;
  administrator: boolean;
  slug: string;
  full_name: string;
  /** Lower-case, e.g. "ad" for Ana Diaz. */
  initials: string;
  /** A Gravatar URL derived from the email. */
  avatar_url: string;
}

export interface V1Member {
  id: string;
  slug: string;
  username: string;
  /** `active` for members who report; observers are never listed. */
  role: string;
  manager: boolean;
  user: V1User;
}

export interface V1ReportQuestions {
  next: string;
  blockers: string;
  previous: string;
  previous_completed: string;
}

export interface V1ReportMetrics {
  /** `YYYY-MM-DD HH:MM:SS`, UTC. */
  updated_at: string;
  blocked_count: number;
  participation_count: number;
  absent_statuses_count: number;
  present_statuses_count: number;
  previous_completed_count: number;
}

export interface V1Report {
  id: string;
  date: string;
  team_id: string;
  questions: V1ReportQuestions;
  question_labels: { next: string; blockers: string; previous: string };
  metrics: V1ReportMetrics;
  url: string;
  completed_status_ids: string[];
}

export interface V1StatusAnswers {
  next: string;
  blockers: string;
  previous: string;
  /** A boolean; the string "1" (or "0") in tag listings, as the interface documents. */
  previous_completed: boolean | string;
}

export interface V1Status {
  id: string;
  answers: V1StatusAnswers;
  blocked: boolean;
  /** Null only for a check-in not yet submitted (reachable by id, never listed). */
  completed_at: string | null;
  previous_completed: boolean;
  report_id: string;
  slug: string;
  attachments: never[];
  report_date: string;
  title: string;
  url: string;
  comment_ids: string[];
  reaction_ids: string[];
  status_activity_ids: string[];
  user: V1User;
}

export interface V1StatusActivity {
  id: string;
  status_id: string;
  /** The source, e.g. a tool name. */
  kind: string;
  created_at: string;
  /** The description with its markup stripped. */
  description: string;
  /** The description's HTML, sanitised to a small allow-list. */
  html_description: string;
  /** The source URL, or "" when none was given. */
  url: string;
}

/** What a comment and a reaction on a status share: whose it is, and the status it answers. */
interface V1StatusResponse {
  id: string;
  created_at: string;
  status_id: string;
  title: string;
  url: string;
  user: V1User;
}

export interface V1Comment extends V1StatusResponse {
  body: string;
}

export interface V1Reaction extends V1StatusResponse {
  /** The reaction name, an emoji name such as thumbsup. */
  body: string;
}

/** Response bodies of the absence endpoints (the document leaves them open; see docs/decisions.md). */
export interface V1MemberAbsence {
  member_id: string;
  date: string;
}

export interface V1TeamAbsence {
  team_id: string;
  date: string;
}

/** A member's absence as the absence list shows it (a pulse extension; see docs/decisions.md). */
export interface V1MemberAbsenceItem {
  member: { id: string; slug: string; email: string };
  date: string;
}

/** A team absence (holiday) as the absence list shows it (a pulse extension). */
export interface V1TeamAbsenceItem {
  date: string;
}
