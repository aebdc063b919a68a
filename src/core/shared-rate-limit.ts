/**
 * Rate limits shared by every instance on one database (`pulse serve --database postgres://...`): the
 * same pure transitions as the memory limiters (rate-limit.ts), with each key's state kept in a table the
 * store provides, so N instances behind one address grant the quota once, not N times.
 *
 * Atomicity is compare-and-set: read the key's state and its version, decide, then write the new state
 * only if the version is still the one read (or, for a new key, only if no row appeared meanwhile). A
 * lost race means another request was counted first: decide again from what it wrote. Within one
 * instance the requests of a key take turns, a batch a turn (SharedTaker), so they never race each other.
 */
import type { Clock } from './clock.js';
import {
  type Bucket,
  type BucketDecision,
  type BucketLimiter,
  type RateDecision,
  type RatePolicy,
  type TokenBucketPolicy,
  type Transition,
  takeFromBucket,
  takeFromWindows,
  type Window,
  type WindowLimiter,
} from './rate-limit.js';

/** A stored state: its JSON text and the version a compare-and-set checks. */
export interface StoredRateState {
  state: string;
  version: number;
}

/**
 * Where the shared limiters keep their states (the PostgreSQL store's pulse_rate_limits). `key` is the
 * limiter's name and the request's key (a token id, a team id, a client address): the store keeps only a
 * hash of it. Writes here are bookkeeping: they never count as data writes.
 */
export interface RateStateStore {
  read(key: string): Promise<StoredRateState | undefined>;
  /** Creates the key's row at version 1; false when it already exists (another request made it). */
  create(key: string, state: string, expiresAt: number): Promise<boolean>;
  /** Replaces the state if the row is still at `version` (then at version + 1); false otherwise. */
  replace(key: string, state: string, version: number, expiresAt: number): Promise<boolean>;
  /** Deletes the states that expired before `now` (they decide as no state does); returns how many. */
  prune(now: number): Promise<number>;
}

/**
 * Lost races in a row before a turn gives up and its requests are refused (Retry-After 1). Each lost race
 * is another instance's turn counted, so this is reached only under a crowd on one key at many instances.
 */
export const MAX_RACES = 32;

interface Waiter<D> {
  resolve(decision: D): void;
  reject(error: unknown): void;
}

/**
 * Takes for keys through `transition`, compare-and-set against the store. Within this instance the
 * requests of one key take turns: those that arrive while a turn is under way are decided together in
 * the next one (one reading, the transition applied to each in order, one write), so a busy key costs
 * two round trips per turn rather than per request, and this instance's requests never race each other;
 * only other instances' writes make a turn decide again.
 */
class SharedTaker<S, D> {
  private readonly waiting = new Map<string, Waiter<D>[]>();

  constructor(
    private readonly store: RateStateStore,
    private readonly now: () => number,
    private readonly transition: (state: S | undefined, now: number) => Transition<S, D>,
    private readonly refusal: D,
  ) {}

  take(key: string): Promise<D> {
    return new Promise<D>((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue) {
        queue.push({ resolve, reject });
        return;
      }
      this.waiting.set(key, [{ resolve, reject }]);
      void this.turns(key);
    });
  }

  /** Decides the key's waiting requests, a batch a turn, until none is left. */
  private async turns(key: string): Promise<void> {
    for (;;) {
      const batch = this.waiting.get(key) as Waiter<D>[];
      if (batch.length === 0) {
        this.waiting.delete(key);
        return;
      }
      this.waiting.set(key, []);
      try {
        const decisions = await this.decide(key, batch.length);
        for (const [index, waiter] of batch.entries()) waiter.resolve(decisions[index] as D);
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
  }

  /** `count` requests of one key, in order; after MAX_RACES lost races in a row, all refused. */
  private async decide(key: string, count: number): Promise<D[]> {
    for (let race = 0; race < MAX_RACES; race++) {
      const stored = await this.store.read(key);
      const now = this.now();
      let state = stored ? (JSON.parse(stored.state) as S) : undefined;
      let expiresAt = now;
      const decisions: D[] = [];
      for (let i = 0; i < count; i++) {
        const next = this.transition(state, now);
        ({ state, expiresAt } = next);
        decisions.push(next.decision);
      }
      const text = JSON.stringify(state);
      const written = stored
        ? await this.store.replace(key, text, stored.version, expiresAt)
        : await this.store.create(key, text, expiresAt);
      if (written) return decisions;
    }
    return Array.from({ length: count }, () => this.refusal);
  }
}

/** The v2 interface's fixed windows, shared by every instance. */
export class SharedRateLimiter implements WindowLimiter {
  private readonly taker: SharedTaker<Window[], RateDecision>;

  constructor(
    private readonly name: string,
    readonly policies: RatePolicy[],
    store: RateStateStore,
    clock: Clock,
  ) {
    this.taker = new SharedTaker(
      store,
      () => clock.now().getTime(),
      (state: Window[] | undefined, now: number) => takeFromWindows(state, now, policies),
      {
        allowed: false,
        retryAfter: 1,
        states: policies.map((policy) => ({ policy, remaining: 0, resetSeconds: 1 })),
      },
    );
  }

  take(key: string): Promise<RateDecision> {
    return this.taker.take(`${this.name}:${key}`);
  }
}

/** A token bucket (v1, status, OAuth), shared by every instance. */
export class SharedTokenBucketLimiter implements BucketLimiter {
  private readonly taker: SharedTaker<Bucket, BucketDecision>;

  constructor(
    private readonly name: string,
    readonly policy: TokenBucketPolicy,
    store: RateStateStore,
    clock: Clock,
  ) {
    this.taker = new SharedTaker(
      store,
      () => clock.now().getTime(),
      (state: Bucket | undefined, now: number) => takeFromBucket(state, now, policy),
      { allowed: false, remaining: 0, resetSeconds: 1, retryAfter: 1 },
    );
  }

  take(key: string): Promise<BucketDecision> {
    return this.taker.take(`${this.name}:${key}`);
  }
}
