/**
 * Rate limits shared by every instance on one database (`pulse serve --database postgres://...`): the
 * same pure transitions as the memory limiters (rate-limit.ts), with each key's state kept in a table the
 * store provides, so N instances behind one address grant the quota once, not N times.
 *
 * Atomicity is compare-and-set: read the key's state and its version, decide, then write the new state
 * only if the version is still the one read (or, for a new key, only if no row appeared meanwhile). A
 * lost race means another request was counted first: decide again from what it wrote.
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
 * Lost races in a row before a request gives up and is refused (Retry-After 1). Each lost race is
 * another request counted, so this is reached only under a crowd on one key, which a refusal suits.
 */
export const MAX_RACES = 32;

/** Takes for one key through `transition`, compare-and-set against the store, retrying lost races. */
async function takeShared<S, D>(
  store: RateStateStore,
  key: string,
  now: () => number,
  transition: (state: S | undefined, now: number) => Transition<S, D>,
  refusal: D,
): Promise<D> {
  for (let race = 0; race < MAX_RACES; race++) {
    const stored = await store.read(key);
    const { state, decision, expiresAt } = transition(
      stored ? (JSON.parse(stored.state) as S) : undefined,
      now(),
    );
    const text = JSON.stringify(state);
    const written = stored
      ? await store.replace(key, text, stored.version, expiresAt)
      : await store.create(key, text, expiresAt);
    if (written) return decision;
  }
  return refusal;
}

/** The v2 interface's fixed windows, shared by every instance. */
export class SharedRateLimiter implements WindowLimiter {
  constructor(
    private readonly name: string,
    readonly policies: RatePolicy[],
    private readonly store: RateStateStore,
    private readonly clock: Clock,
  ) {}

  take(key: string): Promise<RateDecision> {
    const transition = (state: Window[] | undefined, now: number) =>
      takeFromWindows(state, now, this.policies);
    const refusal: RateDecision = {
      allowed: false,
      retryAfter: 1,
      states: this.policies.map((policy) => ({ policy, remaining: 0, resetSeconds: 1 })),
    };
    return takeShared(
      this.store,
      `${this.name}:${key}`,
      () => this.clock.now().getTime(),
      transition,
      refusal,
    );
  }
}

/** A token bucket (v1, status, OAuth), shared by every instance. */
export class SharedTokenBucketLimiter implements BucketLimiter {
  constructor(
    private readonly name: string,
    readonly policy: TokenBucketPolicy,
    private readonly store: RateStateStore,
    private readonly clock: Clock,
  ) {}

  take(key: string): Promise<BucketDecision> {
    const transition = (state: Bucket | undefined, now: number) => takeFromBucket(state, now, this.policy);
    const refusal: BucketDecision = { allowed: false, remaining: 0, resetSeconds: 1, retryAfter: 1 };
    return takeShared(
      this.store,
      `${this.name}:${key}`,
      () => this.clock.now().getTime(),
      transition,
      refusal,
    );
  }
}
