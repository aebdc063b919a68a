/**
 * `pulse serve`: publishes the local store over HTTP. The first stdout line is exactly
 * `listening on http://HOST:PORT`; SIGINT or SIGTERM stops accepting, finishes requests in flight, closes
 * the store and returns (exit 0).
 */
import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import {
  DEFAULT_V1_POLICY,
  DEFAULT_V2_POLICIES,
  parseRateLimitSpec,
  parseTokenBucketSpec,
  type RatePolicy,
  type TokenBucketPolicy,
} from '../../../core/rate-limit.js';
import { parseDuration } from '../../../core/tokens.js';
import { type SmtpSettings, smtpServerName, smtpSettings } from '../../../server/smtp-mail.js';
import { holdTickShapes } from '../../../server/v8-shapes.js';
import { withoutPassword } from '../../../store/database-url.js';
import type { CommandContext } from '../../command-context.js';
import { CliError, UsageError } from '../../errors.js';

export interface ServeOptions {
  host: string;
  port: string;
  publicUrl?: string;
  rateLimit?: string;
  v1RateLimit?: string;
  oauthRateLimit?: string;
  statusRateLimit?: string;
  statusPort?: string;
  statusUrl?: string;
  maxConnections?: string;
  maxConnectionsPerClient?: string;
  trustProxy?: string;
  tlsCert?: string;
  tlsKey?: string;
  accessTokenTtl?: string;
  database?: string;
  smtp?: string;
  smtpFrom?: string;
}

function parsePort(text: string, flag = '--port'): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535)
    throw new UsageError(`${flag} must be a port number from 0 to 65535: ${text}`);
  return port;
}

function parsePolicies(spec: string | undefined): RatePolicy[] | null {
  if (spec === undefined) return DEFAULT_V2_POLICIES;
  try {
    return parseRateLimitSpec(spec);
  } catch (error) {
    throw new UsageError(`--rate-limit: ${(error as Error).message}`);
  }
}

/** A BURST:PER_SECOND token bucket (or off) given to `flag`; the default when not given. */
function parseBucket(
  spec: string | undefined,
  flag: string,
  fallback: TokenBucketPolicy,
): TokenBucketPolicy | null {
  if (spec === undefined) return fallback;
  try {
    return parseTokenBucketSpec(spec);
  } catch (error) {
    throw new UsageError(`${flag}: ${(error as Error).message}`);
  }
}

/** The status interface's limit per client address: the document's 5 a second by default. */
export const DEFAULT_STATUS_RATE_LIMIT = 5;

function parseStatusRate(spec: string | undefined): number | null {
  if (spec === undefined) return DEFAULT_STATUS_RATE_LIMIT;
  if (spec === 'off') return null;
  const perSecond = Number(spec);
  if (!/^\d+(\.\d+)?$/.test(spec) || !(perSecond > 0)) {
    throw new UsageError(`--status-rate-limit must be requests a second above 0, or off: ${spec}`);
  }
  return perSecond;
}

/** --max-connections and --max-connections-per-client: a whole number above 0. */
function parseConnections(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const count = Number(text);
  if (!/^\d+$/.test(text) || count < 1 || !Number.isSafeInteger(count))
    throw new UsageError(`${flag} must be a whole number above 0: ${text}`);
  return count;
}

/**
 * Requests to /oauth/authorize and /oauth/token per client address: a burst of 20, then one every 2
 * seconds. A person signs in with four requests; guessing sign-in codes needs millions.
 */
export const DEFAULT_OAUTH_RATE_LIMIT: TokenBucketPolicy = { burst: 20, perSecond: 0.5 };

function parseAccessTokenTtl(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const seconds = parseDuration(text);
  if (seconds === undefined)
    throw new UsageError(`--access-token-ttl must be a number with s, m, h or d (e.g. 90s, 1h): ${text}`);
  return seconds;
}

function parseUrl(text: string, flag = '--public-url'): string {
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return text.replace(/\/+$/, '');
  } catch {}
  throw new UsageError(`${flag} must be an absolute http(s) URL: ${text}`);
}

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (10.0.0.0/8, fd00::/8) or one of proxy-addr's names for ranges. */
function isProxyAddress(text: string): boolean {
  if (PROXY_KEYWORDS.has(text)) return true;
  const [address = '', prefix, extra] = text.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** --trust-proxy: the reverse proxies whose X-Forwarded-For is believed, comma-separated. */
function parseTrustProxy(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const parts = text.split(',').map((part) => part.trim());
  const bad = parts.find((part) => !isProxyAddress(part));
  if (bad !== undefined) {
    throw new UsageError(
      `--trust-proxy takes addresses, CIDR ranges or loopback, linklocal, uniquelocal, comma-separated: ${JSON.stringify(bad)} is none`,
    );
  }
  return parts;
}

/** --database, else PULSE_DATABASE_URL: a PostgreSQL database to serve instead of the SQLite store. */
function parseDatabase(cc: CommandContext, flag: string | undefined): string | undefined {
  const [text, name] =
    flag !== undefined
      ? [flag, '--database']
      : [cc.ctx.env.PULSE_DATABASE_URL || undefined, 'PULSE_DATABASE_URL'];
  if (text === undefined) return undefined;
  if (!/^postgres(ql)?:\/\/[^/]/i.test(text))
    throw new UsageError(`${name} must be a PostgreSQL address, postgres://USER@HOST:PORT/DATABASE: ${text}`);
  return text;
}

/**
 * PULSE_SCHEDULER_INTERVAL_MS: how often the Echo scheduler and the answer-job claimer run (30 s by
 * default). Not a flag: operators need not tune it; tests of several instances shorten it.
 */
function parseSchedulerInterval(cc: CommandContext): number | undefined {
  const text = cc.ctx.env.PULSE_SCHEDULER_INTERVAL_MS;
  if (!text) return undefined;
  const ms = Number(text);
  if (!/^\d+$/.test(text) || ms < 1 || !Number.isSafeInteger(ms))
    throw new UsageError(`PULSE_SCHEDULER_INTERVAL_MS must be milliseconds above 0: ${text}`);
  return ms;
}

/**
 * PULSE_NOTIFY_INTERVAL_MS: how often due reminders and team summaries are sent (60 s by default); for
 * tests and operators who need them sooner, not a flag.
 */
function parseNotifyInterval(cc: CommandContext): number | undefined {
  const text = cc.ctx.env.PULSE_NOTIFY_INTERVAL_MS;
  if (!text) return undefined;
  const ms = Number(text);
  if (!/^\d+$/.test(text) || ms < 1 || !Number.isSafeInteger(ms))
    throw new UsageError(`PULSE_NOTIFY_INTERVAL_MS must be milliseconds above 0: ${text}`);
  return ms;
}

/**
 * PULSE_WEBHOOK_INTERVAL_MS (how often due webhook deliveries are claimed, 2 s by default) and
 * PULSE_WEBHOOK_RETRY_MS (the first retry's delay, 30 s by default, doubling): for tests and operators
 * who need them, not flags.
 */
function parseWebhookTimings(cc: CommandContext): { intervalMs?: number; retryBaseMs?: number } {
  const read = (name: string): number | undefined => {
    const text = cc.ctx.env[name];
    if (!text) return undefined;
    const ms = Number(text);
    if (!/^\d+$/.test(text) || ms < 1 || !Number.isSafeInteger(ms))
      throw new UsageError(`${name} must be milliseconds above 0: ${text}`);
    return ms;
  };
  const intervalMs = read('PULSE_WEBHOOK_INTERVAL_MS');
  const retryBaseMs = read('PULSE_WEBHOOK_RETRY_MS');
  return {
    ...(intervalMs !== undefined ? { intervalMs } : {}),
    ...(retryBaseMs !== undefined ? { retryBaseMs } : {}),
  };
}

/**
 * --smtp (else PULSE_SMTP_URL) and --smtp-from (else PULSE_SMTP_FROM), with the login from the
 * environment only (PULSE_SMTP_USER, PULSE_SMTP_PASSWORD): where the email channels' mail goes.
 */
function parseSmtp(cc: CommandContext, options: ServeOptions): SmtpSettings | undefined {
  const env = (name: string) => cc.ctx.env[name] || undefined;
  const parsed = smtpSettings({
    url: options.smtp ?? env('PULSE_SMTP_URL'),
    from: options.smtpFrom ?? env('PULSE_SMTP_FROM'),
    user: env('PULSE_SMTP_USER'),
    password: env('PULSE_SMTP_PASSWORD'),
  });
  if (parsed.problem !== undefined) throw new UsageError(parsed.problem);
  return parsed.settings;
}

async function readTls(options: ServeOptions): Promise<{ cert: Buffer; key: Buffer } | undefined> {
  if (!options.tlsCert && !options.tlsKey) return undefined;
  if (!options.tlsCert || !options.tlsKey) throw new UsageError('--tls-cert and --tls-key go together');
  const read = (path: string, flag: string) =>
    readFile(path).catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`${flag}: cannot read ${path}: ${error.code ?? error.message}`);
    });
  return { cert: await read(options.tlsCert, '--tls-cert'), key: await read(options.tlsKey, '--tls-key') };
}

export async function run(cc: CommandContext, options: ServeOptions): Promise<void> {
  holdTickShapes();
  const port = parsePort(options.port);
  const statusPort =
    options.statusPort !== undefined ? parsePort(options.statusPort, '--status-port') : undefined;
  if (options.statusUrl !== undefined && statusPort === undefined)
    throw new UsageError('--status-url goes with --status-port (the status page on a port of its own)');
  const statusUrl = options.statusUrl !== undefined ? parseUrl(options.statusUrl, '--status-url') : undefined;
  const rateLimit = parsePolicies(options.rateLimit);
  const v1RateLimit = parseBucket(options.v1RateLimit, '--v1-rate-limit', DEFAULT_V1_POLICY);
  const oauthRateLimit = parseBucket(options.oauthRateLimit, '--oauth-rate-limit', DEFAULT_OAUTH_RATE_LIMIT);
  const statusRateLimit = parseStatusRate(options.statusRateLimit);
  const maxConnections = parseConnections(options.maxConnections, '--max-connections');
  const maxConnectionsPerClient = parseConnections(
    options.maxConnectionsPerClient,
    '--max-connections-per-client',
  );
  const trustProxy = parseTrustProxy(options.trustProxy);
  const accessTokenTtlSeconds = parseAccessTokenTtl(options.accessTokenTtl);
  const configured = options.publicUrl !== undefined ? parseUrl(options.publicUrl) : cc.settings.publicUrl;
  const https = await readTls(options);
  const database = parseDatabase(cc, options.database);
  const echoSchedulerMs = parseSchedulerInterval(cc);
  const webhooks = parseWebhookTimings(cc);
  const smtp = parseSmtp(cc, options);
  const notificationsMs = parseNotifyInterval(cc);

  const instance = await cc.backends.localInstance({
    publicUrl: configured ?? 'http://placeholder',
    serving: true,
    database,
  });
  if (!(await instance.admin.isInitialised())) {
    await instance.close();
    const shown = withoutPassword(database ?? instance.location);
    const migrate = database !== undefined ? `, or copy a store into it with pulse admin migrate` : '';
    throw new CliError(`${shown} has no account yet: run pulse init --store ${shown} first${migrate}`);
  }
  const { buildServer } = await import('../../../server/app.js');
  const mailer = smtp && (await import('../../../server/smtp-mail.js')).smtpMailer(smtp);
  const app = await buildServer({
    instance,
    clock: cc.ctx.clock,
    publicUrl: () => instance.options.publicUrl,
    rateLimit,
    v1RateLimit,
    statusRateLimit,
    oauthRateLimit,
    ...(accessTokenTtlSeconds !== undefined ? { accessTokenTtlSeconds } : {}),
    ...(echoSchedulerMs !== undefined ? { echoSchedulerMs } : {}),
    ...(notificationsMs !== undefined ? { notificationsMs } : {}),
    webhooks: { ...webhooks, ...(mailer && { mailer }) },
    limits: {
      ...(maxConnections !== undefined ? { maxConnections } : {}),
      ...(maxConnectionsPerClient !== undefined ? { maxConnectionsPerClient } : {}),
    },
    ...(trustProxy ? { trustProxy } : {}),
    ...(https ? { https } : {}),
    ...(statusPort !== undefined ? { ownStatusApp: true } : {}),
  });
  const scheme = https ? 'https' : 'http';
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  /** Listens on the port; its origin. */
  const listen = async (listener: typeof app, on: number): Promise<string> => {
    try {
      await listener.listen({ host: options.host, port: on });
    } catch (error) {
      await app.close();
      throw new CliError(
        `cannot listen on ${options.host}:${on}: ${(error as NodeJS.ErrnoException).code ?? error}`,
      );
    }
    const address = listener.server.address();
    return `${scheme}://${host}:${typeof address === 'object' && address ? address.port : on}`;
  };
  const origin = await listen(app, port);
  instance.options.publicUrl = configured ?? origin;
  const statusOrigin =
    app.statusApp && statusPort !== undefined ? await listen(app.statusApp, statusPort) : undefined;
  if (statusOrigin) instance.options.ownStatusUrl = statusUrl ?? statusOrigin;
  // Handle SIGINT/SIGTERM before saying we listen: a supervisor may signal as soon as it reads the line.
  const signal = cc.ctx.shutdownSignal();
  cc.out.line(`listening on ${origin}`);
  if (statusOrigin) cc.out.line(`status page on ${statusOrigin}`);
  if (smtp) {
    const security = smtp.implicitTls ? 'TLS' : smtp.starttls ? 'STARTTLS' : 'no encryption';
    cc.out.note(`email channels are sent through ${smtpServerName(smtp)} (${security}) from ${smtp.from}`);
  }
  const generative = instance.options.generative;
  if (generative) cc.out.note(`answers are written by ${generative.name} (extractive when it fails)`);

  if (!signal.aborted)
    await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
  cc.out.note('shutting down: finishing requests in flight');
  await app.close();
}
