/**
 * A parent goal's roll-up: what its children say of it. The stored progress stays the parent's own (its
 * owner's word); the roll-up is shown next to it and never stored.
 */
import type { Goal } from './types.js';

/**
 * The mean of each parent's direct children's own progress, rounded to a whole percent, for every goal
 * among `goals` that has children among them. Not recursive: a child that is a parent itself counts with
 * its own progress (its own roll-up is shown on its own row), so no level is counted twice.
 */
export function childrenProgress(goals: readonly Pick<Goal, 'parent' | 'progress'>[]): Map<string, number> {
  const sums = new Map<string, { total: number; count: number }>();
  for (const goal of goals) {
    if (!goal.parent) continue;
    const sum = sums.get(goal.parent.id) ?? { total: 0, count: 0 };
    sum.total += goal.progress;
    sum.count += 1;
    sums.set(goal.parent.id, sum);
  }
  return new Map([...sums].map(([id, { total, count }]) => [id, Math.round(total / count)]));
}
