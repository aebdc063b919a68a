/**
 * `pulse auth login|status|logout|token`: the personal access token of the current profile and host, and
 * the team API key of the v1 interface (login --team-id), kept next to it.
 */
import { ServiceError } from '../../../core/errors.js';
import { isUuid } from '../../../core/ids.js';
import type { Person } from '../../../core/types.js';
import type { TokenProvider } from '../../../remote/http-client.js';
import type { CommandContext, JsonOption } from '../../command-context.js';
import { ConfigStore } from '../../config-store.js';
import {
  accountFor,
  findTeamCredentials,
  OAUTH_TOKENS,
  oauthAccountFor,
  readSecret,
  type SecretSource,
  Secrets,
  TEAM_KEY,
  TOKEN,
  teamAccountFor,
} from '../../credentials.js';
import { CliError, exitCodeFor, messageFor, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';

export interface LoginOptions {
  withToken?: boolean;
  teamId?: string;
  insecureStorage?: boolean;
  /** --web: sign in with OAuth in the browser (login-web.ts) instead of keeping a token. */
  web?: boolean;
  scopes?: string;
  clientId?: string;
  browser?: boolean;
  timeout?: string;
}

/** The options that only mean something with --web, and the ones that mean nothing with it. */
function checkWebOptions(options: LoginOptions): void {
  if (options.web) {
    const clash = options.withToken ? '--with-token' : options.teamId !== undefined ? '--team-id' : undefined;
    if (clash) throw new UsageError(`--web signs in through the browser: it takes no ${clash}`);
    return;
  }
  const webOnly = [
    options.scopes !== undefined && '--scopes',
    options.clientId !== undefined && '--client-id',
    options.browser === false && '--no-browser',
    options.timeout !== undefined && '--timeout',
  ].find(Boolean);
  if (webOnly) throw new UsageError(`${webOnly} goes with --web (pulse auth login --web ${webOnly} ...)`);
}

function baseUrlOf(cc: CommandContext): string {
  const { baseUrl } = cc.settings;
  if (!baseUrl) {
    throw new UsageError(
      `no deployment configured for profile ${cc.settings.profileName}: pulse config set base_url https://... (or PULSE_BASE_URL)`,
    );
  }
  return baseUrl;
}

export async function login(cc: CommandContext, options: LoginOptions): Promise<void> {
  checkWebOptions(options);
  const baseUrl = baseUrlOf(cc);
  if (options.web) return (await import('./login-web.js')).loginWeb(cc, baseUrl, options);
  if (options.teamId !== undefined) return loginTeam(cc, baseUrl, options.teamId, options);
  const tokens = new Secrets(cc.ctx.env, TOKEN);
  const account = accountFor(cc.settings.profileName, baseUrl);
  // Before the token is asked for: one pasted in vain would have to be created again.
  await tokens.checkKeepable(account, options);
  const token = await readSecret(cc, TOKEN, Boolean(options.withToken));

  let me: Person;
  try {
    me = await (await cc.backends.deployment.service(baseUrl, token)).me();
  } catch (error) {
    if (error instanceof ServiceError && error.status === 401) {
      throw new CliError(
        `${new URL(baseUrl).host} did not accept this token; nothing was kept`,
        ExitCode.auth,
      );
    }
    throw error;
  }
  const where = await tokens.keep(account, token, options);
  // One sign-in per profile and host: OAuth tokens kept before are forgotten.
  const forgotOAuth = await new Secrets(cc.ctx.env, OAUTH_TOKENS).forget(
    oauthAccountFor(cc.settings.profileName, baseUrl),
  );
  cc.out.note(
    `Logged in to ${new URL(baseUrl).host} as ${me.name} <${me.email}>; the token is kept ${where}.`,
  );
  if (forgotOAuth) cc.out.note('The OAuth sign-in kept before for this host was forgotten.');
  if (tokens.overridden) cc.out.note('Note: PULSE_TOKEN is set and overrides the kept token.');
}

/**
 * Keeps a team's v1 API key (keychain, or the 0600 file) and its id (the profile's team_id), after the
 * server accepted the pair; a refused pair keeps nothing.
 */
async function loginTeam(
  cc: CommandContext,
  baseUrl: string,
  teamIdOption: string,
  options: LoginOptions,
): Promise<void> {
  const teamId = teamIdOption.trim().toLowerCase();
  if (!isUuid(teamId)) {
    throw new UsageError(
      `--team-id must be a team id, as pulse admin team api-key prints it: ${teamIdOption}`,
    );
  }
  const keys = new Secrets(cc.ctx.env, TEAM_KEY);
  const account = teamAccountFor(cc.settings.profileName, baseUrl);
  await keys.checkKeepable(account, options);
  const apiKey = await readSecret(cc, TEAM_KEY, Boolean(options.withToken));
  const host = new URL(baseUrl).host;
  try {
    await (await cc.backends.deployment.teamService(baseUrl, teamId, apiKey)).listMembers();
  } catch (error) {
    if (error instanceof ServiceError && error.status === 401) {
      throw new CliError(`${host} did not accept this team id and API key; nothing was kept`, ExitCode.auth);
    }
    throw error;
  }
  const where = await keys.keep(account, apiKey, options);
  (await ConfigStore.open(cc.ctx.env)).set(cc.settings.profileName, 'team_id', teamId);
  cc.out.note(`Logged in to ${host} for team ${teamId}; the team API key is kept ${where}.`);
  if (cc.ctx.env.PULSE_TEAM_ID || cc.ctx.env.PULSE_API_KEY) {
    cc.out.note('Note: PULSE_TEAM_ID and PULSE_API_KEY are set and override the kept team key.');
  }
}

/** The v1 team key of a status report. */
export interface TeamKeyStatus {
  team_id: string | null;
  source: SecretSource | null;
  accepted: boolean | null;
  error: string | null;
}

/** An OAuth sign-in of a status report: the access token's scope and expiry (after any refresh). */
export interface OAuthStatus {
  scope: string;
  expires_at: string;
  client_id: string;
  auth_url: string;
}

export interface StatusReport {
  profile: string;
  host: string | null;
  base_url: string | null;
  /** "token" (a personal access token, kept or PULSE_TOKEN) or "oauth" (pulse auth login --web). */
  sign_in: 'token' | 'oauth' | null;
  token_source: SecretSource | null;
  /** The OAuth sign-in; null with a token. */
  oauth: OAuthStatus | null;
  accepted: boolean | null;
  person: { id: string; name: string; email: string } | null;
  error: string | null;
  /** The v1 team key; null in local mode. */
  team: TeamKeyStatus | null;
}

type Check = 'none' | 'accepted' | 'refused' | 'failed' | 'usage';

/** Checks the kept team key against the server, for status. */
async function teamKeyStatus(cc: CommandContext, baseUrl: string): Promise<[TeamKeyStatus, Check]> {
  const team: TeamKeyStatus = { team_id: null, source: null, accepted: null, error: null };
  let credentials: Awaited<ReturnType<typeof findTeamCredentials>>;
  try {
    credentials = await findTeamCredentials(cc.ctx.env, cc.settings);
  } catch (error) {
    team.error = messageFor(error);
    return [team, exitCodeFor(error) === ExitCode.usage ? 'usage' : 'failed'];
  }
  if (!credentials) {
    team.team_id = cc.settings.profile.team_id ?? null;
    team.error = 'no team API key (pulse auth login --team-id ID)';
    return [team, 'none'];
  }
  team.team_id = credentials.teamId;
  team.source = credentials.source;
  try {
    await (
      await cc.backends.deployment.teamService(baseUrl, credentials.teamId, credentials.apiKey)
    ).listMembers();
    team.accepted = true;
    return [team, 'accepted'];
  } catch (error) {
    const refused = error instanceof ServiceError && error.status === 401;
    team.accepted = refused ? false : null;
    team.error = messageFor(error);
    return [team, refused ? 'refused' : 'failed'];
  }
}

/** A refused credential wins, then a failed check, then a bad environment; none at all is exit 4. */
function statusExitCode(token: Check, team: Check): number {
  const both = [token, team];
  if (both.includes('refused')) return ExitCode.auth;
  if (both.includes('failed')) return ExitCode.network;
  if (team === 'usage') return ExitCode.usage;
  if (token === 'none' && team === 'none') return ExitCode.auth;
  return ExitCode.ok;
}

/**
 * Who you are where, and the team key: exit 0 when every credential present is accepted, 4 when there is
 * none or one is refused.
 */
export async function status(cc: CommandContext, options: JsonOption): Promise<void> {
  const baseUrl = cc.settings.baseUrl;
  const report: StatusReport = {
    profile: cc.settings.profileName,
    host: baseUrl ? new URL(baseUrl).host : null,
    base_url: baseUrl ?? null,
    sign_in: null,
    token_source: null,
    oauth: null,
    accepted: null,
    person: null,
    error: null,
    team: null,
  };
  let exitCode: number = ExitCode.ok;
  if (!baseUrl) {
    report.error = 'no base_url: local mode';
  } else {
    let token: Check = 'none';
    const found = await new Secrets(cc.ctx.env, TOKEN).find(accountFor(cc.settings.profileName, baseUrl));
    const oauth = found ? undefined : await cc.backends.deployment.oauthTokens(baseUrl);
    report.sign_in = found ? 'token' : oauth ? 'oauth' : null;
    report.token_source = found?.source ?? oauth?.source ?? null;
    if (!found && !oauth) {
      report.error = 'not logged in';
    } else {
      try {
        const me = await (
          await cc.backends.deployment.service(baseUrl, found?.value ?? (oauth as TokenProvider))
        ).me();
        report.accepted = true;
        report.person = { id: me.id, name: me.name, email: me.email };
        token = 'accepted';
      } catch (error) {
        report.accepted = error instanceof ServiceError && error.status === 401 ? false : null;
        report.error = (error as Error).message;
        token = report.accepted === false ? 'refused' : 'failed';
      }
      if (oauth) {
        const { scope, expires_at, client_id, auth_url } = oauth.tokens;
        report.oauth = { scope, expires_at, client_id, auth_url };
      }
    }
    const [team, teamCheck] = await teamKeyStatus(cc, baseUrl);
    report.team = team;
    exitCode = statusExitCode(token, teamCheck);
  }
  if (options.json) cc.out.json(report);
  else {
    const { out } = cc;
    out.line(`profile: ${report.profile}`);
    out.line(`host: ${report.host ?? 'none (local mode)'}`);
    if (report.oauth) {
      out.line(`sign-in: OAuth, scope ${report.oauth.scope} (tokens from ${report.token_source})`);
      out.line(`access token expires: ${expiryLine(report.oauth.expires_at, cc.ctx.clock.now())}`);
    } else if (baseUrl) out.line(`token: ${report.token_source ?? 'none'}`);
    if (report.person)
      out.line(`logged in as: ${report.person.name} <${report.person.email}> (token accepted)`);
    if (report.error) out.line(`problem: ${report.error}`);
    if (report.team) out.line(`team: ${teamLine(report.team)}`);
  }
  if (exitCode !== ExitCode.ok) throw new CliError('', exitCode);
}

/** "in 59 minutes (2026-11-23T11:00:00.000Z)": relative for a glance, exact for a record. */
export function expiryLine(expiresAt: string, now: Date): string {
  const ms = Date.parse(expiresAt) - now.getTime();
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const span =
    minutes < 1
      ? 'less than a minute'
      : minutes < 120
        ? `${minutes} minute${minutes === 1 ? '' : 's'}`
        : `${Math.round(minutes / 60)} hours`;
  const relative = ms >= 0 ? `in ${span}` : `${span} ago (refreshed on the next command)`;
  return `${relative} (${expiresAt})`;
}

function teamLine(team: TeamKeyStatus): string {
  if (team.source === null) return team.error ?? 'none';
  const verdict =
    team.accepted === true ? 'accepted' : team.accepted === false ? 'refused' : `not checked: ${team.error}`;
  return `${team.team_id} (key from ${team.source}, ${verdict})`;
}

/** Forgets the token and the team API key (and the profile's team_id), saying which were kept. */
export async function logout(cc: CommandContext): Promise<void> {
  const baseUrl = baseUrlOf(cc);
  const host = new URL(baseUrl).host;
  const { profileName } = cc.settings;
  const tokenRemoved = await new Secrets(cc.ctx.env, TOKEN).forget(accountFor(profileName, baseUrl));
  const oauthRemoved = await new Secrets(cc.ctx.env, OAUTH_TOKENS).forget(
    oauthAccountFor(profileName, baseUrl),
  );
  const keyRemoved = await new Secrets(cc.ctx.env, TEAM_KEY).forget(teamAccountFor(profileName, baseUrl));
  const teamId = cc.settings.profile.team_id;
  if (teamId !== undefined) {
    (await ConfigStore.open(cc.ctx.env)).unset(profileName, 'team_id');
  }
  const forgotten = [
    tokenRemoved ? 'the token' : undefined,
    oauthRemoved ? 'the OAuth tokens' : undefined,
    keyRemoved ? `the API key of team ${teamId ?? '(unknown)'}` : undefined,
  ].filter(Boolean);
  cc.out.note(
    forgotten.length > 0
      ? `Logged out of ${host}: forgot ${forgotten.join(' and ')}.`
      : `No token, OAuth sign-in or team API key was kept for ${host}.`,
  );
  const still = ['PULSE_TOKEN', 'PULSE_TEAM_ID', 'PULSE_API_KEY'].filter((name) => cc.ctx.env[name]);
  if (still.length > 0) {
    cc.out.note(`${still.join(', ')} ${still.length === 1 ? 'is' : 'are'} still set in the environment.`);
  }
}

/** Prints the token for scripts: the personal access token, or the OAuth access token (refreshed first when due). */
export async function token(cc: CommandContext): Promise<void> {
  const baseUrl = baseUrlOf(cc);
  const found = await new Secrets(cc.ctx.env, TOKEN).find(accountFor(cc.settings.profileName, baseUrl));
  if (found) return cc.out.line(found.value);
  const oauth = await cc.backends.deployment.oauthTokens(baseUrl);
  if (!oauth) throw new CliError(`not logged in to ${new URL(baseUrl).host}`, ExitCode.auth);
  cc.out.line(await oauth.current());
}
