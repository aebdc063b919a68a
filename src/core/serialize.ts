/** Builds the documented shapes from rows. Each function returns exactly the documented properties. */
import type { CheckInRow, PersonRow, TeamRow } from './repository.js';
import type { Account, CheckIn, Person, PersonRef, Team, TeamRef } from './types.js';

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
    created_at: row.created_at,
    updated_at: row.updated_at,
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
    completed_at: row.completed_at,
    updated_at: row.updated_at,
    url: urls.checkIn(row.id),
  };
}
