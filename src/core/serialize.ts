/** Builds the documented shapes from rows. Each function returns exactly the documented properties. */
import { describeConfidence, REACTIONS } from './goal-rules.js';
import type {
  CheckInRow,
  CommentRow,
  GoalRow,
  GoalUpdateRow,
  PersonRow,
  ReactionRow,
  TeamRow,
} from './repository.js';
import { wireTime } from './time.js';
import type {
  Account,
  CheckIn,
  Comment,
  Goal,
  GoalRef,
  GoalUpdate,
  Person,
  PersonRef,
  Reaction,
  ReactionName,
  Team,
  TeamRef,
  UpdateCadence,
} from './types.js';

/** Absolute URLs of resources, under the deployment's public base URL. */
export class UrlBuilder {
  private readonly base: string;

  constructor(publicUrl: string) {
    this.base = `${publicUrl.replace(/\/+$/, '')}/api/v2`;
  }

  person(id: string): string {
    return `${this.base}/people/${id}`;
  }

  team(id: string): string {
    return `${this.base}/teams/${id}`;
  }

  checkIn(id: string): string {
    return `${this.base}/check-ins/${id}`;
  }

  goal(id: string): string {
    return `${this.base}/goals/${id}`;
  }

  goalUpdate(id: string): string {
    return `${this.base}/goal-updates/${id}`;
  }

  echoQuestion(id: string): string {
    return `${this.base}/echo/questions/${id}`;
  }

  echoAnswer(id: string): string {
    return `${this.base}/echo/answers/${id}`;
  }

  ask(id: string): string {
    return `${this.base}/asks/${id}`;
  }

  activity(id: string): string {
    return `${this.base}/activities/${id}`;
  }
}

export function personRef(row: { id: string; name: string }): PersonRef {
  return { id: row.id, name: row.name };
}

export function teamRef(row: { id: string; name: string }): TeamRef {
  return { id: row.id, name: row.name };
}

export function serializePerson(
  row: PersonRow,
  account: Account,
  teams: TeamRow[],
  urls: UrlBuilder,
): Person {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    time_zone: row.time_zone,
    location: row.location,
    title: row.title,
    bio: row.bio,
    administrator: row.administrator,
    kind: row.kind,
    created_at: wireTime(row.created_at),
    updated_at: wireTime(row.updated_at),
    url: urls.person(row.id),
    account: { id: account.id, name: account.name },
    teams: teams.map(teamRef),
  };
}

export function serializeTeam(row: TeamRow, members: PersonRef[], urls: UrlBuilder): Team {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    private: row.private,
    completion_tracking: row.completion_tracking,
    mood_tracking: row.mood_tracking,
    report_days: [...row.report_days],
    people: members,
    url: urls.team(row.id),
  };
}

export function serializeCheckIn(
  row: CheckInRow,
  person: PersonRef,
  teams: TeamRef[],
  absent: boolean,
  urls: UrlBuilder,
): CheckIn {
  return {
    type: 'check-in',
    id: row.id,
    date: row.date,
    person,
    teams,
    previous: row.previous,
    intentions: row.intentions,
    blockers: row.blockers,
    mood: row.mood,
    previous_completed: row.previous_completed,
    blocked: row.blocked,
    absent,
    completed_at: wireTime(row.completed_at),
    updated_at: wireTime(row.updated_at),
    url: urls.checkIn(row.id),
  };
}

export function goalRef(row: { id: string; title: string }): GoalRef {
  return { id: row.id, title: row.title };
}

export interface GoalParts {
  owner: PersonRef;
  parent: GoalRef | null;
  contributors: PersonRef[];
  teams: TeamRef[];
  progress: number;
  confidence: number;
}

export function serializeGoal(row: GoalRow, parts: GoalParts, urls: UrlBuilder): Goal {
  return {
    type: 'goal',
    id: row.id,
    title: row.title,
    ...(row.description !== null ? { description: row.description } : {}),
    ...(row.start_date !== null ? { start_date: row.start_date } : {}),
    ...(row.end_date !== null ? { end_date: row.end_date } : {}),
    ...(row.update_cadence !== null ? { update_cadence: row.update_cadence as UpdateCadence } : {}),
    owner: parts.owner,
    parent: parts.parent,
    private: row.private,
    archived: row.archived,
    progress: parts.progress,
    confidence: parts.confidence,
    confidence_description: describeConfidence(parts.confidence),
    contributors: parts.contributors,
    teams: parts.teams,
    url: urls.goal(row.id),
  };
}

export function serializeGoalUpdate(
  row: GoalUpdateRow,
  goal: GoalRef,
  person: PersonRef,
  urls: UrlBuilder,
): GoalUpdate {
  return {
    type: 'goal-update',
    id: row.id,
    goal,
    person,
    ...(row.title !== null ? { title: row.title } : {}),
    ...(row.body !== null ? { body: row.body } : {}),
    progress: row.progress,
    confidence: row.confidence,
    confidence_description: describeConfidence(row.confidence),
    created_at: wireTime(row.created_at),
    updated_at: wireTime(row.updated_at),
    url: urls.goalUpdate(row.id),
  };
}

export function serializeComment(row: CommentRow, person: PersonRef): Comment {
  return {
    type: 'comment',
    id: row.id,
    body: row.body,
    person,
    resource: { type: row.resource_type, id: row.resource_id },
    created_at: wireTime(row.created_at),
  };
}

export function serializeReaction(row: ReactionRow, person: PersonRef): Reaction {
  const name = row.name as ReactionName;
  return {
    id: row.id,
    name,
    emoji: REACTIONS[name],
    person,
    resource: { type: row.resource_type, id: row.resource_id },
    created_at: wireTime(row.created_at),
  };
}
