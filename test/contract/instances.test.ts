/**
 * The contract suite's `remote-postgres-pair` target really alternates: each request of the remote
 * services lands on the other instance than the one before, and a write answered by one instance is read
 * back through the other.
 */
import { describe, expect, it } from 'vitest';
import { TARGETS } from './targets.js';

// Absent only when the run's PostgreSQL is (targets.ts skips it saying why; CI requires it).
const pair = TARGETS.find((target) => target.name === 'remote-postgres-pair');

describe.skipIf(!pair)('the remote-postgres-pair target', () => {
  it('sends each request to the other instance, and a write made through one is read through the other', async () => {
    const world = await pair?.setup();
    if (!world) return;
    try {
      const counts = world.requestsPerInstance as readonly number[];
      expect(counts).toEqual([0, 0]);
      const ana = world.as('ana');
      await ana.me(); // instance 0
      expect(counts).toEqual([1, 0]);
      await ana.me(); // instance 1
      expect(counts).toEqual([1, 1]);
      // The write lands on instance 0 and the read on instance 1, whose caches must see it.
      const goal = await ana.createGoal({ title: 'Ship the pair' });
      const goals = (await ana.listGoals()).items;
      expect(goals.map((each) => each.id)).toContain(goal.id);
      expect(counts).toEqual([2, 2]);
    } finally {
      await world.close();
    }
  });
});
