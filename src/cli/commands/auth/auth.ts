/** `pulse auth login|status|logout|token`: the personal access token of the current profile and host. */
import { ServiceError } from '../../../core/errors.js';
import type { Person } from '../../../core/types.js';
import type { CommandContext } from '../../command-context.js';
import { accountFor, readSecret, type SecretSource, Secrets, TOKEN } from '../../credentials.js';
import { CliError, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';

export interface LoginOptions {
  withToken?: boolean;
  insecureStorage?: boolean;
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
  const baseUrl = baseUrlOf(cc);
  const token = await readSecret(cc, TOKEN, Boolean(options.withToken));

  let me: Person;
  try {
    me = await (await cc.services.remoteService(baseUrl, token)).me();
  } catch (error) {
    if (error instanceof ServiceError && error.status === 401) {
      throw new CliError(
        `${new URL(baseUrl).host} did not accept this token; nothing was kept`,
        ExitCode.auth,
      );
    }
    throw error;
  }
  const tokens = new Secrets(cc.ctx.env, TOKEN);
  const where = await tokens.keep(accountFor(cc.settings.profileName, baseUrl), token, options);
  cc.out.note(
    `Logged in to ${new URL(baseUrl).host} as ${me.name} <${me.email}>; the token is kept ${where}.`,
  );
  if (tokens.overridden) cc.out.note('Note: PULSE_TOKEN is set and overrides the kept token.');
}

export interface StatusReport {
  profile: string;
  host: string | null;
  base_url: string | null;
  token_source: SecretSource | null;
  accepted: boolean | null;
  person: { id: string; name: string; email: string } | null;
  error: string | null;
}

/** Who you are where; exit 0 when the server accepts the token, 4 when there is none or it is refused. */
export async function status(cc: CommandContext, options: { json?: boolean }): Promise<void> {
  const baseUrl = cc.settings.baseUrl;
  const report: StatusReport = {
    profile: cc.settings.profileName,
    host: baseUrl ? new URL(baseUrl).host : null,
    base_url: baseUrl ?? null,
    token_source: null,
    accepted: null,
    person: null,
    error: null,
  };
  let exitCode: number = ExitCode.ok;
  if (!baseUrl) {
    report.error = 'no base_url: local mode';
  } else {
    const found = await new Secrets(cc.ctx.env, TOKEN).find(accountFor(cc.settings.profileName, baseUrl));
    report.token_source = found?.source ?? null;
    if (!found) {
      report.error = 'not logged in';
      exitCode = ExitCode.auth;
    } else {
      try {
        const me = await (await cc.services.remoteService(baseUrl, found.value)).me();
        report.accepted = true;
        report.person = { id: me.id, name: me.name, email: me.email };
      } catch (error) {
        report.accepted = error instanceof ServiceError && error.status === 401 ? false : null;
        report.error = (error as Error).message;
        exitCode = report.accepted === false ? ExitCode.auth : ExitCode.network;
      }
    }
  }
  if (options.json) cc.out.json(report);
  else {
    const { out } = cc;
    out.line(`profile: ${report.profile}`);
    out.line(`host: ${report.host ?? 'none (local mode)'}`);
    if (baseUrl) out.line(`token: ${report.token_source ?? 'none'}`);
    if (report.person)
      out.line(`logged in as: ${report.person.name} <${report.person.email}> (token accepted)`);
    if (report.error) out.line(`problem: ${report.error}`);
  }
  if (exitCode !== ExitCode.ok) throw new CliError('', exitCode);
}

export async function logout(cc: CommandContext): Promise<void> {
  const baseUrl = baseUrlOf(cc);
  const removed = await new Secrets(cc.ctx.env, TOKEN).forget(accountFor(cc.settings.profileName, baseUrl));
  cc.out.note(
    removed ? `Logged out of ${new URL(baseUrl).host}.` : `No token was kept for ${new URL(baseUrl).host}.`,
  );
  if (cc.ctx.env.PULSE_TOKEN) cc.out.note('PULSE_TOKEN is still set in the environment.');
}

/** Prints the token for scripts. */
export async function token(cc: CommandContext): Promise<void> {
  const baseUrl = baseUrlOf(cc);
  const found = await new Secrets(cc.ctx.env, TOKEN).find(accountFor(cc.settings.profileName, baseUrl));
  if (!found) throw new CliError(`not logged in to ${new URL(baseUrl).host}`, ExitCode.auth);
  cc.out.line(found.value);
}
