/**
 * Rendered GET responses, reused while the store's data version is unchanged. Keyed by who asks (person
 * and scope: everything they may see follows from stored data) and the full URL, so nobody is served
 * another person's view; any write anywhere (this server, another process) changes the version and so
 * retires every entry. Bounded, least recently used out.
 */
export interface Rendered {
  /** The encoded body: kept as bytes so a cached response is not encoded again. */
  body: Buffer;
  headers: Record<string, string>;
}

interface Entry extends Rendered {
  version: string;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = 2_000) {}

  get(key: string, version: string): Rendered | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) return undefined;
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, version: string, rendered: Rendered): void {
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { ...rendered, version });
  }
}
