/**
 * `pulse doctor`: checks, in order, the configuration, the mode, the store and its text (local) or the keychain, the
 * server's reachability, the clock skew and the token (remote), and says how to fix each problem. Exit 0
 * when every check passes, 1 when any fails. No token is ever printed: checks report where a credential
 * came from, never its value.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ForbiddenError, UnauthenticatedError, UnsupportedError } from '../../../core/errors.js';
import { failingChannels, type NotificationDelivery } from '../../../core/notifications/delivery-log.js';
import { MAX_DELIVERIES } from '../../../core/webhooks/schemas.js';
import { isPostgresUrl, withoutPassword } from '../../../store/database-url.js';
import type { StoreHealth } from '../../backends.js';
import type { CommandContext, JsonOption } from '../../command-context.js';
import { accountFor, Secrets, TOKEN } from '../../credentials.js';
import { CliError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';
import { configDir } from '../../paths.js';
import { isRemote } from '../../settings.js';

/** One check's verdict, as `--json` prints it. */
export interface CheckResult {
  check: string;
  ok: boolean;
  detail: string;
  /** How to fix it; null when it passed. */
  fix: string | null;
}

/** More than this between the server's clock and ours is a problem (tokens and dates drift apart). */
export const MAX_CLOCK_SKEW_SECONDS = 60;

const KEYCHAIN_FIX = 'use --insecure-storage (pulse auth login --insecure-storage) or install gnome-keyring';

const pass = (check: string, detail: string): CheckResult => ({ check, ok: true, detail, fix: null });
const fail = (check: string, detail: string, fix: string): CheckResult => ({ check, ok: false, detail, fix });

const modeOf = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

/** The config file parses (or does not exist yet), is 0600, and its directory is 0700. */
async function checkConfiguration(cc: CommandContext): Promise<CheckResult> {
  const dir = configDir(cc.ctx.env);
  const file = join(dir, 'config.json');
  let fileMode: number;
  try {
    fileMode = (await stat(file)).mode;
  } catch {
    return pass('configuration', `no configuration file yet (${file}): defaults apply`);
  }
  const problems: string[] = [];
  const fixes: string[] = [];
  if (cc.settings.configProblem !== undefined) {
    problems.push(`${file} does not parse (${cc.settings.configProblem}); its profiles were not used`);
    fixes.push(`correct ${file} or move it aside and set the profile again with pulse config set`);
  }
  if ((fileMode & 0o777) !== 0o600) {
    problems.push(`${file} is mode ${modeOf(fileMode)}, not 0600`);
    fixes.push(`chmod 600 ${file}`);
  }
  const dirMode = (await stat(dir)).mode;
  if ((dirMode & 0o777) !== 0o700) {
    problems.push(`${dir} is mode ${modeOf(dirMode)}, not 0700`);
    fixes.push(`chmod 700 ${dir}`);
  }
  if (problems.length > 0) return fail('configuration', problems.join('; '), fixes.join('; '));
  return pass('configuration', `${file} parses, mode 0600, directory 0700`);
}

function storeResult(path: string, health: StoreHealth): CheckResult {
  switch (health.state) {
    case 'no-driver':
      return fail('store', `${path} cannot be opened: ${health.problem}`, health.fix);
    case 'missing':
      return pass(
        'store',
        isPostgresUrl(path)
          ? `${path} holds no store yet: the first command creates its tables`
          : `${path} does not exist yet: the first command creates it`,
      );
    case 'unreadable':
      return fail(
        'store',
        `${path} cannot be opened: ${health.reason}`,
        isPostgresUrl(path)
          ? 'check that the PostgreSQL server is running and that the address, user and password are right'
          : `check that you may read ${path}`,
      );
    case 'corrupt':
      return fail(
        'store',
        `${path} is damaged: ${health.problems.join('; ')}`,
        `restore ${path} from a backup, or move it aside to start a new store`,
      );
    case 'behind':
      // Not a failure: any command migrates it under the write lock.
      return pass(
        'store',
        `${path} is at schema ${health.version} of ${health.expected}: the next command migrates it`,
      );
    case 'ahead':
      return fail(
        'store',
        `${path} is at schema ${health.version}, newer than this pulse's ${health.expected}`,
        'upgrade pulse (npm install -g pulse)',
      );
    case 'current':
      return pass(
        'store',
        isPostgresUrl(path)
          ? `${path} answers, schema ${health.version} up to date`
          : `${path} opens, integrity ok, schema ${health.version} up to date`,
      );
  }
}

/** At most this many of the values with bad text are named; the rest are counted. */
const MAX_BAD_TEXT = 5;

/** The values a SQLite store holds that no store should (NUL, invalid UTF-8), by table, id and column. */
function textResult(path: string, health: StoreHealth): CheckResult | undefined {
  if (!('badText' in health) || health.badText === undefined) return undefined;
  const cells = health.badText;
  if (cells.length === 0) return pass('text', 'every text value is valid UTF-8 without NUL');
  const named = cells
    .slice(0, MAX_BAD_TEXT)
    .map((cell) => `${cell.table} ${cell.id} ${cell.column} (${cell.problem})`);
  const more = cells.length > MAX_BAD_TEXT ? `, and ${cells.length - MAX_BAD_TEXT} more` : '';
  return fail(
    'text',
    `${path} holds ${cells.length} ${cells.length === 1 ? 'value' : 'values'} that PostgreSQL cannot store ` +
      `and terminals may garble (NUL or invalid UTF-8): ${named.join('; ')}${more}`,
    `pulse --store ${path} admin repair-text (replaces each invalid part with U+FFFD; --dry-run shows what first)`,
  );
}

/** Where the profile's token comes from, and whether the keychain answers when it is needed. */
async function checkKeychain(
  cc: CommandContext,
  baseUrl: string,
): Promise<[CheckResult, string | undefined, string?]> {
  const secrets = new Secrets(cc.ctx.env, TOKEN);
  const account = accountFor(cc.settings.profileName, baseUrl);
  const found = await secrets.find(account);
  if (found && found.source !== 'keychain') {
    const where = found.source === 'environment' ? 'PULSE_TOKEN' : 'the 0600 credentials file';
    return [pass('keychain', `the token comes from ${where}; the keychain is not needed`), found.value];
  }
  if (found) return [pass('keychain', `a token is kept in the OS keychain for ${account}`), found.value];
  const oauth = await oauthToken(cc, baseUrl);
  if (oauth) return oauth;
  const probe = await secrets.probeKeychain(account);
  if (!probe.available) {
    return [fail('keychain', `the OS keychain is not available (${probe.reason})`, KEYCHAIN_FIX), undefined];
  }
  return [pass('keychain', `the OS keychain answers (no token kept for ${account})`), undefined];
}

const LOGIN_WEB = 'pulse auth login --web';

/**
 * The access token of an OAuth sign-in (`auth login --web`), refreshed when due as any command would; a
 * refused refresh leaves the stale token, which the server's 401 then reports.
 */
async function oauthToken(
  cc: CommandContext,
  baseUrl: string,
): Promise<[CheckResult, string, string] | undefined> {
  const oauth = await cc.backends.deployment.oauthTokens(baseUrl);
  if (!oauth) return undefined;
  const where = oauth.source === 'keychain' ? 'the OS keychain' : 'the 0600 credentials file';
  const result = pass('keychain', `OAuth tokens (auth login --web) are kept in ${where}`);
  try {
    return [result, await oauth.current(), LOGIN_WEB];
  } catch (error) {
    if (!(error instanceof UnauthenticatedError)) throw error;
    return [result, oauth.tokens.access_token, LOGIN_WEB];
  }
}

/** The first value of a header that may repeat. */
const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Reachability, clock skew and token validity, from one GET of /api/v2/me. */
async function checkServer(
  cc: CommandContext,
  baseUrl: string,
  token: string | undefined,
  /** The fix of a refused token: the login that made it. */
  login = 'pulse auth login',
): Promise<CheckResult[]> {
  const host = new URL(baseUrl).host;
  const http = await cc.backends.deployment.probeClient(baseUrl, token);
  let status: number | undefined;
  let date: string | undefined;
  let failure: unknown;
  try {
    await http.send('GET', '/me', {
      onResponse: (response) => {
        status = response.status;
        date = headerValue(response.headers.date);
      },
    });
  } catch (error) {
    failure = error;
  }
  if (status === undefined) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    return [
      fail(
        'server',
        `${baseUrl} is unreachable: ${reason}`,
        `check base_url (pulse config get base_url), the network, and that the server runs`,
      ),
    ];
  }
  const results = [pass('server', `${host} answered (HTTP ${status})`)];
  results.push(clockResult(date, cc.ctx.clock.now()));
  if (!token) {
    results.push(
      fail(
        'token',
        `no token for ${host}`,
        'pulse auth login or pulse auth login --web (or set PULSE_TOKEN)',
      ),
    );
  } else if (failure instanceof UnauthenticatedError || status === 401) {
    results.push(fail('token', `${host} refused the token (401)`, login));
  } else if (failure !== undefined) {
    const message = failure instanceof Error ? failure.message : String(failure);
    results.push(fail('token', `the token could not be checked: ${message}`, 'run pulse doctor again later'));
  } else {
    results.push(pass('token', `${host} accepts the token`));
  }
  return results;
}

function clockResult(date: string | undefined, now: Date): CheckResult {
  const server = date === undefined ? Number.NaN : Date.parse(date);
  if (Number.isNaN(server)) {
    return fail('clock', 'the server sent no usable Date header', 'ask the operator to send a Date header');
  }
  // A Date header has whole seconds: up to a second of difference is its rounding.
  const skew = Math.round((now.getTime() - server) / 1000);
  const ahead = skew > 0 ? 'ahead of' : 'behind';
  if (Math.abs(skew) > MAX_CLOCK_SKEW_SECONDS) {
    return fail(
      'clock',
      `this machine's clock is ${Math.abs(skew)} s ${ahead} the server's`,
      'synchronise the clock (e.g. timedatectl set-ntp true)',
    );
  }
  return pass('clock', `within ${MAX_CLOCK_SKEW_SECONDS} s of the server's (${skew} s)`);
}

/** At most this many failing channels are named; the rest are counted. */
const MAX_NAMED_CHANNELS = 5;

/**
 * Whether people's and teams' notification channels get their deliveries: each judged by its newest
 * tried delivery among the log's newest MAX_DELIVERIES. Only for administrators (the log is theirs), only
 * where the deployment has the log, and once something was sent: otherwise no check.
 */
async function checkChannels(cc: CommandContext): Promise<CheckResult | undefined> {
  let log: NotificationDelivery[];
  try {
    const service = await cc.backends.service({ sendDrafts: false });
    log = (await service.listNotificationDeliveries({ limit: MAX_DELIVERIES })).items;
  } catch (error) {
    if (error instanceof ForbiddenError || error instanceof UnsupportedError) return undefined;
    const message = error instanceof Error ? error.message : String(error);
    return fail(
      'notifications',
      `the delivery log could not be read: ${message}`,
      'run pulse doctor again later',
    );
  }
  const channels = new Set(log.map((delivery) => delivery.channel_id)).size;
  const failing = failingChannels(log);
  // Nothing sent to any channel yet: nothing to say.
  if (channels === 0) return undefined;
  if (failing.length === 0) {
    return pass(
      'notifications',
      `the latest delivery to each of ${channels} ${channels === 1 ? 'channel' : 'channels'} got through`,
    );
  }
  const named = failing.slice(0, MAX_NAMED_CHANNELS).map((channel) => {
    const owner = channel.owner.kind === 'team' ? `team ${channel.owner.name}` : channel.owner.name;
    const to = channel.format === 'email' ? channel.destination : `${channel.format} ${channel.destination}`;
    const count = `${channel.failing} ${channel.failing === 1 ? 'delivery' : 'deliveries'} failing`;
    return `channel ${channel.channel_id} (${owner}, ${to}): ${count}, last: ${channel.last_error ?? 'no answer'}`;
  });
  const more = failing.length > MAX_NAMED_CHANNELS ? `, and ${failing.length - MAX_NAMED_CHANNELS} more` : '';
  return fail(
    'notifications',
    `${failing.length} of ${channels} notification ${channels === 1 ? 'channel is' : 'channels are'} failing: ${named.join('; ')}${more}`,
    'pulse admin notifications deliveries --channel ID shows each attempt; have the owner fix or replace the URL or address (email needs pulse serve --smtp)',
  );
}

export async function run(cc: CommandContext, options: JsonOption): Promise<void> {
  const results: CheckResult[] = [await checkConfiguration(cc)];
  const { settings } = cc;
  if (isRemote(settings)) {
    results.push(pass('mode', `remote: ${settings.baseUrl} (profile ${settings.profileName})`));
    const [keychain, token, login] = await checkKeychain(cc, settings.baseUrl);
    const server = await checkServer(cc, settings.baseUrl, token, login);
    results.push(keychain, ...server);
    if (server.every((result) => result.ok)) {
      const channels = await checkChannels(cc);
      if (channels) results.push(channels);
    }
  } else {
    const shown = withoutPassword(settings.storePath);
    results.push(pass('mode', `local: ${shown} (profile ${settings.profileName})`));
    const health = await cc.backends.storeHealth();
    results.push(storeResult(shown, health));
    const text = textResult(shown, health);
    if (text) results.push(text);
    // A store with an account only: doctor creates none.
    if (health.state === 'current' && (await (await cc.backends.operator()).admin.isInitialised())) {
      const channels = await checkChannels(cc);
      if (channels) results.push(channels);
    }
  }
  print(cc, results, options);
  if (results.some((result) => !result.ok)) throw new CliError('', ExitCode.error);
}

function print(cc: CommandContext, results: CheckResult[], options: JsonOption): void {
  const { out } = cc;
  if (options.json) {
    out.json(results);
    return;
  }
  for (const result of results) {
    const mark = out.isTerminal
      ? result.ok
        ? out.style.green('✓')
        : out.style.red('✗')
      : result.ok
        ? 'ok'
        : 'problem';
    out.line(`${mark} ${result.check}: ${result.detail}`);
    if (result.fix) out.line(`  fix: ${result.fix}`);
  }
}
