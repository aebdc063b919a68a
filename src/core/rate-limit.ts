/**
 * Fixed-window rate limits with named policies, as the v2 interface publishes them in RateLimit and
 * RateLimit-Policy headers. In memory, per key (a token); the clock is injected.
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
