/**
 * The rate limits' pure transitions, and the shared limiters over a store of states: the same decisions
 * as the memory limiters, compare-and-set retried on a lost race, and a refusal after too many.
 */
import { describe, expect, it } from 'vitest';
import {
  RateLimiter,
  type RatePolicy,
  TokenBucketLimiter,
  takeFromBucket,
  takeFromWindows,
} from '../../src/core/rate-limit.js';
import {
  MAX_RACES,
  type RateStateStore,
  SharedRateLimiter,
  SharedTokenBucketLimiter,
  type StoredRateState,
} from '../../src/core/shared-rate-limit.js';
import { steppingClock } from '../helpers/clock.js';

const POLICIES: RatePolicy[] = [
  { name: 'burst', quota: 2, windowSeconds: 10 },
  { name: 'sustained', quota: 3, windowSeconds: 60 },
];
const T0 = Date.parse('2026-11-23T10:00:00Z');

/** States in a Map, as pulse_rate_limits keeps them; `beforeWrite` runs just before each write (a race). */
function memoryStates(beforeWrite: (key: string) => void = () => {}) {
  const rows = new Map<string, StoredRateState & { expiresAt: number }>();
  const store: RateStateStore = {
    async read(key) {
      const row = rows.get(key);
      return row && { state: row.state, version: row.version };
    },
    async create(key, state, expiresAt) {
      beforeWrite(key);
      if (rows.has(key)) return false;
      rows.set(key, { state, version: 1, expiresAt });
      return true;
    },
    async replace(key, state, version, expiresAt) {
      beforeWrite(key);
      const row = rows.get(key);
      if (row?.version !== version) return false;
      rows.set(key, { state, version: version + 1, expiresAt });
      return true;
    },
    async prune(now) {
      let pruned = 0;
      for (const [key, row] of rows) if (row.expiresAt < now && rows.delete(key)) pruned++;
      return pruned;
    },
  };
  return { store, rows };
}

describe('takeFromWindows', () => {
  it('counts in every window, refuses without counting when one is full, and resets each on its own', () => {
    const first = takeFromWindows(undefined, T0, POLICIES);
    expect(first.state).toEqual([
      { startedAt: T0, count: 1 },
      { startedAt: T0, count: 1 },
    ]);
    expect(first.decision.states.map((state) => state.remaining)).toEqual([1, 2]);
    const second = takeFromWindows(first.state, T0 + 1000, POLICIES);
    const refused = takeFromWindows(second.state, T0 + 2000, POLICIES);
    expect(refused.decision).toMatchObject({ allowed: false, retryAfter: 8 });
    expect(refused.state).toEqual(second.state);
    // The burst window is over, the sustained one is not: one more, then the sustained one is full.
    const third = takeFromWindows(refused.state, T0 + 10_000, POLICIES);
    expect(third.decision.allowed).toBe(true);
    expect(third.state).toEqual([
      { startedAt: T0 + 10_000, count: 1 },
      { startedAt: T0, count: 3 },
    ]);
    expect(takeFromWindows(third.state, T0 + 11_000, POLICIES).decision).toMatchObject({
      allowed: false,
      retryAfter: 49,
    });
    // The input state is never changed: a caller may still hold it (a lost race decides again from it).
    expect(first.state).toEqual([
      { startedAt: T0, count: 1 },
      { startedAt: T0, count: 1 },
    ]);
  });

  it('expires when every window is over, and starts afresh from a state of other policies', () => {
    const taken = takeFromWindows(undefined, T0, POLICIES);
    expect(taken.expiresAt).toBe(T0 + 60_000);
    expect(takeFromWindows(taken.state, taken.expiresAt, POLICIES).state).toEqual(
      takeFromWindows(undefined, taken.expiresAt, POLICIES).state,
    );
    const onePolicy = takeFromWindows(taken.state, T0 + 1, [POLICIES[0] as RatePolicy]);
    expect(onePolicy.state).toEqual([{ startedAt: T0 + 1, count: 1 }]);
  });
});

describe('takeFromBucket', () => {
  it('starts full, takes a token, refuses without one, and expires when full again', () => {
    const policy = { burst: 2, perSecond: 0.5 };
    const first = takeFromBucket(undefined, T0, policy);
    expect(first).toEqual({
      state: { tokens: 1, at: T0 },
      decision: { allowed: true, remaining: 1, resetSeconds: 2, retryAfter: 0 },
      expiresAt: T0 + 2000,
    });
    const second = takeFromBucket(first.state, T0, policy);
    const refused = takeFromBucket(second.state, T0 + 1000, policy);
    expect(refused.decision).toEqual({ allowed: false, remaining: 0, resetSeconds: 1, retryAfter: 1 });
    expect(refused.state).toEqual({ tokens: 0.5, at: T0 + 1000 });
    expect(refused.expiresAt).toBe(T0 + 1000 + 3000);
    // A clock that steps back refills nothing.
    expect(takeFromBucket(refused.state, T0, policy).decision.allowed).toBe(false);
  });
});

describe('the shared limiters', () => {
  it('decide as the memory limiters do, request for request', async () => {
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const memoryWindows = new RateLimiter(POLICIES, clock);
    const memoryBucket = new TokenBucketLimiter({ burst: 3, perSecond: 0.7 }, clock);
    const { store } = memoryStates();
    const sharedWindows = new SharedRateLimiter('v2', POLICIES, store, clock);
    const sharedBucket = new SharedTokenBucketLimiter('v1', { burst: 3, perSecond: 0.7 }, store, clock);
    const steps = [0, 300, 0, 4000, 9000, 700, 50_000, 1, 1200, 0, 0, 2500, 61_000, 0];
    for (const [i, step] of steps.entries()) {
      clock.advance(step);
      const key = i % 3 === 0 ? 'b' : 'a';
      expect(await sharedWindows.take(key)).toEqual(memoryWindows.take(key));
      expect(await sharedBucket.take(key)).toEqual(memoryBucket.take(key));
    }
  });

  it('decide again from the state that won a race, so both requests count', async () => {
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const policy = { burst: 3, perSecond: 1 };
    let raced = false;
    const { store, rows } = memoryStates((key) => {
      if (raced) return;
      raced = true;
      // Another instance takes a token between this request's read and its write.
      const row = rows.get(key);
      const winner = takeFromBucket(row && JSON.parse(row.state), clock.now().getTime(), policy);
      rows.set(key, {
        state: JSON.stringify(winner.state),
        version: (row?.version ?? 0) + 1,
        expiresAt: winner.expiresAt,
      });
    });
    const limiter = new SharedTokenBucketLimiter('v1', policy, store, clock);
    expect(await limiter.take('team')).toMatchObject({ allowed: true, remaining: 1 });
    expect(rows.get('v1:team')).toMatchObject({ version: 2, state: JSON.stringify({ tokens: 1, at: T0 }) });
  });

  it("decide one instance's concurrent requests of a key together: one reading and one write a turn", async () => {
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const { store } = memoryStates();
    let reads = 0;
    const counting: RateStateStore = {
      ...store,
      read: (key) => {
        reads++;
        return store.read(key);
      },
    };
    const limiter = new SharedRateLimiter('v2', POLICIES, counting, clock);
    const decisions = await Promise.all(Array.from({ length: 5 }, () => limiter.take('token')));
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, false, false, false]);
    expect(decisions.map((decision) => decision.states[0]?.remaining)).toEqual([1, 0, 0, 0, 0]);
    // The first request's turn, then one turn for the four that arrived during it.
    expect(reads).toBe(2);
    expect(await store.read('v2:token')).toMatchObject({ version: 2 });
  });

  it('refuse with Retry-After 1 after losing the race MAX_RACES times in a row', async () => {
    const clock = steppingClock('2026-11-23T10:00:00Z');
    let writes = 0;
    const { store } = memoryStates();
    const losing: RateStateStore = {
      ...store,
      create: async () => {
        writes++;
        return false;
      },
    };
    const limiter = new SharedRateLimiter('v2', POLICIES, losing, clock);
    expect(await limiter.take('token')).toMatchObject({ allowed: false, retryAfter: 1 });
    expect(writes).toBe(MAX_RACES);
  });

  it('prefix each key with the limiter name, so two limiters never share a state', async () => {
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const { store, rows } = memoryStates();
    await new SharedTokenBucketLimiter('v1', { burst: 1, perSecond: 1 }, store, clock).take('k');
    expect(
      (await new SharedTokenBucketLimiter('status', { burst: 1, perSecond: 1 }, store, clock).take('k'))
        .allowed,
    ).toBe(true);
    expect([...rows.keys()].sort()).toEqual(['status:k', 'v1:k']);
  });
});
