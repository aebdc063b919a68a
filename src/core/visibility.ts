/**
 * Who may see what: every visibility rule of the core, decided for one Viewer, in one place. The parts
 * of the core (people and teams, check-ins, goals, conversations, activities, the digest, the answer
 * engine) ask here. Lists are filtered by the store in SQL; the filters they take are made here too
 * (`...Filter` below), each named after the rule it implements, so that both sides say the same.
 */
import { involvedIn } from './goal-rules.js';
import type {
  CheckInRow,
  GoalRow,
  GoalVisibility,
  PersonRow,
  TeamFrom,
  TeamRow,
  Visibility,
} from './repository.js';

/** The person a Service acts for, with their teams: what every rule is decided on. */
export interface Viewer {
  person: PersonRow;
  /** Every team of the person, observed ones included. */
  teamIds: string[];
  /** The teams the person reports to (observers read along but have no check-ins for that team). */
  reportingTeamIds: string[];
  /**
   * Those of teamIds whose check-ins the person sees from a date on: they joined without the team's
   * history (docs/decisions.md, "A newcomer sees a team's check-ins from the day they joined").
   */
  teamsFrom: TeamFrom[];
}

/** Administrators see everything of the account except what is personal (see ownedBy). */
const administers = (viewer: Viewer): boolean => viewer.person.administrator;

/** Private teams reach only their members and administrators. */
export function canSeeTeam(viewer: Viewer, team: TeamRow): boolean {
  return !team.private || administers(viewer) || viewer.teamIds.includes(team.id);
}

/**
 * A check-in reaches its author, the members of its teams and administrators; a member who joined a
 * team without its history sees its check-ins dated from the day they joined on.
 */
export function canSeeCheckIn(viewer: Viewer, checkIn: CheckInRow): boolean {
  return (
    administers(viewer) ||
    checkIn.person_id === viewer.person.id ||
    checkIn.team_ids.some((id) => seesTeamCheckInOn(viewer, id, checkIn.date))
  );
}

function seesTeamCheckInOn(viewer: Viewer, teamId: string, date: string): boolean {
  if (!viewer.teamIds.includes(teamId)) return false;
  const from = viewer.teamsFrom.find((team) => team.teamId === teamId)?.from;
  return from === undefined || date >= from;
}

/** Goals reach the whole account unless private: then only those involved in them and administrators. */
export function canSeeGoal(viewer: Viewer, goal: GoalRow): boolean {
  return !goal.private || involvedIn(viewer, goal) || administers(viewer);
}

/** A goal update reaches whoever sees its goal. */
export function canSeeGoalUpdate(viewer: Viewer, goal: GoalRow): boolean {
  return canSeeGoal(viewer, goal);
}

/** The item a comment or reaction is on: a check-in, or a goal update (with its goal). */
export type CommentTarget = { checkIn: CheckInRow } | { goal: GoalRow };

/** Comments and reactions reach whoever sees the item they are on. */
export function canSeeComment(viewer: Viewer, item: CommentTarget): boolean {
  return 'checkIn' in item ? canSeeCheckIn(viewer, item.checkIn) : canSeeGoalUpdate(viewer, item.goal);
}

/**
 * Personal things (asks, Echo questions and their answers, digest entries) reach their person only:
 * administrators included.
 */
export function ownedBy(viewer: Viewer, ownerId: string): boolean {
  return ownerId === viewer.person.id;
}

/**
 * Whose activities a viewer sees: their own and their teammates' (the members of the viewer's teams,
 * read through membersOf only when needed); undefined means everyone's (administrators).
 */
export async function activityPeople(
  viewer: Viewer,
  membersOf: (teamIds: string[]) => Promise<Iterable<string>>,
): Promise<Set<string> | undefined> {
  if (administers(viewer)) return undefined;
  return new Set([viewer.person.id, ...(await membersOf(viewer.teamIds))]);
}

/** An activity reaches the people activityPeople names. */
export function canSeeActivity(people: Set<string> | undefined, activity: { person_id: string }): boolean {
  return people === undefined || people.has(activity.person_id);
}

// --- the store's filters --------------------------------------------------------------------------

/**
 * The store's filter for lists of check-ins (and search hits on them): canSeeCheckIn. Its `teamIds` are
 * the teams whose every check-in the viewer sees; the others are in `teamsFrom`.
 */
export function checkInFilter(viewer: Viewer): Visibility {
  if (administers(viewer)) return { all: true };
  const from = new Set(viewer.teamsFrom.map((team) => team.teamId));
  return {
    all: false,
    personId: viewer.person.id,
    teamIds: viewer.teamIds.filter((id) => !from.has(id)),
    teamsFrom: viewer.teamsFrom.filter((team) => viewer.teamIds.includes(team.teamId)),
  };
}

/** The store's filter for lists of goals: canSeeGoal (private goals of others left out). */
export function goalFilter(viewer: Viewer): GoalVisibility {
  return administers(viewer) ? { all: true } : { all: false, personId: viewer.person.id };
}

/** The store's filter for lists of teams (the person whose private teams are included): canSeeTeam. */
export function teamFilter(viewer: Viewer): string | undefined {
  return administers(viewer) ? undefined : viewer.person.id;
}

/** The teams among ids (read into teams) that the viewer can see, in the order of ids. */
export function visibleTeamsAmong(
  viewer: Viewer,
  ids: readonly string[],
  teams: Map<string, TeamRow>,
): TeamRow[] {
  return ids
    .map((id) => teams.get(id))
    .filter((team): team is TeamRow => team !== undefined && canSeeTeam(viewer, team));
}

/**
 * The team ids a list may be filtered by: those of `ids` (read into `teams`) that the viewer can see. A
 * private team of others is dropped like an id of no team, and a filter left with no team matches
 * nothing, so naming a private team's id answers a non-member exactly as naming an unknown one does.
 */
export function filterableTeamIds(
  viewer: Viewer,
  ids: readonly string[],
  teams: Map<string, TeamRow>,
): string[] {
  return visibleTeamsAmong(viewer, ids, teams).map((team) => team.id);
}
