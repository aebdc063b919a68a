/** Rules of goals and goal updates that need no storage: involvement, confidence, defaults, reactions. */
import type { GoalRow, GoalUpdateRow } from './repository.js';
import type { ConfidenceDescription, ReactionName } from './types.js';

/** Who a rule is decided for: a person and whether they administer the store. */
interface GoalViewer {
  person: { id: string; administrator: boolean };
}

/** The goal's owner or one of its contributors. */
export function involvedIn(viewer: GoalViewer, goal: GoalRow): boolean {
  return goal.owner_id === viewer.person.id || goal.contributor_ids.includes(viewer.person.id);
}

/** The owner, contributors and administrators may change a goal and post its updates. */
export function mayChangeGoal(viewer: GoalViewer, goal: GoalRow): boolean {
  return involvedIn(viewer, goal) || viewer.person.administrator;
}

/**
 * The fields that say whose a goal is and who sees it, and whether it is still on everyone's lists: only
 * its owner and administrators change them, so a contributor cannot take a goal over, drop the owner from
 * it or hide it from them. Contributors change its content (title, description, dates, cadence, parent,
 * teams) and post its updates.
 */
export const OWNER_FIELDS = ['owner_id', 'contributor_ids', 'private', 'archived'] as const;
export type OwnerField = (typeof OWNER_FIELDS)[number];

/** The owner and administrators may change OWNER_FIELDS (and delete the goal). */
export function mayChangeOwnerFields(viewer: GoalViewer, goal: GoalRow): boolean {
  return goal.owner_id === viewer.person.id || viewer.person.administrator;
}

/** The values of OWNER_FIELDS a change would give the goal, for comparing with what it has. */
export interface OwnerFieldChange {
  owner_id?: string | null | undefined;
  contributor_ids?: readonly string[] | undefined;
  private?: boolean | undefined;
  archived?: boolean | undefined;
}

/**
 * The OWNER_FIELDS a change names with a value other than the goal's: restating the current value
 * (an id in another case, the contributors in another order) changes nothing and is anyone's to send.
 */
export function ownerFieldsChanged(goal: GoalRow, change: OwnerFieldChange): OwnerField[] {
  const sameSet = (a: readonly string[], b: readonly string[]) => {
    const left = new Set(a.map((id) => id.toLowerCase()));
    const right = new Set(b);
    return left.size === right.size && [...left].every((id) => right.has(id));
  };
  const changed: OwnerField[] = [];
  if (change.owner_id !== undefined && change.owner_id?.toLowerCase() !== goal.owner_id)
    changed.push('owner_id');
  if (change.contributor_ids !== undefined && !sameSet(change.contributor_ids, goal.contributor_ids))
    changed.push('contributor_ids');
  if (change.private !== undefined && change.private !== goal.private) changed.push('private');
  if (change.archived !== undefined && change.archived !== goal.archived) changed.push('archived');
  return changed;
}

/** The owner and administrators may delete a goal. */
export function mayDeleteGoal(viewer: GoalViewer, goal: GoalRow): boolean {
  return mayChangeOwnerFields(viewer, goal);
}

/** Its author and administrators may change or delete a goal update. */
export function mayChangeGoalUpdate(viewer: GoalViewer, update: GoalUpdateRow): boolean {
  return update.person_id === viewer.person.id || viewer.person.administrator;
}

/** A goal without updates: nothing done yet, fully confident. */
export const INITIAL_PROGRESS = 0;
export const INITIAL_CONFIDENCE = 100;

const LEVELS = [30, 60, 90] as const;

/** Confidence is saved as the nearest of 30, 60, 90; ties go up (45 is 60, 75 is 90). */
export function normaliseConfidence(value: number): number {
  let best: number = LEVELS[0];
  for (const level of LEVELS) {
    if (Math.abs(value - level) <= Math.abs(value - best)) best = level;
  }
  return best;
}

export function describeConfidence(confidence: number): ConfidenceDescription {
  if (confidence >= 90) return 'On track';
  if (confidence >= 60) return 'At risk';
  return 'Off track';
}

/** Parses off-track, at-risk, on-track (any case, spaces or dashes) to their confidence. */
export function confidenceFromWords(text: string): number | undefined {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return ({ 'off-track': 30, 'at-risk': 60, 'on-track': 90 } as Record<string, number>)[key];
}

export const REACTIONS: Record<ReactionName, string> = {
  thumbsup: '👍',
  thumbsdown: '👎',
  smile: '😄',
  confused: '😕',
  heart: '❤️',
  tada: '🎉',
};

export function isReactionName(value: string): value is ReactionName {
  return Object.hasOwn(REACTIONS, value);
}

/** @usernames mentioned in Markdown text (not inside e-mail addresses), lower-cased, once each. */
export function mentionsIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(^|[^\w@.])@([a-z0-9][a-z0-9._-]*[a-z0-9]|[a-z0-9])/gi)) {
    found.add((match[2] as string).toLowerCase());
  }
  return [...found];
}
