/**
 * `pulse admin token create|list|revoke|prune`: personal access tokens of a local store, and the OAuth
 * sign-ins of `pulse serve` (one per grant), which list, revoke and prune beside them.
 */
import type { TokenListKind } from '../../../core/admin.js';
import { PAT_PREFIX, parseDuration } from '../../../core/tokens.js';
import type { CommandContext, JsonOption } from '../../command-context.js';
import { UsageError } from '../../errors.js';
import { readStdin } from '../../input.js';

export interface CreateOptions {
  person: string;
  scope?: string;
  expiresIn?: string;
  name?: string;
}

/** Prints the new token alone on stdout: it is shown once and only its hash is kept. */
export async function create(cc: CommandContext, options: CreateOptions): Promise<void> {
  let expiresIn: number | undefined;
  if (options.expiresIn !== undefined) {
    expiresIn = parseDuration(options.expiresIn);
    if (expiresIn === undefined) {
      throw new UsageError(
        `--expires-in must be a number with s, m, h or d (e.g. 90s, 30d): ${options.expiresIn}`,
      );
    }
  }
  const { admin } = await cc.backends.operator();
  const { token } = await admin.createToken({
    person: options.person,
    scope: options.scope,
    expiresIn,
    name: options.name,
  });
  cc.out.line(token);
  if (cc.out.isTerminal) cc.out.note('Copy it now: it will not be shown again.');
}

export interface ListOptions {
  json?: boolean;
  kind?: TokenListKind;
}

export async function list(cc: CommandContext, options: ListOptions): Promise<void> {
  const tokens = await (await cc.backends.operator()).admin.listTokens(options.kind);
  if (options.json) return cc.out.json(tokens);
  const now = cc.ctx.clock.now().toISOString();
  const state = (t: (typeof tokens)[number]) =>
    t.revoked_at ? 'revoked' : t.expires_at && t.expires_at <= now ? 'expired' : 'active';
  // A PAT's label or the client an OAuth sign-in went through: the one name an operator knows it by.
  const label = (t: (typeof tokens)[number]) =>
    t.client ? `${t.client.name ?? '(removed client)'} (${t.client.client_id})` : (t.name ?? '');
  await cc.out.table(tokens, [
    { header: 'ID', cell: (t) => t.id },
    { header: 'KIND', cell: (t) => t.kind },
    { header: 'PERSON', cell: (t) => t.person.email },
    { header: 'NAME OR CLIENT', cell: label },
    { header: 'SCOPE', cell: (t) => t.scope },
    { header: 'STATE', cell: state },
    { header: 'EXPIRES', cell: (t) => (t.expires_at ? cc.out.time(t.expires_at) : 'never') },
    { header: 'CREATED', cell: (t) => cc.out.time(t.created_at) },
  ]);
}

/**
 * Revokes a token named by its id, or by the token itself read from stdin ("-"): a secret on the command
 * line would show in `ps` and the shell's history.
 */
export async function revoke(cc: CommandContext, idOrDash: string): Promise<void> {
  if (idOrDash.startsWith(PAT_PREFIX))
    throw new UsageError(
      'a token on the command line shows in ps and the shell history: give its id (pulse admin token list), or the token on stdin with -',
    );
  const tokenOrId = idOrDash === '-' ? (await readStdin(cc)).trim() : idOrDash;
  if (tokenOrId === '') throw new UsageError('no token on stdin');
  const revoked = await (await cc.backends.operator()).admin.revokeToken(tokenOrId);
  cc.out.note(revoked ? 'Revoked.' : 'That token was already revoked.');
}

/** Deletes spent OAuth rows now (pulse serve also does it hourly); prints what went, table by table. */
export async function prune(cc: CommandContext, options: JsonOption): Promise<void> {
  const counts = await (await cc.backends.operator()).oauthAdmin.prune();
  if (options.json) return cc.out.json(counts);
  cc.out.line(
    `Deleted ${counts.tokens} OAuth tokens, ${counts.authorization_codes} authorization codes, ` +
      `${counts.pending_authorizations} pending authorizations and ${counts.login_codes} sign-in codes.`,
  );
}
