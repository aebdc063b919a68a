/**
 * Rendered GET responses, reused while the store's data version is unchanged. Keyed by who asks (person
 * and scope, or team: everything they may see follows from stored data) and the full URL, so nobody is
 * served another's view; any write anywhere (this server, another process) changes the version and so
 * retires every entry. A rendering that also follows the clock says when it expires. Bounded, least
 * recently used out.
 */
import type { FastifyRequest } from 'fastify';
import type { Replays } from './fast-path.js';

export interface Rendered {
  /** The encoded body: kept as bytes so a cached response is not encoded again. */
  body: Buffer;
  headers: Record<string, string>;
  /** The response's status when not the route's success (a badge of an unknown component: 404). */
  status?: number;
  /** The instant (ms of the service's clock) from which the clock may have changed it; none: never. */
  expiresAt?: number;
}

interface Entry extends Rendered {
  version: string;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = 2_000) {}

  /**
   * The rendering under `key` made at `version` and not expired at `now` (ms of the service's clock, read
   * before producing), or the one `produce` makes, kept for later.
   */
  async through(
    key: string,
    version: string,
    produce: () => Promise<Rendered>,
    now = Number.NEGATIVE_INFINITY,
  ): Promise<Rendered> {
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      if (cached.version === version && !(now >= (cached.expiresAt ?? Number.POSITIVE_INFINITY))) {
        this.entries.set(key, cached);
        return cached;
      }
    }
    const rendered = await produce();
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { ...rendered, version });
    return rendered;
  }
}

/** Where a route finds the store's data version and the service's clock. */
export interface VersionedSource {
  dataVersion(): string;
  options: { clock: { now(): Date } };
}

/**
 * A public GET's rendering through `cache` (one per key while the data version holds and until it
 * expires), marked for the fast path (fast-path.ts) when it is a 200: it is the same for everyone.
 */
export async function publicRendering(
  request: FastifyRequest,
  { cache, store, replays }: { cache: ResponseCache; store: VersionedSource; replays: Replays | undefined },
  key: string,
  render: (now: number) => Promise<Rendered>,
): Promise<Rendered> {
  const now = store.options.clock.now().getTime();
  const version = store.dataVersion();
  const rendered = await cache.through(key, version, () => render(now), now);
  if ((rendered.status ?? 200) === 200) {
    const expiry = rendered.expiresAt === undefined ? {} : { expiresAt: rendered.expiresAt };
    replays?.keep(request, { body: rendered.body, version, ...expiry });
  }
  return rendered;
}
