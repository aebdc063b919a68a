/**
 * The remote ETag cache stays bounded: entries past their age are misses and go, and the folder keeps at
 * most so many entries and bytes, the least recently used going first. Real files in a temp folder; an
 * injected clock for the ages.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type EtagCacheBounds, FileEtagCache } from '../../src/remote/etag-cache.js';
import { tempDir } from '../helpers/temp.js';

const DAY = 24 * 60 * 60 * 1000;

function cacheWith(bounds: Partial<EtagCacheBounds>) {
  const dir = join(tempDir('pulse-etag-'), 'http');
  const clock = { now: Date.parse('2026-11-26T12:00:00Z') };
  const cache = new FileEtagCache(
    dir,
    'scope',
    { maxEntries: 1000, maxBytes: 1024 * 1024, maxAgeMs: 30 * DAY, pruneEvery: 1, ...bounds },
    () => clock.now,
  );
  const files = () => readdirSync(dir).filter((name) => name.endsWith('.json'));
  return { cache, clock, dir, files };
}

describe('the remote ETag cache', () => {
  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const { cache, clock, files } = cacheWith({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) {
      await cache.set(key, { etag: `"${key}"`, body: { key } });
      clock.now += 1000;
    }
    // A hit on the oldest makes it the most recently used.
    expect(await cache.get('a')).toEqual({ etag: '"a"', body: { key: 'a' } });
    clock.now += 1000;
    await cache.set('d', { etag: '"d"', body: { key: 'd' } });
    expect(files()).toHaveLength(3);
    expect(await cache.get('b')).toBeUndefined();
    for (const key of ['a', 'c', 'd']) expect((await cache.get(key))?.etag).toBe(`"${key}"`);
  });

  it('keeps at most maxBytes', async () => {
    const { cache, clock, dir, files } = cacheWith({ maxBytes: 2500 });
    const body = 'x'.repeat(1000);
    for (const key of ['a', 'b', 'c', 'd']) {
      await cache.set(key, { etag: `"${key}"`, body });
      clock.now += 1000;
    }
    const bytes = files().reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
    expect(bytes).toBeLessThanOrEqual(2500);
    expect(files()).toHaveLength(2);
    expect(await cache.get('a')).toBeUndefined();
    expect((await cache.get('d'))?.etag).toBe('"d"');
  });

  it('treats an entry unused past maxAge as a miss and removes it', async () => {
    const { cache, clock, files } = cacheWith({ maxAgeMs: 30 * DAY });
    await cache.set('old', { etag: '"old"', body: 1 });
    clock.now += 29 * DAY;
    expect((await cache.get('old'))?.etag).toBe('"old"');
    // The hit renewed it: another 29 days is still within the age.
    clock.now += 29 * DAY;
    expect((await cache.get('old'))?.etag).toBe('"old"');
    clock.now += 31 * DAY;
    expect(await cache.get('old')).toBeUndefined();
    expect(files()).toEqual([]);
  });

  it('prunes entries past their age when it writes', async () => {
    const { cache, clock, files } = cacheWith({ maxAgeMs: DAY });
    await cache.set('a', { etag: '"a"', body: 1 });
    clock.now += 2 * DAY;
    await cache.set('b', { etag: '"b"', body: 2 });
    expect(files()).toHaveLength(1);
    expect((await cache.get('b'))?.etag).toBe('"b"');
  });
});
