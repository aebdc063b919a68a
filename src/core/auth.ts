/**
 * Authentication of bearer tokens. The rules live here so the server and any other front end reject the
 * same tokens for the same reasons; the server turns the error into a 401 with WWW-Authenticate.
 */
import type { Clock } from './clock.js';
import { UnauthenticatedError } from './errors.js';
import type { Repository } from './repository.js';
import { timestamp } from './time.js';
import { OAT_PREFIX, PAT_PREFIX, type Principal, sameDigest, tokenHasher } from './tokens.js';

/** A 401 that says why, in the terms of RFC 6750 (sent in WWW-Authenticate). */
export class InvalidTokenError extends UnauthenticatedError {
  readonly oauthError = 'invalid_token';
  constructor(readonly description: string) {
    super(description);
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
// Personal access tokens and OAuth access tokens: a known prefix and base64url characters.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,256}$/;

interface KnownToken {
  version: string;
  principal: Principal;
  expiresAt: string | null;
}

/** The Authorization header last authenticated on a connection, and its token's hash. */
interface LastOnConnection {
  header: Buffer;
  hash: string;
}

export class Authenticator {
  // Tokens already checked, valid while the stored data is unchanged (a revocation or a deleted person
  // changes it); expiry depends on the clock and is checked on every request.
  private readonly known = new Map<string, KnownToken>();
  // A client sends the same header on every request of a keep-alive connection, and hashing it was a
  // tenth of the CPU of a cached answer: each connection keeps its last header's hash for as long as it
  // lives (a WeakMap: gone with the connection). The header is compared in constant time.
  private readonly lastOnConnection = new WeakMap<object, LastOnConnection>();
  // node:crypto's, loaded with the first token (this module loads with every command).
  private hash?: (token: string) => string;
  private equal?: (a: Buffer, b: Buffer) => boolean;

  constructor(
    private readonly repo: Repository,
    private readonly clock: Clock,
  ) {}

  /**
   * The principal of an Authorization header value, or an UnauthenticatedError saying why not. `version` is
   * the store's data version if the caller has read it already (the server, once per request);
   * `connection`, an object that lives as long as the client's connection (the server's socket).
   */
  async authenticate(header: string | undefined, version?: string, connection?: object): Promise<Principal> {
    if (header === undefined || header.trim() === '') throw new UnauthenticatedError('no access token');
    const last = connection && this.lastOnConnection.get(connection);
    if (last && this.equal) {
      const sent = Buffer.from(header);
      if (sent.length === last.header.length && this.equal(sent, last.header))
        return this.principalOf(last.hash, version);
    }
    const token = BEARER.exec(header)?.[1];
    if (!token) throw new InvalidTokenError('the Authorization header is not a Bearer token');
    const hash = await this.checkedHash(token);
    const principal = await this.principalOf(hash, version);
    if (connection) this.lastOnConnection.set(connection, { header: Buffer.from(header), hash });
    return principal;
  }

  async authenticateToken(token: string, version?: string): Promise<Principal> {
    return this.principalOf(await this.checkedHash(token), version);
  }

  /** The hash of a token of the right shape; a malformed one is refused before any lookup. */
  private async checkedHash(token: string): Promise<string> {
    if (!TOKEN_SHAPE.test(token) || !(token.startsWith(PAT_PREFIX) || token.startsWith(OAT_PREFIX))) {
      throw new InvalidTokenError('the access token is malformed');
    }
    if (!this.hash) {
      this.equal = (await import('node:crypto')).timingSafeEqual;
      this.hash = await tokenHasher();
    }
    return this.hash(token);
  }

  private async principalOf(hash: string, version = this.repo.dataVersion()): Promise<Principal> {
    // Only a token that expires needs the time (most never do, and this runs on every request).
    const now = () => timestamp(this.clock.now());
    const known = this.known.get(hash);
    if (known && known.version === version) {
      if (known.expiresAt !== null && known.expiresAt <= now())
        throw new InvalidTokenError('the access token expired');
      return known.principal;
    }
    const row = await this.repo.findTokenByHash(hash);
    // A refresh token is only ever spent at the token endpoint (its prefix is refused above; this is the rule).
    if (!row || row.kind === 'oauth-refresh' || !(await sameDigest(row.hash, hash)))
      throw new InvalidTokenError('the access token is not known');
    if (row.revoked_at !== null) throw new InvalidTokenError('the access token was revoked');
    if (row.expires_at !== null && row.expires_at <= now())
      throw new InvalidTokenError('the access token expired');
    if (!(await this.repo.findPerson(row.person_id))) {
      throw new InvalidTokenError("the token's person no longer exists");
    }
    const principal: Principal = {
      personId: row.person_id,
      scope: row.scope,
      tokenId: row.id,
      ...(row.grant_id ? { grantId: row.grant_id } : {}),
    };
    if (this.known.size >= 10_000) this.known.clear();
    this.known.set(hash, { version, principal, expiresAt: row.expires_at });
    return principal;
  }
}
