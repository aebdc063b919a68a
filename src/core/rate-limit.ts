/**
 * Rate limits, in memory and per key, with the clock injected: fixed windows with named policies for v2
 * (per token) and a token bucket for v1 (per team key), both published in RateLimit and RateLimit-Policy
 * headers.
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
 * The v1 interface's limit, per team key: a token bucket holding up to `burst` tokens and refilled
 * continuously at `perSecond` tokens a second. Each request takes one token; with none left it is refused.
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
export function parseV1RateLimitSpec(spec: string): TokenBucketPolicy | null {
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
      `not a v1 rate limit: "${text}" (use BURST:PER_SECOND with a positive whole burst and a positive rate, e.g. 10:1 or 5:0.5, or off)`,
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

export class TokenBucketLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly policy: TokenBucketPolicy,
    private readonly clock: Clock,
  ) {}

  /** Takes a token for key if there is one; refused requests take none. */
  take(key: string): BucketDecision {
    const { burst, perSecond } = this.policy;
    const now = this.clock.now().getTime();
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    // A clock that steps back refills nothing (and takes nothing back).
    const elapsed = Math.max(0, now - bucket.at);
    bucket.tokens = tidy(Math.min(burst, bucket.tokens + (elapsed * perSecond) / 1000));
    bucket.at = now;
    this.buckets.set(key, bucket);

    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens = tidy(bucket.tokens - 1);
    const remaining = Math.floor(bucket.tokens);
    const secondsUntil = (tokens: number) =>
      Math.max(1, Math.ceil(tidy((tokens - bucket.tokens) / perSecond)));
    return {
      allowed,
      remaining,
      resetSeconds: bucket.tokens >= burst ? 0 : secondsUntil(remaining + 1),
      retryAfter: allowed ? 0 : secondsUntil(1),
    };
  }
}

/** The v1 RateLimit and RateLimit-Policy header values (one policy, named "v1"). */
export function v1RateLimitHeaders(
  policy: TokenBucketPolicy,
  decision: BucketDecision,
): { RateLimit: string; 'RateLimit-Policy': string } {
  return {
    RateLimit: `"v1";r=${decision.remaining};t=${decision.resetSeconds}`,
    'RateLimit-Policy': `"v1";q=${policy.burst};w=${Math.ceil(policy.burst / policy.perSecond)}`,
  };
}
