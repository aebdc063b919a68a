/** `pulse admin token create|list|revoke`: personal access tokens of a local store. */
import { PAT_PREFIX, parseDuration } from '../../../core/tokens.js';
import type { CommandContext } from '../../command-context.js';
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
  const admin = await cc.services.admin();
  const { token } = await admin.createToken({
    person: options.person,
    scope: options.scope,
    expiresIn,
    name: options.name,
  });
  cc.out.line(token);
  if (cc.out.isTerminal) cc.out.note('Copy it now: it will not be shown again.');
}

export async function list(cc: CommandContext, options: { json?: boolean }): Promise<void> {
  const tokens = await (await cc.services.admin()).listTokens();
  if (options.json) return cc.out.json(tokens);
  const now = cc.ctx.clock.now().toISOString();
  const state = (t: (typeof tokens)[number]) =>
    t.revoked_at ? 'revoked' : t.expires_at && t.expires_at <= now ? 'expired' : 'active';
  await cc.out.table(tokens, [
    { header: 'ID', cell: (t) => t.id },
    { header: 'PERSON', cell: (t) => t.person.email },
    { header: 'NAME', cell: (t) => t.name ?? '' },
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
  const revoked = await (await cc.services.admin()).revokeToken(tokenOrId);
  cc.out.note(revoked ? 'Revoked.' : 'That token was already revoked.');
}
