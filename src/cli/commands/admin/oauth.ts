/**
 * `pulse admin login-code` and `pulse admin oauth-client add|list|remove`: the operator's side of the
 * OAuth authorization server of `pulse serve`. Secrets (a sign-in code, a client secret) are printed once,
 * on stdout only; the store keeps their hashes.
 */
import type { CommandContext, JsonOption } from '../../command-context.js';

export interface LoginCodeOptions {
  person: string;
  json?: boolean;
}

/** Prints the sign-in code alone on stdout (or the JSON object); how long it lasts goes to stderr. */
export async function loginCode(cc: CommandContext, options: LoginCodeOptions): Promise<void> {
  const { oauthAdmin } = await cc.backends.operator();
  const made = await oauthAdmin.createLoginCode(options.person);
  if (options.json) return cc.out.json(made);
  cc.out.line(made.code);
  cc.out.note(
    `For ${made.person}: works once, until ${made.expires_at}, on the sign-in page of pulse serve.`,
  );
}

export interface AddClientOptions {
  name: string;
  redirectUri: string[];
  confidential?: boolean;
  json?: boolean;
}

/** Prints the client_id (and, for a confidential client, the secret on the next line). */
export async function addClient(cc: CommandContext, options: AddClientOptions): Promise<void> {
  const { oauthAdmin } = await cc.backends.operator();
  const { client, client_secret: secret } = await oauthAdmin.addClient({
    name: options.name,
    redirectUris: options.redirectUri,
    confidential: options.confidential === true,
  });
  if (options.json)
    return cc.out.json({ ...client, ...(secret !== undefined ? { client_secret: secret } : {}) });
  cc.out.line(client.client_id);
  if (secret !== undefined) {
    cc.out.line(secret);
    if (cc.out.isTerminal) cc.out.note('Copy the secret (second line) now: it will not be shown again.');
  }
}

export async function listClients(cc: CommandContext, options: JsonOption): Promise<void> {
  const clients = await (await cc.backends.operator()).oauthAdmin.listClients();
  if (options.json) return cc.out.json(clients);
  await cc.out.table(clients, [
    { header: 'CLIENT ID', cell: (c) => c.client_id },
    { header: 'NAME', cell: (c) => c.name },
    { header: 'TYPE', cell: (c) => (c.confidential ? 'confidential' : 'public') },
    { header: 'REDIRECT URIS', cell: (c) => c.redirect_uris.join(' ') },
    { header: 'CREATED', cell: (c) => cc.out.time(c.created_at), plain: (c) => c.created_at },
  ]);
}

export async function removeClient(cc: CommandContext, clientId: string): Promise<void> {
  await (await cc.backends.operator()).oauthAdmin.removeClient(clientId);
  cc.out.note('Removed; its tokens are revoked.');
}
