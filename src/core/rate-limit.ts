/**
 * Rate limits, in memory and per key, with the clock injected: fixed windows with named policies for v2
 * (per token) and a token bucket for v1 (per team key) and the status interface (per client address), all
 * published in RateLimit and RateLimit-Policy headers.
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

interface Window {
  startedAt: number;
  count: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window[]>();

  constructor(
    readonly policies: RatePolicy[],
    private readonly clock: Clock,
  ) {}

  /** Counts a request for key if every policy has room; refused requests are not counted. */
  take(key: string): RateDecision {
    const now = this.clock.now().getTime();
    let windows = this.windows.get(key);
    if (!windows) {
      windows = this.policies.map(() => ({ startedAt: now, count: 0 }));
      this.windows.set(key, windows);
    }
    windows.forEach((window, index) => {
      const policy = this.policies[index] as RatePolicy;
      if (now - window.startedAt >= policy.windowSeconds * 1000) {
        window.startedAt = now;
        window.count = 0;
      }
    });
    const full = this.policies.map((policy, index) => (windows[index] as Window).count >= policy.quota);
    const allowed = !full.some(Boolean);
    if (allowed) for (const window of windows) window.count += 1;
    const states = this.policies.map((policy, index) => {
      const window = windows[index] as Window;
      const resetMs = window.startedAt + policy.windowSeconds * 1000 - now;
      return {
        policy,
        remaining: Math.max(0, policy.quota - window.count),
        resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
      };
    });
    const retryAfter = Math.max(
      1,
      ...states.filter((_, index) => full[index]).map((state) => state.resetSeconds),
    );
    return { allowed, states, retryAfter };
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

interface Bucket {
  tokens: number;
  at: number;
}

/** Rounds away the float noise of refills (0.1 + 0.2), so a bucket that is full reads as full. */
const tidy = (tokens: number) => Math.round(tokens * 1e9) / 1e9;

/**
 * Buckets kept before the first pruning. A bucket that has refilled to the burst is the same as no bucket,
 * so past this many keys those are dropped; keys in use (per client address, say) keep theirs.
 */
export const DEFAULT_BUCKET_KEYS = 10_000;

export class TokenBucketLimiter {
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
    const { burst, perSecond } = this.policy;
    const now = this.clock.now().getTime();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.pruneAt) this.prune(now);
      bucket = { tokens: burst, at: now };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = this.refilled(bucket, now);
    bucket.at = now;

    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens = tidy(bucket.tokens - 1);
    const tokens = bucket.tokens;
    const remaining = Math.floor(tokens);
    const secondsUntil = (target: number) => Math.max(1, Math.ceil(tidy((target - tokens) / perSecond)));
    return {
      allowed,
      remaining,
      resetSeconds: tokens >= burst ? 0 : secondsUntil(remaining + 1),
      retryAfter: allowed ? 0 : secondsUntil(1),
    };
  }

  /** The tokens a bucket holds at `now`. A clock that steps back refills nothing (and takes nothing back). */
  private refilled(bucket: Bucket, now: number): number {
    const elapsed = Math.max(0, now - bucket.at);
    return tidy(Math.min(this.policy.burst, bucket.tokens + (elapsed * this.policy.perSecond) / 1000));
  }

  /**
   * Drops the buckets that are full again: dropping them changes no decision. Keys busy within the last
   * burst / perSecond seconds stay; when they alone reach the limit, the next pruning waits until there
   * are twice as many, so a crowd of new keys costs amortised constant time per request.
   */
  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (this.refilled(bucket, now) >= this.policy.burst) this.buckets.delete(key);
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
