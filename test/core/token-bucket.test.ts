/** The token bucket: a burst, then a steady refill, by an injected clock; pruning; and its --v1-rate-limit spec. */
import { describe, expect, it } from 'vitest';
import { parseTokenBucketSpec, TokenBucketLimiter, tokenBucketHeaders } from '../../src/core/rate-limit.js';
import { steppingClock } from '../helpers/clock.js';

describe('TokenBucketLimiter', () => {
  it('allows the burst, then refuses without taking a token, with Retry-After', () => {
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const limiter = new TokenBucketLimiter({ burst: 3, perSecond: 1 }, clock);
    expect(limiter.take('team')).toEqual({ allowed: true, remaining: 2, resetSeconds: 1, retryAfter: 0 });
    expect(limiter.take('team')).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 1 });
    expect(limiter.take('team')).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 1 });
    expect(limiter.take('team')).toEqual({ allowed: false, remaining: 0, resetSeconds: 1, retryAfter: 1 });
    // Refusals take nothing: half a second on, half a token is there, still not enough.
    clock.advance(500);
    expect(limiter.take('team')).toEqual({ allowed: false, remaining: 0, resetSeconds: 1, retryAfter: 1 });
    clock.advance(500);
    expect(limiter.take('team')).toMatchObject({ allowed: true, remaining: 0 });
    // Other keys have their own bucket.
    expect(limiter.take('other')).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('refills at the rate, never above the burst, and reports 0 seconds when full', () => {
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const limiter = new TokenBucketLimiter({ burst: 10, perSecond: 1 }, clock);
    for (let i = 0; i < 10; i++) limiter.take('team');
    clock.advance(4000);
    expect(limiter.take('team')).toMatchObject({ allowed: true, remaining: 3, resetSeconds: 1 });
    // An hour later the bucket holds the burst, no more: one request leaves burst - 1.
    clock.advance(3_600_000);
    expect(limiter.take('team')).toMatchObject({ allowed: true, remaining: 9 });
    clock.advance(1000);
    // Full again before this request: after it, 9 left and one second to the tenth.
    expect(limiter.take('team')).toMatchObject({ remaining: 9, resetSeconds: 1 });
    clock.advance(400);
    // 9.4 tokens: the tenth is 0.6 s away, reported as 1.
    expect(limiter.take('team')).toMatchObject({ remaining: 8, resetSeconds: 1 });
  });

  it('rounds a fraction of a second up to a whole second, and refills fractions exactly', () => {
    const clock = steppingClock('2026-11-23T10:00:00Z');
    // A burst of 1 at 2 per second: each request empties it, half a second refills it.
    const limiter = new TokenBucketLimiter({ burst: 1, perSecond: 2 }, clock);
    expect(limiter.take('team')).toEqual({ allowed: true, remaining: 0, resetSeconds: 1, retryAfter: 0 });
    expect(limiter.take('team')).toEqual({ allowed: false, remaining: 0, resetSeconds: 1, retryAfter: 1 });
    clock.advance(500);
    expect(limiter.take('team')).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('computes Retry-After in whole seconds for slow rates', () => {
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const limiter = new TokenBucketLimiter({ burst: 2, perSecond: 0.5 }, clock);
    limiter.take('team');
    limiter.take('team');
    expect(limiter.take('team')).toEqual({ allowed: false, remaining: 0, resetSeconds: 2, retryAfter: 2 });
    clock.advance(1500);
    expect(limiter.take('team')).toMatchObject({ allowed: false, retryAfter: 1 });
    clock.advance(500);
    expect(limiter.take('team')).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 2 });
    // A tenth of a token a second, added up by refused requests: 0.1 ten times must make one whole token.
    const tenths = new TokenBucketLimiter({ burst: 1, perSecond: 0.1 }, clock);
    tenths.take('team');
    for (let i = 1; i < 10; i++) {
      clock.advance(1000);
      expect(tenths.take('team')).toMatchObject({ allowed: false, retryAfter: 10 - i });
    }
    clock.advance(1000);
    expect(tenths.take('team')).toMatchObject({ allowed: true });
  });

  it('ignores a clock that steps back', () => {
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const limiter = new TokenBucketLimiter({ burst: 1, perSecond: 1 }, clock);
    limiter.take('team');
    clock.advance(-60_000);
    expect(limiter.take('team')).toMatchObject({ allowed: false, retryAfter: 1 });
  });

  it('publishes RateLimit and RateLimit-Policy with the window of a full refill', () => {
    const policy = { burst: 10, perSecond: 1 };
    expect(
      tokenBucketHeaders('v1', policy, { allowed: true, remaining: 9, resetSeconds: 1, retryAfter: 0 }),
    ).toEqual({
      RateLimit: '"v1";r=9;t=1',
      'RateLimit-Policy': '"v1";q=10;w=10',
    });
    expect(
      tokenBucketHeaders(
        'status',
        { burst: 5, perSecond: 0.3 },
        { allowed: true, remaining: 4, resetSeconds: 4, retryAfter: 0 },
      )['RateLimit-Policy'],
    ).toBe('"status";q=5;w=17');
  });

  it('drops the buckets that are full again once it holds too many keys, and no busy one', () => {
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const limiter = new TokenBucketLimiter({ burst: 2, perSecond: 1 }, clock, 3);
    for (const key of ['a', 'b', 'c']) limiter.take(key);
    expect(limiter.size).toBe(3);
    // Two seconds on, a, b and c are full again: the fourth key prunes all three.
    clock.advance(2000);
    limiter.take('d');
    limiter.take('d');
    expect(limiter.size).toBe(1);
    limiter.take('e');
    limiter.take('f');
    // d (empty), e and f (one token each) are busy: g prunes none of them.
    limiter.take('g');
    expect(limiter.size).toBe(4);
    // d is still refused: its empty bucket was kept, so pruning forgot nothing that decides.
    expect(limiter.take('d')).toMatchObject({ allowed: false, retryAfter: 1 });
    // The busy keys alone filled the map, so the next pruning waits for 2 x 3 = 6 keys.
    clock.advance(10_000);
    limiter.take('h');
    limiter.take('i');
    expect(limiter.size).toBe(6);
    // Then d, e, f and g (full again) go; h and i, just used, stay; j is added.
    limiter.take('j');
    expect(limiter.size).toBe(3);
    expect(limiter.take('d')).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('stays bounded under a stream of new keys, one request each', () => {
    const clock = steppingClock('2026-11-23T10:00:00Z');
    const limiter = new TokenBucketLimiter({ burst: 5, perSecond: 5 }, clock, 100);
    let largest = 0;
    for (let i = 0; i < 10_000; i++) {
      limiter.take(`10.0.${Math.floor(i / 256)}.${i % 256}`);
      largest = Math.max(largest, limiter.size);
      // 50 new addresses a second: a fifth of a second refills each, so about 10 are ever busy at once.
      clock.advance(20);
    }
    expect(largest).toBeLessThanOrEqual(100);
  });
});

describe('parseTokenBucketSpec', () => {
  it('accepts BURST:PER_SECOND and off', () => {
    expect(parseTokenBucketSpec('10:1')).toEqual({ burst: 10, perSecond: 1 });
    expect(parseTokenBucketSpec(' 5:0.5 ')).toEqual({ burst: 5, perSecond: 0.5 });
    expect(parseTokenBucketSpec('100:25')).toEqual({ burst: 100, perSecond: 25 });
    expect(parseTokenBucketSpec('off')).toBeNull();
  });

  it('rejects everything else with a message that shows the form', () => {
    for (const spec of [
      '',
      '10',
      '10:',
      ':1',
      '0:1',
      '10:0',
      '10:0.0',
      '-1:1',
      '1.5:1',
      '10:-1',
      '10/1',
      'a:b',
      '10:1:1',
      'OFF',
      '10:.5',
      '1e3:1',
    ]) {
      expect(() => parseTokenBucketSpec(spec), spec).toThrow(/not a token bucket: .*BURST:PER_SECOND/);
    }
  });
});
