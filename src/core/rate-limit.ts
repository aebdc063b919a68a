/**
 * Rate limits per key, with the clock injected: fixed windows with named policies for v2 (per token) and a
 * token bucket for v1 (per team key) and the status interface (per client address), all published in
 * RateLimit and RateLimit-Policy headers. Each rule is a pure transition (state, now, policy) -> (new
 * state, decision); the limiters here keep the states in memory (one instance), shared-rate-limit.ts keeps
 * them in the database (several instances on PostgreSQL).
 */
import type { Clock } from './clock.js';

export interface RatePolicy {
  name: string;
  quota: number;
  windowSeconds: number;
}

export interface PolicyState {
  policy: RatePolicy;
  remaining: number;
  /** Whole seconds until the window resets (at least 1). */
  resetSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  states: PolicyState[];
  /** When refused: whole seconds to wait, at least 1. */
  retryAfter: number;
}

export const DEFAULT_V2_POLICIES: RatePolicy[] = [
  { name: 'burst', quota: 30, windowSeconds: 10 },
  { name: 'sustained', quota: 500, windowSeconds: 1800 },
];

const SPEC_PART = /^([a-z][a-z0-9_-]*)=(\d+)\/(\d+)$/;

/** Parses "burst=30/10,sustained=500/1800" (quota/window seconds); "off" is null. Throws on bad text. */
export function parseRateLimitSpec(spec: string): RatePolicy[] | null {
  if (spec.trim() === 'off') return null;
  const policies = spec.split(',').map((part) => {
    const match = SPEC_PART.exec(part.trim());
    if (!match || Number(match[2]) < 1 || Number(match[3]) < 1) {
      throw new Error(
        `not a rate limit policy: "${part.trim()}" (use name=QUOTA/SECONDS, e.g. burst=30/10, or off)`,
      );
    }
    return { name: match[1] as string, quota: Number(match[2]), windowSeconds: Number(match[3]) };
  });
  if (policies.length === 0) throw new Error('no rate limit policy given');
  return policies;
}

/** One policy's fixed window: when it started (ms since the epoch) and the requests it counted. */
export interface Window {
  startedAt: number;
  count: number;
}

/** What a transition returns: the key's new state, the decision, and when the state is no longer needed. */
export interface Transition<S, D> {
  state: S;
  decision: D;
  /**
   * From this time (ms) the state decides the same as no state at all (every window over, the bucket full
   * again), so a store may forget it.
   */
  expiresAt: number;
}

/**
 * The fixed-window rule, pure: a request for a key whose windows are `windows` (undefined: never seen, or
 * kept for other policies) at `now`. Counted only if every policy has room. The memory limiter and the
 * shared one both decide through this, so they cannot disagree.
 */
export function takeFromWindows(
  windows: readonly Window[] | undefined,
  now: number,
  policies: readonly RatePolicy[],
): Transition<Window[], RateDecision> {
  // Loops rather than map/spread: the memory limiter runs this on every v2 request.
  const kept = windows?.length === policies.length ? windows : undefined;
  const next: Window[] = new Array(policies.length);
  let allowed = true;
  for (let i = 0; i < policies.length; i++) {
    const policy = policies[i] as RatePolicy;
    const window = kept?.[i];
    next[i] =
      window && now - window.startedAt < policy.windowSeconds * 1000
        ? { startedAt: window.startedAt, count: window.count }
        : { startedAt: now, count: 0 };
    if ((next[i] as Window).count >= policy.quota) allowed = false;
  }
  const states: PolicyState[] = new Array(policies.length);
  let retryAfter = 1;
  let expiresAt = now;
  for (let i = 0; i < policies.length; i++) {
    const policy = policies[i] as RatePolicy;
    const window = next[i] as Window;
    const full = window.count >= policy.quota;
    if (allowed) window.count += 1;
    const endsAt = window.startedAt + policy.windowSeconds * 1000;
    const resetSeconds = Math.max(1, Math.ceil((endsAt - now) / 1000));
    states[i] = { policy, remaining: Math.max(0, policy.quota - window.count), resetSeconds };
    if (full) retryAfter = Math.max(retryAfter, resetSeconds);
    expiresAt = Math.max(expiresAt, endsAt);
  }
  return { state: next, decision: { allowed, states, retryAfter }, expiresAt };
}

/** Fixed windows per key (the v2 interface's, per token): in memory or shared (shared-rate-limit.ts). */
export interface WindowLimiter {
  readonly policies: RatePolicy[];
  /** Counts a request for key if every policy has room; refused requests are not counted. */
  take(key: string): RateDecision | Promise<RateDecision>;
}

export class RateLimiter implements WindowLimiter {
  private readonly windows = new Map<string, Window[]>();

  constructor(
    readonly policies: RatePolicy[],
    private readonly clock: Clock,
  ) {}

  /** Counts a request for key if every policy has room; refused requests are not counted. */
  take(key: string): RateDecision {
    const { state, decision } = takeFromWindows(
      this.windows.get(key),
      this.clock.now().getTime(),
      this.policies,
    );
    this.windows.set(key, state);
    return decision;
  }
}

/** The RateLimit and RateLimit-Policy header values (IETF httpapi-ratelimit-headers, structured fields). */
export function rateLimitHeaders(states: PolicyState[]): { RateLimit: string; 'RateLimit-Policy': string } {
  return {
    RateLimit: states.map((s) => `"${s.policy.name}";r=${s.remaining};t=${s.resetSeconds}`).join(', '),
    'RateLimit-Policy': states
      .map((s) => `"${s.policy.name}";q=${s.policy.quota};w=${s.policy.windowSeconds}`)
      .join(', '),
  };
}

/**
 * A token bucket's limit (the v1 interface's per team key, the status interface's per client address):
 * up to `burst` tokens, refilled continuously at `perSecond` tokens a second. Each request takes one token;
 * with none left it is refused.
 */
export interface TokenBucketPolicy {
  burst: number;
  perSecond: number;
}

export interface BucketDecision {
  allowed: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Whole seconds until one more whole token is there (ceil); 0 when the bucket is full. */
  resetSeconds: number;
  /** When refused: whole seconds until a request would be allowed, at least 1. */
  retryAfter: number;
}

export const DEFAULT_V1_POLICY: TokenBucketPolicy = { burst: 10, perSecond: 1 };

const V1_SPEC = /^(\d+):(\d+(?:\.\d+)?)$/;

/** Parses "BURST:PER_SECOND" (e.g. 10:1 or 5:0.5); "off" is null. Throws on bad text. */
export function parseTokenBucketSpec(spec: string): TokenBucketPolicy | null {
  const text = spec.trim();
  if (text === 'off') return null;
  const match = V1_SPEC.exec(text);
  const burst = Number(match?.[1]);
  const perSecond = Number(match?.[2]);
  if (
    !match ||
    !Number.isSafeInteger(burst) ||
    burst < 1 ||
    !(perSecond > 0) ||
    !Number.isFinite(perSecond)
  ) {
    throw new Error(
      `not a token bucket: "${text}" (use BURST:PER_SECOND with a positive whole burst and a positive rate, e.g. 10:1 or 5:0.5, or off)`,
    );
  }
  return { burst, perSecond };
}

/** A key's token bucket: the tokens it held at `at` (ms since the epoch). */
export interface Bucket {
  tokens: number;
  at: number;
}

/** Rounds away the float noise of refills (0.1 + 0.2), so a bucket that is full reads as full. */
const tidy = (tokens: number) => Math.round(tokens * 1e9) / 1e9;

/** The tokens a bucket holds at `now`. A clock that steps back refills nothing (and takes nothing back). */
export function refilledTokens(bucket: Bucket, now: number, policy: TokenBucketPolicy): number {
  const elapsed = Math.max(0, now - bucket.at);
  return tidy(Math.min(policy.burst, bucket.tokens + (elapsed * policy.perSecond) / 1000));
}

/**
 * The token bucket's rule, pure: a request for a key whose bucket is `bucket` (undefined: never seen, so
 * full) at `now`. Takes a token if there is one; refused requests take none. The memory limiter and the
 * shared one both decide through this.
 */
export function takeFromBucket(
  bucket: Bucket | undefined,
  now: number,
  policy: TokenBucketPolicy,
): Transition<Bucket, BucketDecision> {
  const { burst, perSecond } = policy;
  let tokens = bucket ? refilledTokens(bucket, now, policy) : burst;
  const allowed = tokens >= 1;
  if (allowed) tokens = tidy(tokens - 1);
  const remaining = Math.floor(tokens);
  const secondsUntil = (target: number) => Math.max(1, Math.ceil(tidy((target - tokens) / perSecond)));
  return {
    state: { tokens, at: now },
    decision: {
      allowed,
      remaining,
      resetSeconds: tokens >= burst ? 0 : secondsUntil(remaining + 1),
      retryAfter: allowed ? 0 : secondsUntil(1),
    },
    expiresAt: now + Math.ceil(((burst - tokens) / perSecond) * 1000),
  };
}

/** Token buckets per key (v1 per team, status and OAuth per address): in memory or shared. */
export interface BucketLimiter {
  readonly policy: TokenBucketPolicy;
  /** Takes a token for key if there is one; refused requests take none. */
  take(key: string): BucketDecision | Promise<BucketDecision>;
}

/**
 * Buckets kept before the first pruning. A bucket that has refilled to the burst is the same as no bucket,
 * so past this many keys those are dropped; keys in use (per client address, say) keep theirs.
 */
export const DEFAULT_BUCKET_KEYS = 10_000;

export class TokenBucketLimiter implements BucketLimiter {
  private readonly buckets = new Map<string, Bucket>();
  /** The size at which the next pruning runs; it grows with the busy keys so pruning stays rare. */
  private pruneAt: number;

  constructor(
    readonly policy: TokenBucketPolicy,
    private readonly clock: Clock,
    private readonly maxKeys = DEFAULT_BUCKET_KEYS,
  ) {
    this.pruneAt = maxKeys;
  }

  /** Buckets held in memory (those of keys seen lately). */
  get size(): number {
    return this.buckets.size;
  }

  /** Takes a token for key if there is one; refused requests take none. */
  take(key: string): BucketDecision {
    const now = this.clock.now().getTime();
    const bucket = this.buckets.get(key);
    if (!bucket && this.buckets.size >= this.pruneAt) this.prune(now);
    const { state, decision } = takeFromBucket(bucket, now, this.policy);
    this.buckets.set(key, state);
    return decision;
  }

  /**
   * Drops the buckets that are full again: dropping them changes no decision. Keys busy within the last
   * burst / perSecond seconds stay; when they alone reach the limit, the next pruning waits until there
   * are twice as many, so a crowd of new keys costs amortised constant time per request.
   */
  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (refilledTokens(bucket, now, this.policy) >= this.policy.burst) this.buckets.delete(key);
    }
    this.pruneAt = Math.max(this.maxKeys, this.buckets.size * 2);
  }
}

/**
 * The RateLimit and RateLimit-Policy header values of a token bucket, as one policy with this name (e.g.
 * "v1", "status"); its window is the time a full refill takes.
 */
export function tokenBucketHeaders(
  name: string,
  policy: TokenBucketPolicy,
  decision: BucketDecision,
): { RateLimit: string; 'RateLimit-Policy': string } {
  return {
    RateLimit: `"${name}";r=${decision.remaining};t=${decision.resetSeconds}`,
    'RateLimit-Policy': `"${name}";q=${policy.burst};w=${Math.ceil(policy.burst / policy.perSecond)}`,
  };
}
