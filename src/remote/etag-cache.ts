/**
 * Cached single-resource GET responses, revalidated with If-None-Match. Files under the XDG cache
 * directory, keyed by a hash of the credential and the URL so people never see each other's entries.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface CachedResponse {
  etag: string;
  body: unknown;
}

export interface EtagCache {
  get(key: string): Promise<CachedResponse | undefined>;
  set(key: string, entry: CachedResponse): Promise<void>;
}

export class FileEtagCache implements EtagCache {
  constructor(
    private readonly dir: string,
    private readonly scope: string,
  ) {}

  private file(key: string): string {
    return join(this.dir, `${createHash('sha256').update(`${this.scope}\n${key}`).digest('hex')}.json`);
  }

  async get(key: string): Promise<CachedResponse | undefined> {
    try {
      const entry = JSON.parse(await readFile(this.file(key), 'utf8'));
      return typeof entry?.etag === 'string' ? entry : undefined;
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
      await rename(temporary, file);
    } catch {
      // A cache that cannot be written only costs a full response next time.
    }
  }
}
