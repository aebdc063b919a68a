/**
 * Cached single-resource GET responses, revalidated with If-None-Match. Files under the XDG cache
 * directory, keyed by a hash of the credential and the URL so people never see each other's entries.
 *
 * Bounded: an entry unused for `maxAgeMs` is a miss and is removed, and the folder keeps at most
 * `maxEntries` files and `maxBytes` bytes, the least recently used going first (a hit touches its
 * file). The folder is pruned on a process's first write and again every `pruneEvery` writes, so a
 * short command pays one directory read at most and a long one stays within the bounds as it goes.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface CachedResponse {
  etag: string;
  body: unknown;
}

export interface EtagCache {
  get(key: string): Promise<CachedResponse | undefined>;
  set(key: string, entry: CachedResponse): Promise<void>;
}

export interface EtagCacheBounds {
  maxEntries: number;
  maxBytes: number;
  maxAgeMs: number;
  pruneEvery: number;
}

/** A month of disuse, 2,000 responses, 50 MiB: a person's working set of views, far below any disk. */
export const DEFAULT_ETAG_CACHE_BOUNDS: EtagCacheBounds = {
  maxEntries: 2000,
  maxBytes: 50 * 1024 * 1024,
  maxAgeMs: 30 * 24 * 60 * 60 * 1000,
  pruneEvery: 100,
};

const ENTRY_SUFFIX = '.json';

export class FileEtagCache implements EtagCache {
  private writesSincePrune: number | undefined;

  constructor(
    private readonly dir: string,
    private readonly scope: string,
    private readonly bounds: EtagCacheBounds = DEFAULT_ETAG_CACHE_BOUNDS,
    private readonly now: () => number = Date.now,
  ) {}

  private file(key: string): string {
    const name = createHash('sha256').update(`${this.scope}\n${key}`).digest('hex');
    return join(this.dir, `${name}${ENTRY_SUFFIX}`);
  }

  async get(key: string): Promise<CachedResponse | undefined> {
    const file = this.file(key);
    try {
      const used = (await stat(file)).mtimeMs;
      if (this.now() - used > this.bounds.maxAgeMs) {
        await rm(file, { force: true });
        return undefined;
      }
      const entry = JSON.parse(await readFile(file, 'utf8'));
      if (typeof entry?.etag !== 'string') return undefined;
      const at = new Date(this.now());
      await utimes(file, at, at);
      return entry;
    } catch {
      return undefined;
    }
  }

  async set(key: string, entry: CachedResponse): Promise<void> {
    try {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      const file = this.file(key);
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(entry), { mode: 0o600 });
      const at = new Date(this.now());
      await utimes(temporary, at, at);
      await rename(temporary, file);
      if (this.writesSincePrune === undefined || this.writesSincePrune >= this.bounds.pruneEvery) {
        this.writesSincePrune = 0;
        await this.prune();
      }
      this.writesSincePrune++;
    } catch {
      // A cache that cannot be written only costs a full response next time.
    }
  }

  /** Removes entries past their age, then the least recently used until the folder is within bounds. */
  private async prune(): Promise<void> {
    const entries: { file: string; used: number; bytes: number }[] = [];
    for (const name of await readdir(this.dir)) {
      if (!name.endsWith(ENTRY_SUFFIX)) continue;
      const file = join(this.dir, name);
      try {
        const facts = await stat(file);
        entries.push({ file, used: facts.mtimeMs, bytes: facts.size });
      } catch {
        // Removed by another process meanwhile.
      }
    }
    entries.sort((a, b) => b.used - a.used);
    let kept = 0;
    let bytes = 0;
    let full = false;
    for (const entry of entries) {
      full ||= kept >= this.bounds.maxEntries || bytes + entry.bytes > this.bounds.maxBytes;
      if (full || this.now() - entry.used > this.bounds.maxAgeMs) {
        await rm(entry.file, { force: true });
        continue;
      }
      kept++;
      bytes += entry.bytes;
    }
  }
}
