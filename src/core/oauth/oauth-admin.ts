/** The operator's side of OAuth (`pulse admin login-code`, `pulse admin oauth-client ...`). */
import type { Clock } from '../clock.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { newId } from '../ids.js';
import type { Repository } from '../repository.js';
import { longerThan, refuseBadText } from '../text.js';
import { timestamp, wireTime } from '../time.js';
import { hashToken, newTokenSecret } from '../tokens.js';
import { LOGIN_CODE_TTL_SECONDS, newLoginCode, normaliseLoginCode } from './login-codes.js';
import { pruneOAuth } from './oauth-cleanup.js';
import { redirectUriProblem } from './redirect-uris.js';
import type { OAuthClientRow, OAuthPruneCounts } from './repository.js';

/** The built-in public client of `pulse auth login --web` (made by migration 013). */
export const PULSE_CLI_CLIENT_ID = 'pulse-cli';
export const CLIENT_SECRET_PREFIX = 'service_ocs_';

export interface NewClient {
  name: string;
  redirectUris: string[];
  confidential?: boolean;
}

/** A client as listed: never its secret. */
export interface ClientInfo {
  client_id: string;
  name: string;
  confidential: boolean;
  redirect_uris: string[];
  created_at: string;
}

const info = (row: OAuthClientRow): ClientInfo => ({
  client_id: row.id,
  name: row.name,
  confidential: row.secret_hash !== null,
  redirect_uris: row.redirect_uris,
  created_at: wireTime(row.created_at),
});

export class OAuthAdmin {
  constructor(
    private readonly repo: Repository,
    private readonly clock: Clock,
  ) {}

  /** A sign-in code for a person, shown once; only its hash is kept. */
  async createLoginCode(emailOrId: string): Promise<{ code: string; person: string; expires_at: string }> {
    const person =
      (await this.repo.findPersonByEmail(emailOrId.trim())) ?? (await this.repo.findPerson(emailOrId));
    if (!person) throw new NotFoundError(`no person ${emailOrId}`);
    const code = await newLoginCode();
    const now = this.clock.now();
    const expiresAt = timestamp(new Date(now.getTime() + LOGIN_CODE_TTL_SECONDS * 1000));
    await this.repo.insertLoginCode({
      id: await newId(),
      person_id: person.id,
      hash: await hashToken(normaliseLoginCode(code) as string),
      created_at: timestamp(now),
      expires_at: expiresAt,
      used_at: null,
    });
    return { code, person: person.email, expires_at: wireTime(expiresAt) };
  }

  /** Registers a client; a confidential one gets a secret, returned once. */
  async addClient(options: NewClient): Promise<{ client: ClientInfo; client_secret?: string }> {
    refuseBadText({ name: options.name, redirect_uris: options.redirectUris });
    const name = options.name.trim();
    const problems: string[] = [];
    if (name === '' || longerThan(name, 100)) problems.push('the name must be 1 to 100 characters');
    if (options.redirectUris.length === 0) problems.push('give at least one redirect URI');
    for (const uri of options.redirectUris) {
      const problem = redirectUriProblem(uri);
      if (problem) problems.push(problem);
    }
    if (problems.length > 0) throw new ValidationError(problems);
    const secret = options.confidential ? await newTokenSecret(CLIENT_SECRET_PREFIX) : undefined;
    const row: OAuthClientRow = {
      id: await newId(),
      name,
      secret_hash: secret === undefined ? null : await hashToken(secret),
      redirect_uris: [...new Set(options.redirectUris)],
      created_at: timestamp(this.clock.now()),
    };
    await this.repo.insertOAuthClient(row);
    return { client: info(row), ...(secret !== undefined ? { client_secret: secret } : {}) };
  }

  async listClients(): Promise<ClientInfo[]> {
    return (await this.repo.listOAuthClients()).map(info);
  }

  /** Removes a client and revokes every token issued to it. */
  async removeClient(clientId: string): Promise<void> {
    if (clientId === PULSE_CLI_CLIENT_ID)
      throw new ValidationError([`${PULSE_CLI_CLIENT_ID} is built in: pulse auth login --web needs it`]);
    if (!(await this.repo.deleteOAuthClient(clientId, timestamp(this.clock.now()))))
      throw new NotFoundError(`no OAuth client ${clientId}`);
  }

  /** Deletes spent OAuth rows (`pulse admin token prune`, and `pulse serve` on a timer). */
  prune(): Promise<OAuthPruneCounts> {
    return pruneOAuth(this.repo, this.clock);
  }
}
