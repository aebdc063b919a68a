/**
 * The HTTP client under remote mode: one keep-alive pool, connect and request timeouts, retries of
 * idempotent requests with jittered exponential backoff, Retry-After on 429, and errors mapped to the
 * core's typed errors. Tokens never reach debug output or error messages.
 *
 * It speaks through Node's own node:http and node:https (loaded on the first request, the one its URL
 * needs): they start in a few milliseconds, where undici (or Node 20's fetch, which loads its own copy)
 * costs tens of milliseconds of every remote command's start-up.
 */
import type { Agent, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import {
  errorFromResponse,
  RateLimitedError,
  ServiceError,
  UnavailableError,
  UnreachableError,
} from '../core/errors.js';
import { requestLine } from './request-line.js';

/** `pulse api` follows a list's pages by it. */
export { nextLink } from '../core/endpoints/links.js';

/**
 * Bearer tokens that change under the client (OAuth): asked before every request, and once more after a
 * 401, when the token may have been refreshed meanwhile or can be refreshed now.
 */
export interface TokenProvider {
  /** The token to send now (refreshed first when it is about to expire). */
  current(): Promise<string>;
  /** After `rejected` drew a 401: a new token to retry with once, or undefined when there is none. */
  renew(rejected: string): Promise<string | undefined>;
}

export interface HttpClientOptions {
  /** The interface's base, e.g. https://pulse.example.com/api/v2. */
  baseUrl: string;
  token?: string;
  /** Instead of a fixed token: one that is refreshed (OAuth); wins over `token`. */
  tokenProvider?: TokenProvider;
  /** Sent on every request, e.g. the v1 interface's X-Team-ID and X-API-Key (redacted in debug output). */
  headers?: Record<string, string>;
  /**
   * The setting `baseUrl` is made from (base_url, status_url) and its value: a redirect's message says what
   * to set it to.
   */
  setting?: { name: string; value: string };
  /** What the 401 message tells the person to do (default: log in again with pulse auth login). */
  authHint?: string;
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Retries after the first attempt, for idempotent requests. */
  maxRetries?: number;
  /** The longest Retry-After the client waits out; longer ones fail with the rate-limit error. */
  maxRetryAfterSeconds?: number;
  /** Base of the exponential backoff. */
  backoffMs?: number;
  /** Where messages for the person go (waiting on a rate limit). */
  notice?: (message: string) => void;
  /** PULSE_DEBUG=api: one line per request and response. */
  debug?: (message: string) => void;
  /** Waits between retries and on a 429; cut short when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * A whole-command deadline (`pulse status --timeout`): when it aborts, the request in flight is
   * dropped, no retry follows, and the request fails as unreachable (exit 6).
   */
  signal?: AbortSignal;
}

export interface HttpResponse {
  /** The URL requested, query included: messages name it whole, base URL and all. */
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  text: string;
}

export type Query = Record<string, string | number | boolean | (string | number)[] | undefined>;

export interface SendInit {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  idempotent?: boolean;
  /** Sees every response as it arrives, also those retried or turned into errors (e.g. to read RateLimit). */
  onResponse?: (response: HttpResponse) => void;
}

const RETRYABLE_STATUS = new Set([502, 503, 504]);

/** Encodes a query; arrays use the interface's `name[]=value` form. */
export function encodeQuery(query: Query | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value))
      for (const item of value) parts.push(`${encodeURIComponent(key)}[]=${encodeURIComponent(item)}`);
    else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function redact(headers: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(headers)) {
    copy[key] = /^(authorization|x-api-key|cookie|set-cookie)$/i.test(key) ? '[redacted]' : value;
  }
  return copy;
}

/** The whole of an answer must arrive within this many request timeouts (2 minutes by default). */
export const RESPONSE_DEADLINE_FACTOR = 4;

/** Why a request stopped when the command's deadline (HttpClientOptions.signal) passed. */
const OUT_OF_TIME = 'no answer within the time allowed';

/** A connect, header or body timeout: `reason` is what the person reads. */
class NetworkTimeout extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

interface Transport {
  request: typeof import('node:http').request;
  agent: Agent;
}

interface Exchange {
  statusCode: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One request as HttpClient.attempts sends it, with what differs between send and sendRaw. */
interface Attempts {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  idempotent: boolean;
  /** The provider's token in `headers`, renewed once after a 401; undefined: none to renew. */
  bearer: string | undefined;
  /** A 429 is waited out (when retries are left and Retry-After is short) or thrown; else returned. */
  waitOutRateLimits: boolean;
  /** The received exchange as a response; may throw a ServiceError for an answer that is no answer. */
  read: (result: Exchange) => Omit<HttpResponse, 'url'>;
  onResponse?: (response: HttpResponse) => void;
}

/**
 * An exchange whose body must be pulse's JSON. A success that is not JSON (a proxy's or captive portal's
 * HTML page) is no answer of pulse: read as an empty body, lists would print nothing and exit 0.
 */
function readJson(result: Exchange, request: string): Omit<HttpResponse, 'url'> {
  const text = result.text;
  let parsed: unknown = null;
  const contentType = String(result.headers['content-type'] ?? '');
  if (text.length > 0 && result.statusCode < 300 && !/json/.test(contentType)) {
    throw new UnavailableError(
      `the server answered ${contentType.split(';')[0] || 'without a content type'}, not JSON (HTTP ${result.statusCode}) for ${request}`,
    );
  }
  if (text.length > 0 && /json/.test(contentType)) {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new UnavailableError(`the server sent malformed JSON (HTTP ${result.statusCode}) for ${request}`);
    }
  }
  return { status: result.statusCode, headers: result.headers, body: parsed, text };
}

export class HttpClient {
  /** One keep-alive pool per protocol, made on its first request. */
  private readonly transports = new Map<string, Promise<Transport>>();
  private readonly options: Required<
    Omit<HttpClientOptions, 'token' | 'tokenProvider' | 'debug' | 'notice' | 'setting' | 'signal'>
  > &
    Pick<HttpClientOptions, 'token' | 'tokenProvider' | 'debug' | 'notice' | 'setting' | 'signal'>;

  constructor(options: HttpClientOptions) {
    this.options = {
      connectTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      maxRetries: 3,
      maxRetryAfterSeconds: 60,
      backoffMs: 250,
      headers: {},
      authHint: 'log in again with pulse auth login',
      sleep: (ms, signal) =>
        new Promise((resolve) => {
          const timer = setTimeout(resolve, ms);
          signal?.addEventListener(
            'abort',
            () => {
              clearTimeout(timer);
              resolve();
            },
            { once: true },
          );
        }),
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
    };
  }

  async close(): Promise<void> {
    const transports = await Promise.all(this.transports.values());
    this.transports.clear();
    for (const { agent } of transports) agent.destroy();
  }

  private transport(protocol: string): Promise<Transport> {
    let transport = this.transports.get(protocol);
    if (!transport) {
      // Idle sockets are unreferenced by the agent: they never keep the process alive.
      transport = (protocol === 'https:' ? import('node:https') : import('node:http')).then((module) => ({
        request: module.request,
        agent: new module.Agent({ keepAlive: true }),
      }));
      this.transports.set(protocol, transport);
    }
    return transport;
  }

  /**
   * One request and its whole response body, bounded by the connect timeout (a new connection, TLS
   * included), the request timeout (for the response's headers, then between its body's chunks), and
   * RESPONSE_DEADLINE_FACTOR request timeouts for the whole answer: a server that sends a byte now and
   * then would otherwise keep the client forever.
   */
  private async exchange(method: string, url: string, headers: Record<string, string>, body?: string) {
    const target = new URL(url);
    const { request, agent } = await this.transport(target.protocol);
    const { connectTimeoutMs, requestTimeoutMs } = this.options;
    return new Promise<Exchange>((resolve, reject) => {
      let connecting: NodeJS.Timeout | undefined;
      let waiting: NodeJS.Timeout | undefined;
      let deadline: NodeJS.Timeout | undefined;
      const fail = (error: Error) => {
        clearTimeout(connecting);
        clearTimeout(waiting);
        clearTimeout(deadline);
        reject(error);
      };
      const req = request(target, { method, headers, agent });
      const timeout = (reason: string) => () => {
        const error = new NetworkTimeout(reason);
        fail(error);
        req.destroy(error);
      };
      const { signal } = this.options;
      if (signal?.aborted) return timeout(OUT_OF_TIME)();
      const outOfTime = timeout(OUT_OF_TIME);
      signal?.addEventListener('abort', outOfTime, { once: true });
      req.on('close', () => signal?.removeEventListener('abort', outOfTime));
      // The server has the request timeout to start answering once the request is on the wire, and
      // again between the chunks of its answer.
      const wait = () => {
        clearTimeout(waiting);
        waiting = setTimeout(timeout('the server did not answer in time'), requestTimeoutMs);
      };
      req.on('error', fail);
      req.on('socket', (socket) => {
        if (!socket.connecting) return;
        connecting = setTimeout(timeout('connection timed out'), connectTimeoutMs);
        socket.once(target.protocol === 'https:' ? 'secureConnect' : 'connect', () =>
          clearTimeout(connecting),
        );
      });
      req.on('finish', () => {
        wait();
        deadline = setTimeout(
          timeout('the server did not finish its answer in time'),
          RESPONSE_DEADLINE_FACTOR * requestTimeoutMs,
        );
      });
      req.on('response', (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        wait();
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          wait();
        });
        response.on('error', fail);
        response.on('close', () => {
          if (!response.complete) fail(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
        });
        response.on('end', () => {
          clearTimeout(waiting);
          clearTimeout(deadline);
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      });
      if (body !== undefined) req.setHeader('content-length', Buffer.byteLength(body));
      req.end(body);
    });
  }

  /** A request; `idempotent` requests are retried on connection errors and 502/503/504. */
  async send(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    init: SendInit = {},
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...this.options.headers,
      ...init.headers,
    };
    const bearer = await this.authorize(headers);
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const url = `${this.options.baseUrl}${path}${encodeQuery(init.query)}`;
    const response = await this.attempts({
      method,
      url,
      headers,
      body,
      idempotent: init.idempotent ?? method !== 'POST',
      bearer,
      waitOutRateLimits: true,
      read: (result) => readJson(result, requestLine(method, url)),
      ...(init.onResponse ? { onResponse: init.onResponse } : {}),
    });
    return this.check(response, method);
  }

  /**
   * A request as given and its response as received, whatever its status or content type (`pulse api`):
   * `target` is a path (with its query) below the base URL. The client's timeouts apply, its credentials
   * are added unless `headers` set them, and idempotent requests are retried on connection errors and
   * 502/503/504; a 429 is returned, not waited out.
   */
  async sendRaw(
    method: string,
    target: string,
    init: { headers?: Record<string, string>; body?: string; idempotent?: boolean } = {},
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = { accept: 'application/json', ...this.options.headers };
    const bearer = await this.authorize(headers);
    for (const [name, value] of Object.entries(init.headers ?? {})) {
      for (const key of Object.keys(headers))
        if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
      headers[name] = value;
    }
    return this.attempts({
      method,
      url: `${this.options.baseUrl}${target}`,
      headers,
      body: init.body,
      idempotent: init.idempotent ?? !['POST', 'PATCH'].includes(method),
      // A token given with -H is the caller's own: only the provider's is renewed after a 401.
      bearer: headers.authorization === `Bearer ${bearer}` ? bearer : undefined,
      waitOutRateLimits: false,
      read: (result) => ({
        status: result.statusCode,
        headers: result.headers,
        body: undefined,
        text: result.text,
      }),
    });
  }

  /** Sets the Authorization header from the token or the provider; the bearer token sent, if any. */
  private async authorize(headers: Record<string, string>): Promise<string | undefined> {
    const { tokenProvider } = this.options;
    const bearer = tokenProvider ? await tokenProvider.current() : this.options.token;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    return bearer;
  }

  /**
   * Sends until there is an answer to give: retries idempotent requests on connection errors and
   * 502/503/504 (with backoff), waits out a 429 when asked to and allowed, and after a 401 asks the token
   * provider once for a renewed token and sends again. A request that never reached an answer is an
   * UnreachableError; an error thrown by `read` (an answer that is no answer) is not retried.
   */
  private async attempts(request: Attempts): Promise<HttpResponse> {
    const { method, url, headers, body, idempotent } = request;
    const { tokenProvider } = this.options;
    let bearer = request.bearer;
    let renewed = false;
    for (let attempt = 0; ; attempt++) {
      const retriesLeft = idempotent && attempt < this.options.maxRetries && !this.options.signal?.aborted;
      const started = performance.now();
      this.options.debug?.(`> ${method} ${url} ${JSON.stringify(redact(headers))}`);
      let response: HttpResponse;
      try {
        response = { url, ...request.read(await this.exchange(method, url, headers, body)) };
      } catch (error) {
        if (error instanceof ServiceError) throw error;
        const reason = describeNetworkError(error);
        this.options.debug?.(
          `< ${method} ${url} failed after ${Math.round(performance.now() - started)} ms: ${reason}`,
        );
        if (retriesLeft) {
          await this.backoff(attempt, method, url);
          continue;
        }
        throw new UnreachableError(`cannot reach ${new URL(url).origin}: ${reason}`);
      }
      this.options.debug?.(
        `< ${response.status} ${method} ${url} ${Math.round(performance.now() - started)} ms ${JSON.stringify(redact(response.headers))}`,
      );
      request.onResponse?.(response);
      if (RETRYABLE_STATUS.has(response.status) && retriesLeft) {
        await this.backoff(attempt, method, url);
        continue;
      }
      if (response.status === 429 && request.waitOutRateLimits) {
        const retryAfter = Math.max(1, Number(response.headers['retry-after']) || 1);
        if (retriesLeft && retryAfter <= this.options.maxRetryAfterSeconds) {
          this.options.notice?.(`rate limited by the server; retrying in ${retryAfter}s`);
          await this.pause(retryAfter * 1000, method, url);
          continue;
        }
        throw new RateLimitedError(retryAfter);
      }
      // Once per request: the token may have expired in flight, or been refreshed by another process.
      if (response.status === 401 && tokenProvider && bearer && !renewed) {
        renewed = true;
        const next = await tokenProvider.renew(bearer);
        if (next !== undefined) {
          bearer = next;
          headers.authorization = `Bearer ${bearer}`;
          attempt--;
          continue;
        }
      }
      return response;
    }
  }

  private backoff(attempt: number, method: string, url: string): Promise<void> {
    // Full jitter around an exponential step: 0.5x to 1.5x of base * 2^attempt.
    const step = this.options.backoffMs * 2 ** attempt;
    return this.pause(step * (0.5 + Math.random()), method, url);
  }

  /** A wait before sending again; the deadline passing during it ends the request as unreachable. */
  private async pause(ms: number, method: string, url: string): Promise<void> {
    const { signal } = this.options;
    await this.options.sleep(ms, signal);
    if (signal?.aborted) {
      this.options.debug?.(`< ${method} ${url} abandoned: ${OUT_OF_TIME}`);
      throw new UnreachableError(`cannot reach ${new URL(url).origin}: ${OUT_OF_TIME}`);
    }
  }

  /**
   * An error response as the core's typed error (core/errors.ts), else the response. A redirect is an
   * error too: followed silently, it would carry the token to another address, and not followed, its empty
   * body would read as an empty list or nothing at all (a 304 answers If-None-Match: the ETag cache's).
   */
  private check(response: HttpResponse, method: string): HttpResponse {
    if (response.status >= 300 && response.status < 400 && response.status !== 304)
      throw this.redirected(response, requestLine(method, response.url));
    if (response.status < 400) return response;
    const credentials = this.options.token || this.options.tokenProvider ? 'token' : 'credentials';
    throw errorFromResponse(response.status, response.body, {
      request: requestLine(method, response.url),
      refused: `the server refused the ${credentials} (401): ${this.options.authHint}`,
    });
  }

  /** The error for a redirect of `request`: where to, and what to set. */
  private redirected(response: HttpResponse, request: string): UnavailableError {
    const { status } = response;
    const header = response.headers.location;
    const location = typeof header === 'string' ? urlOf(header, response.url) : undefined;
    if (!location) {
      return new UnavailableError(
        `the server redirected ${request} (HTTP ${status}) without saying where; pulse follows no redirect`,
      );
    }
    const said = `the server redirected ${request} to ${location.href} (HTTP ${status})`;
    const { setting } = this.options;
    if (!setting) return new UnavailableError(`${said}; pulse follows no redirect`);
    // The part of the request below the setting's value: where the redirect keeps it, the value moved.
    const below = response.url.slice(setting.value.replace(/\/+$/, '').length);
    const moved = location.href.endsWith(below) ? location.href.slice(0, -below.length) : undefined;
    return new UnavailableError(
      moved
        ? `${said}; set ${setting.name} to ${moved}`
        : `${said}; pulse follows no redirect: check ${setting.name} (${setting.value})`,
    );
  }
}

/** A URL relative to `base`, or undefined when it is none. */
function urlOf(address: string, base: string): URL | undefined {
  try {
    return new URL(address, base);
  } catch {
    return undefined;
  }
}

function describeNetworkError(error: unknown): string {
  if (error instanceof NetworkTimeout) return error.reason;
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code ?? (error as Error).message ?? String(error);
}
