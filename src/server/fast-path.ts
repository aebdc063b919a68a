/**
 * The fast path for public GET responses: a response a route has marked as the same for everyone is
 * recorded as Fastify sent it (status 200, its final headers, its bytes) and answered again, byte for
 * byte, from the server's request listener, before Fastify parses, routes or runs a hook. It is replayed
 * only while the store's data version is the one the route read before rendering and until the instant
 * the route said the clock would change it; any other request (another method, HEAD, a URL not
 * recorded, an Accept the interface refuses, a conditional request to a response with validators, a
 * request past the rate limit, a server closing) goes to Fastify as before, so every refusal and error
 * stays Fastify's.
 *
 * A public interface opts in with one line per plugin and one call per route:
 *
 *     const replays = options.fastPath?.mount(plugin, { accepts: acceptsJson, limiter, limitName: 'status' });
 *     // in the route, once the 200 is made from data read at `version`, valid until `expiresAt`:
 *     replays?.keep(request, { body, version, expiresAt });
 *
 * `accepts` is the interface's own Accept check (requests it refuses fall through to its 406); `limiter`
 * its per-address token bucket, taken here as its onRequest hook takes it and published in the same
 * RateLimit headers. Only responses to no credentials may be kept: a replay is served to anyone.
 */
import type {
  IncomingMessage,
  OutgoingHttpHeaders,
  RequestListener,
  Server,
  ServerResponse,
} from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BucketDecision, BucketLimiter } from '../core/rate-limit.js';
import { tokenBucketHeaders } from '../core/rate-limit.js';

/** What the fast path needs of the instance: its data version and its clock. */
export interface FastPathSource {
  /** The store's data version (read at most once an event-loop turn on SQLite). */
  dataVersion(): string;
  /** On PostgreSQL, other instances' writes: read before judging a replay, as every request does. */
  refreshDataVersion?: () => Promise<void>;
  /** Milliseconds of the service's clock. */
  now(): number;
}

export interface MountOptions {
  /** The interface's Accept check: a request it refuses goes to Fastify (its 406). */
  accepts?: (accept: string | undefined) => boolean;
  /** The interface's token bucket per client address, and the name its RateLimit headers carry. */
  limiter?: BucketLimiter;
  limitName?: string;
}

/** What a route says of the 200 it made: its bytes and how long they hold. */
export interface Keepable {
  body: Buffer;
  /** The data version read before the response was made. */
  version: string;
  /** The instant (ms of the clock) from which the clock may change it; none: never. */
  expiresAt?: number;
}

/** A mounted interface's way to mark its responses for the fast path. */
export interface Replays {
  /** Marks the response this request is about to get as replayable (GET only; recorded once sent). */
  keep(request: FastifyRequest, keepable: Keepable): void;
}

interface Replay {
  /** Header names and values as Fastify wrote them, flat; RateLimit values filled in per request. */
  headers: string[];
  /** Where the RateLimit and RateLimit-Policy values sit in `headers`, when the mount has a limiter. */
  rateLimitAt?: [number, number];
  body: Buffer;
  version: string;
  expiresAt: number;
  mount: MountOptions;
  /** It carries an ETag or Last-Modified, so a conditional request may be a 304: Fastify decides. */
  validators: boolean;
}

/** Replays kept per server: public URLs are few; least recently recorded out. */
const CAPACITY = 2_000;

export class FastPath {
  private readonly replays = new Map<string, Replay>();
  private closed = false;

  constructor(
    private readonly source: FastPathSource,
    /** Whether the client's address is the connection's peer (no trusted proxy names another). */
    private readonly peerIsClient: boolean,
  ) {}

  /**
   * Puts the fast path in front of the server's request listener (Fastify's), and stops it when the app
   * starts closing (Fastify then answers 503 to new requests by itself).
   */
  install(app: FastifyInstance): void {
    const server: Server = app.server;
    const listeners = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    const next: RequestListener = (request, response) => {
      for (const listener of listeners) listener(request, response);
    };
    const settle = (
      answered: boolean | Promise<boolean>,
      request: IncomingMessage,
      response: ServerResponse,
    ) => {
      if (answered === false) next(request, response);
      else if (answered !== true)
        answered.then(
          (done) => done || next(request, response),
          () => next(request, response),
        );
    };
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const url = request.url;
      const replay =
        this.closed || request.method !== 'GET' || url === undefined ? undefined : this.replays.get(url);
      if (!replay || url === undefined) return next(request, response);
      const { refreshDataVersion } = this.source;
      settle(
        refreshDataVersion
          ? refreshDataVersion().then(() => this.answer(url, replay, request, response))
          : this.answer(url, replay, request, response),
        request,
        response,
      );
    });
    app.addHook('preClose', (done) => {
      this.closed = true;
      this.replays.clear();
      done();
    });
  }

  /** An interface's opt-in: records the responses its routes keep (see the module's comment). */
  mount(plugin: FastifyInstance, mount: MountOptions): Replays {
    const pending = new WeakMap<FastifyRequest, Keepable>();
    plugin.addHook('onResponse', (request, reply, done) => {
      const keepable = pending.get(request);
      if (keepable) {
        pending.delete(request);
        this.record(request.url, reply, keepable, mount);
      }
      done();
    });
    return {
      keep: (request, keepable) => {
        if (request.method === 'GET' && !this.closed) pending.set(request, keepable);
      },
    };
  }

  private record(url: string, reply: FastifyReply, keepable: Keepable, mount: MountOptions): void {
    if (reply.statusCode !== 200 || this.closed) return;
    const expiresAt = keepable.expiresAt ?? Number.POSITIVE_INFINITY;
    if (!(this.source.now() < expiresAt)) return;
    const headers: string[] = [];
    let rateLimit: number | undefined;
    let rateLimitPolicy: number | undefined;
    for (const [name, value] of Object.entries(reply.getHeaders() as OutgoingHttpHeaders)) {
      if (value === undefined) continue;
      if (name === 'ratelimit') rateLimit = headers.length + 1;
      if (name === 'ratelimit-policy') rateLimitPolicy = headers.length + 1;
      for (const each of Array.isArray(value) ? value : [value]) headers.push(name, String(each));
    }
    // A limited interface publishes its bucket on every answer; without both headers it is not replayed.
    if (mount.limiter && (rateLimit === undefined || rateLimitPolicy === undefined)) return;
    const replay: Replay = {
      headers,
      body: keepable.body,
      version: keepable.version,
      expiresAt,
      mount,
      validators: headers.some((name, at) => at % 2 === 0 && (name === 'etag' || name === 'last-modified')),
      ...(rateLimit !== undefined && rateLimitPolicy !== undefined
        ? { rateLimitAt: [rateLimit, rateLimitPolicy] as [number, number] }
        : {}),
    };
    this.replays.delete(url);
    if (this.replays.size >= CAPACITY) this.replays.delete(this.replays.keys().next().value as string);
    this.replays.set(url, replay);
  }

  /** Answers from the replay if it still holds for this request; false: Fastify must answer. */
  private answer(
    url: string,
    replay: Replay,
    request: IncomingMessage,
    response: ServerResponse,
  ): boolean | Promise<boolean> {
    if (this.closed) return false;
    const { mount } = replay;
    if (mount.accepts && !mount.accepts(request.headers.accept)) return false;
    if (
      replay.validators &&
      (request.headers['if-none-match'] !== undefined || request.headers['if-modified-since'] !== undefined)
    )
      return false;
    let version: string;
    let now: number;
    try {
      version = this.source.dataVersion();
      now = this.source.now();
    } catch {
      return false;
    }
    if (version !== replay.version || now >= replay.expiresAt) {
      if (this.replays.get(url) === replay) this.replays.delete(url);
      return false;
    }
    if (!mount.limiter) {
      response.writeHead(200, replay.headers);
      response.end(replay.body);
      return true;
    }
    const client = this.peerIsClient ? request.socket.remoteAddress : undefined;
    if (client === undefined) return false;
    const taken = mount.limiter.take(client);
    return taken instanceof Promise
      ? taken.then((decision) => this.sendLimited(replay, decision, response))
      : this.sendLimited(replay, taken, response);
  }

  /** Sends the replay with this request's RateLimit values; refused (no token taken): false. */
  private sendLimited(replay: Replay, decision: BucketDecision, response: ServerResponse): boolean {
    const { limiter, limitName = '' } = replay.mount;
    if (!decision.allowed || !limiter || !replay.rateLimitAt) return false;
    const published = tokenBucketHeaders(limitName, limiter.policy, decision);
    const headers = replay.headers.slice();
    headers[replay.rateLimitAt[0]] = published.RateLimit;
    headers[replay.rateLimitAt[1]] = published['RateLimit-Policy'];
    response.writeHead(200, headers);
    response.end(replay.body);
    return true;
  }
}
