/**
 * `pulse auth login --web`: the OAuth 2.0 authorization code flow with PKCE against the profile's
 * auth_url (default base_url). The browser comes back to a one-shot listener on 127.0.0.1; the tokens
 * are kept as one JSON value in the keychain (or the 0600 file) and refreshed by later commands.
 */
import { ServiceError } from '../../../core/errors.js';
import type { Person } from '../../../core/types.js';
import type { CommandContext } from '../../command-context.js';
import { accountFor, Secrets, TOKEN } from '../../credentials.js';
import { CancelledError, CliError, exitCodeFor, messageFor, UsageError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';
import { openBrowser } from '../../oauth/browser.js';
import { listenForCallback } from '../../oauth/callback-listener.js';
import { OAuthTokenStore } from '../../oauth/token-store.js';
import { formatDuration, parseDuration } from '../status/flags.js';

/** The public client every deployment has (created by the server's migration). */
export const DEFAULT_CLIENT_ID = 'pulse-cli';

const DEFAULT_TIMEOUT = '5m';

export interface WebLoginOptions {
  scopes?: string;
  clientId?: string;
  /** false with --no-browser: only print the URL. */
  browser?: boolean;
  insecureStorage?: boolean;
  timeout?: string;
}

/** --scopes: read or write (write includes read; "read write" is accepted as the server spells it). */
export function parseScope(value: string | undefined): 'read' | 'write' {
  const words = new Set((value ?? 'read').split(/[\s,]+/).filter(Boolean));
  if (words.size > 0 && [...words].every((word) => word === 'read' || word === 'write')) {
    return words.has('write') ? 'write' : 'read';
  }
  throw new UsageError(`--scopes takes read or write: ${value}`);
}

/** The authorization server of a profile: its auth_url, else its base_url. */
export function authUrlOf(cc: CommandContext, baseUrl: string): string {
  return (cc.settings.profile.auth_url ?? baseUrl).replace(/\/+$/, '');
}

class LoginTimeout extends CliError {
  constructor(timeoutMs: number) {
    super(
      `no sign-in came back within ${formatDuration(timeoutMs)}; nothing was kept (run pulse auth login --web again)`,
      ExitCode.auth,
    );
  }
}

/**
 * Prints the address, opens the browser and waits for its redirect, the timeout or Ctrl-C; the listener
 * is closed however it ends. Then checks the redirect and redeems the code.
 */
export async function loginWeb(cc: CommandContext, baseUrl: string, options: WebLoginOptions): Promise<void> {
  const scope = parseScope(options.scopes);
  const timeoutMs = parseDuration(options.timeout ?? DEFAULT_TIMEOUT, '--timeout', 1000);
  const clientId = options.clientId?.trim() || DEFAULT_CLIENT_ID;
  const authUrl = authUrlOf(cc, baseUrl);
  const host = new URL(baseUrl).host;
  const store = new OAuthTokenStore(cc.ctx.env, cc.settings.profileName, baseUrl);
  // Before the browser: a sign-in whose tokens cannot be kept would leave a grant on the server for nothing.
  await store.checkKeepable(options);
  const { startAuthorization, revokeTokens } = await import('../../../remote/oauth.js');

  const listener = await listenForCallback();
  const stop = new AbortController();
  const shutdown = cc.ctx.shutdownSignal();
  let callback: URLSearchParams;
  let pending: Awaited<ReturnType<typeof startAuthorization>>;
  const cancel = () => stop.abort(new CancelledError());
  try {
    pending = await startAuthorization({ authUrl, clientId }, listener.redirectUri, scope);
    // Always printed: on a machine without a browser the person opens it elsewhere.
    cc.out.note(`To sign in to ${host}, open this address in a browser:\n\n  ${pending.url}\n`);
    if (options.browser !== false && !(await openBrowser(pending.url, cc.ctx.env))) {
      cc.out.note('pulse could not start a browser here; open the address above yourself.');
    }
    cc.out.note(`Waiting up to ${formatDuration(timeoutMs)} for the sign-in (Ctrl-C to give up)...`);
    shutdown.addEventListener('abort', cancel, { once: true });
    void cc.ctx.sleep(timeoutMs, stop.signal).then(() => stop.abort(new LoginTimeout(timeoutMs)));
    callback = await listener.wait(stop.signal);
  } finally {
    shutdown.removeEventListener('abort', cancel);
    stop.abort();
    await listener.close();
  }

  const tokens = await pending.redeem(callback, () => cc.ctx.clock.now());
  let me: Person;
  try {
    me = await (await cc.backends.deployment.service(baseUrl, tokens.access_token)).me();
  } catch (error) {
    if (error instanceof ServiceError && error.status === 401) {
      throw new CliError(
        `${host} did not accept the access token it issued; nothing was kept`,
        ExitCode.auth,
      );
    }
    throw error;
  }
  let where: string;
  try {
    where = await store.save(tokens, options);
  } catch (error) {
    // The keychain failed after all (it went away during the sign-in): the grant goes too, or it would
    // stay active on the server with no one holding its tokens.
    const revoked = await revokeTokens(tokens).then(
      () => 'the sign-in was revoked',
      (failure: unknown) =>
        `revoking the sign-in failed too (${messageFor(failure)}): revoke it on the server`,
    );
    throw new CliError(`${messageFor(error)}\nThe tokens could not be kept; ${revoked}.`, exitCodeFor(error));
  }
  // One sign-in per profile and host: a personal access token kept before would otherwise win.
  const forgotToken = await new Secrets(cc.ctx.env, TOKEN).forget(
    accountFor(cc.settings.profileName, baseUrl),
  );
  cc.out.note(
    `Logged in to ${host} as ${me.name} <${me.email}> with OAuth (scope ${tokens.scope}); the tokens are kept ${where}.`,
  );
  if (forgotToken) cc.out.note('The personal access token kept before for this host was forgotten.');
  if (cc.ctx.env.PULSE_TOKEN) cc.out.note('Note: PULSE_TOKEN is set and overrides the OAuth sign-in.');
}
